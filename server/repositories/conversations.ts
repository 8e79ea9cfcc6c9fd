/**
 * Conversations. Each has a database id and a per-account `display_id`; every URL and payload
 * uses the display id.
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ConversationStatus } from '../../src/shared/types';
import { serialized, type Db } from '../db/database';
import type { ConversationsTable, Database } from '../db/schema';
import type { ContactInbox } from './contacts';
import { fromJson, toJson } from './codec';

export interface Conversation extends Omit<Selectable<ConversationsTable>, 'status' | 'custom_attributes' | 'additional_attributes'> {
  status: ConversationStatus;
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
}

export type ConversationChanges = Partial<
  Pick<
    Conversation,
    | 'status'
    | 'assignee_id'
    | 'priority'
    | 'custom_attributes'
    | 'additional_attributes'
    | 'contact_last_seen_at'
    | 'agent_last_seen_at'
    | 'last_activity_at'
    | 'snoozed_until'
    | 'contact_typing_at'
  >
>;

function toConversation(row: Selectable<ConversationsTable>): Conversation {
  return {
    ...row,
    status: row.status as ConversationStatus,
    custom_attributes: fromJson(row.custom_attributes, {}),
    additional_attributes: fromJson(row.additional_attributes, {}),
  };
}

function toRow(changes: ConversationChanges) {
  const { custom_attributes, additional_attributes, ...plain } = changes;
  return {
    ...plain,
    ...(custom_attributes && { custom_attributes: toJson(custom_attributes) }),
    ...(additional_attributes && { additional_attributes: toJson(additional_attributes) }),
  };
}

/** Creates a conversation, numbering it after the account's last display id. */
export async function createConversation(
  db: Db,
  values: {
    account_id: number;
    inbox_id: number;
    contact_id: number;
    contact_inbox_id: number;
    status?: ConversationStatus;
    custom_attributes?: Record<string, unknown>;
    additional_attributes?: Record<string, unknown>;
    campaign_id?: number | null;
  },
): Promise<Conversation> {
  const now = Date.now();
  // Numbered in the insert itself, one writer per account at a time (see `serialized`); the
  // unique (account_id, display_id) constraint is the last line of defence.
  const nextDisplayId = sql<number>`(select coalesce(max(display_id), 0) + 1 from conversations where account_id = ${values.account_id})`;
  const row = await serialized(db, `display-id:conversations:${values.account_id}`, (db) =>
    db
      .insertInto('conversations')
      .values({
        account_id: values.account_id,
        inbox_id: values.inbox_id,
        contact_id: values.contact_id,
        contact_inbox_id: values.contact_inbox_id,
        display_id: nextDisplayId,
        status: values.status ?? 'open',
        custom_attributes: toJson(values.custom_attributes ?? {}),
        additional_attributes: toJson(values.additional_attributes ?? {}),
        campaign_id: values.campaign_id ?? null,
        last_activity_at: now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toConversation(row);
}

/** What `visibleTo` needs to know about a visitor's contact-inbox. */
export type VisitorScope = Pick<ContactInbox, 'id' | 'contact_id' | 'inbox_id' | 'hmac_verified'>;

/**
 * A `where` on conversations: those the visitor may see. Normally the contact-inbox's own; for
 * an HMAC-verified one, those of every verified contact-inbox of the same contact in the inbox
 * (docs/protocol.md#common-rules: a signed-in user's history follows them across browsers).
 */
export function visibleTo(scope: VisitorScope) {
  return (eb: ExpressionBuilder<Database, 'conversations'>) =>
    scope.hmac_verified
      ? eb(
          'conversations.contact_inbox_id',
          'in',
          eb
            .selectFrom('contact_inboxes')
            .select('contact_inboxes.id')
            .where('contact_inboxes.contact_id', '=', scope.contact_id)
            .where('contact_inboxes.inbox_id', '=', scope.inbox_id)
            .where('contact_inboxes.hmac_verified', '=', 1),
        )
      : eb('conversations.contact_inbox_id', '=', scope.id);
}

/** The visitor's most recent conversation: "the conversation" of every widget call. */
export async function latestConversation(db: Db, scope: VisitorScope): Promise<Conversation | undefined> {
  const row = await db.selectFrom('conversations').selectAll().where(visibleTo(scope)).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row && toConversation(row);
}

/** The conversation with this database id. */
export async function findConversation(db: Db, id: number): Promise<Conversation | undefined> {
  const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toConversation(row);
}

/** The account's conversation with this display id. */
export async function findConversationByDisplayId(db: Db, accountId: number, displayId: number): Promise<Conversation | undefined> {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('display_id', '=', displayId)
    .executeTakeFirst();
  return row && toConversation(row);
}

export interface ConversationFilter {
  status: ConversationStatus | 'all';
  inboxId?: number;
  page: number;
  perPage: number;
}

/** One page of the account's conversations, most recent activity first, and the total. */
export async function listConversations(
  db: Db,
  accountId: number,
  filter: ConversationFilter,
): Promise<{ conversations: Conversation[]; count: number }> {
  let base = db.selectFrom('conversations').where('account_id', '=', accountId);
  if (filter.status !== 'all') base = base.where('status', '=', filter.status);
  if (filter.inboxId !== undefined) base = base.where('inbox_id', '=', filter.inboxId);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return { conversations: rows.map(toConversation), count: Number(count) };
}

/** Counts of the account's conversations in `status` by assignment, for the list meta. */
export async function countConversations(db: Db, accountId: number, status: ConversationStatus | 'all', userId: number) {
  let base = db.selectFrom('conversations').where('account_id', '=', accountId);
  if (status !== 'all') base = base.where('status', '=', status);
  const row = await base
    .select((eb) => [
      eb.fn.countAll<number>().as('all_count'),
      eb.fn.sum<number>(eb.case().when('assignee_id', '=', userId).then(1).else(0).end()).as('mine_count'),
      eb.fn.sum<number>(eb.case().when('assignee_id', 'is', null).then(1).else(0).end()).as('unassigned_count'),
    ])
    .executeTakeFirstOrThrow();
  const all = Number(row.all_count);
  const unassigned = Number(row.unassigned_count ?? 0);
  return { mine_count: Number(row.mine_count ?? 0), assigned_count: all - unassigned, unassigned_count: unassigned, all_count: all };
}

/** Applies `changes` and returns the updated conversation. */
export async function updateConversation(db: Db, id: number, changes: ConversationChanges): Promise<Conversation> {
  const row = await db
    .updateTable('conversations')
    .set({ ...toRow(changes), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toConversation(row);
}
