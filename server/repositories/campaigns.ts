/**
 * Proactive ("ongoing") campaigns of an inbox: created and edited through the Application API,
 * shown by the widget when enabled. URLs and payloads use the per-account display id.
 */
import { sql, type Selectable } from 'kysely';
import { serialized, type Db } from '../db/database';
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
  return {
    ...row,
    enabled: fromFlag(row.enabled),
    trigger_rules: fromJson(row.trigger_rules, {}),
    trigger_only_during_business_hours: fromFlag(row.trigger_only_during_business_hours),
  };
}

/** The inbox's enabled campaigns, oldest first. */
export async function listEnabledCampaigns(db: Db, inboxId: number): Promise<Campaign[]> {
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('inbox_id', '=', inboxId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map(toCampaign);
}

/** Creates a campaign numbered after the account's last display id. */
export async function createCampaign(
  db: Db,
  values: {
    account_id: number;
    inbox_id: number;
    sender_id: number | null;
    title: string;
    message: string;
    description?: string | null;
    enabled?: boolean;
    trigger_only_during_business_hours?: boolean;
    trigger_rules: TriggerRules;
  },
): Promise<Campaign> {
  const now = Date.now();
  // Numbered in the insert, one writer per account at a time (see `serialized`).
  const row = await serialized(db, `display-id:campaigns:${values.account_id}`, (db) =>
    db
      .insertInto('campaigns')
      .values({
        account_id: values.account_id,
        inbox_id: values.inbox_id,
        sender_id: values.sender_id,
        title: values.title,
        message: values.message,
        description: values.description ?? null,
        enabled: toFlag(values.enabled ?? true),
        trigger_only_during_business_hours: toFlag(values.trigger_only_during_business_hours ?? false),
        trigger_rules: toJson(values.trigger_rules),
        display_id: sql<number>`(select coalesce(max(display_id), 0) + 1 from campaigns where account_id = ${values.account_id})`,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toCampaign(row);
}

/** The account's campaign with this display id. */
export async function findCampaign(db: Db, accountId: number, displayId: number): Promise<Campaign | undefined> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
  return row && toCampaign(row);
}

/** Every campaign of the account, newest first. */
export async function listCampaigns(db: Db, accountId: number): Promise<Campaign[]> {
  const rows = await db.selectFrom('campaigns').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
  return rows.map(toCampaign);
}

export type CampaignChanges = Partial<
  Pick<
    Campaign,
    'inbox_id' | 'sender_id' | 'title' | 'message' | 'description' | 'enabled' | 'trigger_only_during_business_hours' | 'trigger_rules'
  >
>;

/** Applies `changes` and returns the campaign. */
export async function updateCampaign(db: Db, id: number, changes: CampaignChanges): Promise<Campaign> {
  const { enabled, trigger_only_during_business_hours: businessHours, trigger_rules: rules, ...plain } = changes;
  const row = await db
    .updateTable('campaigns')
    .set({
      ...plain,
      ...(enabled !== undefined && { enabled: toFlag(enabled) }),
      ...(businessHours !== undefined && { trigger_only_during_business_hours: toFlag(businessHours) }),
      ...(rules !== undefined && { trigger_rules: toJson(rules) }),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCampaign(row);
}

/** Deletes a campaign (conversations it started keep their `campaign_id` as history). */
export async function deleteCampaign(db: Db, id: number): Promise<void> {
  await db.deleteFrom('campaigns').where('id', '=', id).execute();
}
