/**
 * Accounts and their web-widget inboxes (Chatwoot keeps the channel in its own table; the
 * reference server folds the web-widget channel columns into `inboxes`).
 */
import type { Insertable, Selectable } from 'kysely';
import type { AwayMode } from '../../src/shared/awayMode';
import type { FeatureFlag, PreChatField, ReplyTime, WorkingHoursEntry } from '../../src/shared/types';
import type { StoredFileRules } from '../uploads/fileTypes';
import type { Db } from '../db/database';
import type { AccountsTable, InboxesTable } from '../db/schema';
import { fromFlag, fromJson, toFlag, toJson } from './codec';

export interface Account {
  id: number;
  name: string;
  locale: string;
  status: string;
  feature_flags: string[];
}

export interface PreChatFormOptions {
  pre_chat_message: string;
  pre_chat_fields: PreChatField[];
  require_email?: boolean;
}

type FlagColumns =
  | 'pre_chat_form_enabled'
  | 'hmac_mandatory'
  | 'working_hours_enabled'
  | 'csat_survey_enabled'
  | 'allow_messages_after_resolved'
  | 'greeting_enabled'
  | 'enable_email_collect'
  | 'continuity_via_email';
type JsonColumns = 'feature_flags' | 'pre_chat_form_options' | 'working_hours' | 'csat_config' | 'consent_text' | 'file_rules';

/** An inbox with its flags as booleans and its JSON columns parsed. */
export interface Inbox extends Omit<Selectable<InboxesTable>, FlagColumns | JsonColumns | 'reply_time' | 'away_mode'> {
  reply_time: ReplyTime;
  /** The consent text by locale (`en`, `pt_BR`); empty: the widget's own (docs/behaviour.md#consent). */
  consent_text: Record<string, string>;
  away_mode: AwayMode;
  file_rules: StoredFileRules;
  feature_flags: FeatureFlag[];
  pre_chat_form_options: PreChatFormOptions;
  working_hours: WorkingHoursEntry[];
  csat_config: Record<string, unknown>;
  pre_chat_form_enabled: boolean;
  hmac_mandatory: boolean;
  working_hours_enabled: boolean;
  csat_survey_enabled: boolean;
  allow_messages_after_resolved: boolean;
  greeting_enabled: boolean;
  enable_email_collect: boolean;
  continuity_via_email: boolean;
}

/** Fields a caller may set on create or update. */
export type InboxChanges = Partial<Omit<Inbox, 'id' | 'created_at' | 'updated_at'>>;

function toAccount(row: Selectable<AccountsTable>): Account {
  return { id: row.id, name: row.name, locale: row.locale, status: row.status, feature_flags: fromJson(row.feature_flags, []) };
}

function toInbox(row: Selectable<InboxesTable>): Inbox {
  return {
    ...row,
    reply_time: row.reply_time as ReplyTime,
    feature_flags: fromJson(row.feature_flags, []),
    pre_chat_form_options: fromJson(row.pre_chat_form_options, { pre_chat_message: '', pre_chat_fields: [] }),
    working_hours: fromJson(row.working_hours, []),
    csat_config: fromJson(row.csat_config, {}),
    consent_text: fromJson(row.consent_text, {}),
    away_mode: row.away_mode as AwayMode,
    file_rules: fromJson(row.file_rules, {}),
    pre_chat_form_enabled: fromFlag(row.pre_chat_form_enabled),
    hmac_mandatory: fromFlag(row.hmac_mandatory),
    working_hours_enabled: fromFlag(row.working_hours_enabled),
    csat_survey_enabled: fromFlag(row.csat_survey_enabled),
    allow_messages_after_resolved: fromFlag(row.allow_messages_after_resolved),
    greeting_enabled: fromFlag(row.greeting_enabled),
    enable_email_collect: fromFlag(row.enable_email_collect),
    continuity_via_email: fromFlag(row.continuity_via_email),
  };
}

function toRow(changes: InboxChanges): Partial<Insertable<InboxesTable>> {
  const row: Partial<Insertable<InboxesTable>> = {};
  for (const [key, value] of Object.entries(changes) as [keyof InboxChanges, unknown][]) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') (row as Record<string, unknown>)[key] = toFlag(value);
    else if (value !== null && typeof value === 'object') (row as Record<string, unknown>)[key] = toJson(value);
    else (row as Record<string, unknown>)[key] = value;
  }
  return row;
}

/** The account with this id. */
export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** Creates an account (the seed passes an explicit id). */
export async function createAccount(
  db: Db,
  values: { id?: number; name: string; locale?: string; feature_flags?: string[] },
): Promise<Account> {
  const now = Date.now();
  const row = await db
    .insertInto('accounts')
    .values({
      id: values.id,
      name: values.name,
      locale: values.locale ?? 'en',
      status: 'active',
      feature_flags: toJson(values.feature_flags ?? []),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAccount(row);
}

/** The inbox whose widget uses `websiteToken`. */
export async function findInboxByToken(db: Db, websiteToken: string): Promise<Inbox | undefined> {
  const row = await db.selectFrom('inboxes').selectAll().where('website_token', '=', websiteToken).executeTakeFirst();
  return row && toInbox(row);
}

/** The inbox `id`, optionally required to belong to `accountId`. */
export async function findInbox(db: Db, id: number, accountId?: number): Promise<Inbox | undefined> {
  let query = db.selectFrom('inboxes').selectAll().where('id', '=', id);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const row = await query.executeTakeFirst();
  return row && toInbox(row);
}

/** Creates an inbox; omitted settings take the column defaults. */
export async function createInbox(
  db: Db,
  values: InboxChanges & { id?: number; account_id: number; name: string; website_token: string; hmac_token: string },
): Promise<Inbox> {
  const now = Date.now();
  const row = await db
    .insertInto('inboxes')
    .values({
      ...toRow(values),
      id: values.id,
      account_id: values.account_id,
      name: values.name,
      website_token: values.website_token,
      hmac_token: values.hmac_token,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInbox(row);
}

/** Applies `changes` and returns the updated inbox. */
export async function updateInbox(db: Db, id: number, changes: InboxChanges): Promise<Inbox> {
  const row = await db
    .updateTable('inboxes')
    .set({ ...toRow(changes), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInbox(row);
}
