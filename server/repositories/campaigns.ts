/**
 * Proactive campaigns of an inbox (the widget shows enabled ones; created via the Application
 * API in a later step).
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CampaignsTable } from '../db/schema';
import { fromFlag, fromJson, toFlag, toJson } from './codec';

export interface TriggerRules {
  url?: string;
  time_on_page?: number;
}

export interface Campaign extends Omit<Selectable<CampaignsTable>, 'enabled' | 'trigger_only_during_business_hours' | 'trigger_rules'> {
  enabled: boolean;
  trigger_only_during_business_hours: boolean;
  trigger_rules: TriggerRules;
}

function toCampaign(row: Selectable<CampaignsTable>): Campaign {
  return { ...row, enabled: fromFlag(row.enabled), trigger_rules: fromJson(row.trigger_rules, {}),
    trigger_only_during_business_hours: fromFlag(row.trigger_only_during_business_hours) };
}

/** The inbox's enabled campaigns, oldest first. */
export async function listEnabledCampaigns(db: Db, inboxId: number): Promise<Campaign[]> {
  const rows = await db.selectFrom('campaigns').selectAll().where('inbox_id', '=', inboxId).where('enabled', '=', 1)
    .orderBy('id').execute();
  return rows.map(toCampaign);
}

/** Creates a campaign numbered after the account's last display id. */
export async function createCampaign(db: Db, values: {
  account_id: number; inbox_id: number; sender_id: number | null; title: string; message: string; description?: string | null;
  enabled?: boolean; trigger_only_during_business_hours?: boolean; trigger_rules: TriggerRules;
}): Promise<Campaign> {
  const now = Date.now();
  const row = await db.insertInto('campaigns').values({
    account_id: values.account_id, inbox_id: values.inbox_id, sender_id: values.sender_id, title: values.title,
    message: values.message, description: values.description ?? null, enabled: toFlag(values.enabled ?? true),
    trigger_only_during_business_hours: toFlag(values.trigger_only_during_business_hours ?? false),
    trigger_rules: toJson(values.trigger_rules),
    display_id: sql<number>`(select coalesce(max(display_id), 0) + 1 from campaigns where account_id = ${values.account_id})`,
    created_at: now, updated_at: now,
  }).returningAll().executeTakeFirstOrThrow();
  return toCampaign(row);
}
