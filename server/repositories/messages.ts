/**
 * Messages of a conversation and their attachments. Message ids are global and never reused,
 * so they double as paging cursors (`before` / `after`).
 */
import type { Selectable } from 'kysely';
import type { ContentType, DeliveryStatus, MessageType } from '../../src/shared/types';
import { MESSAGES_PAGE_SIZE, MISSED_PAGE_SIZE } from '../../src/shared/limits';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { Db } from '../db/database';
import type { AttachmentsTable, MessagesTable } from '../db/schema';
import { fromFlag, fromJson, toFlag, toJson } from './codec';
import { visibleTo, type VisitorScope } from './conversations';

export type SenderType = 'Contact' | 'User' | 'AgentBot';

export interface Message
  extends Omit<
    Selectable<MessagesTable>,
    'message_type' | 'content_type' | 'status' | 'sender_type' | 'content_attributes' | 'additional_attributes' | 'private'
  > {
  message_type: MessageType;
  content_type: ContentType;
  status: Exclude<DeliveryStatus, 'in_progress'>;
  sender_type: SenderType | null;
  content_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  private: boolean;
}

export type AttachmentRow = Selectable<AttachmentsTable>;

export interface NewMessage {
  account_id: number;
  inbox_id: number;
  conversation_id: number;
  message_type: MessageType;
  content: string | null;
  content_type?: ContentType;
  content_attributes?: Record<string, unknown>;
  private?: boolean;
  /** The visitor's key for a send they may retry: their own (incoming) messages only. */
  echo_id?: string | null;
  /** An agent's or a bot's key for a send they may retry (Application API). */
  agent_echo_id?: string | null;
  source_id?: string | null;
  sender_type: SenderType | null;
  sender_id: number | null;
  additional_attributes?: Record<string, unknown>;
}

function toMessage(row: Selectable<MessagesTable>): Message {
  return {
    ...row,
    message_type: row.message_type as MessageType,
    content_type: row.content_type as ContentType,
    status: row.status as Message['status'],
    sender_type: row.sender_type as SenderType | null,
    content_attributes: fromJson(row.content_attributes, {}),
    additional_attributes: fromJson(row.additional_attributes, {}),
    private: fromFlag(row.private),
  };
}

/** Stores a message. */
export async function createMessage(db: Db, values: NewMessage): Promise<Message> {
  const now = Date.now();
  const row = await db
    .insertInto('messages')
    .values({
      ...values,
      content_type: values.content_type ?? 'text',
      content_attributes: toJson(values.content_attributes ?? {}),
      additional_attributes: toJson(values.additional_attributes ?? {}),
      private: toFlag(values.private ?? false),
      echo_id: values.echo_id ?? null,
      agent_echo_id: values.agent_echo_id ?? null,
      source_id: values.source_id ?? null,
      status: 'sent',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMessage(row);
}

/** The message `id` of this conversation (never another conversation's). */
export async function findMessage(db: Db, conversationId: number, id: number): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toMessage(row);
}

/**
 * The message `id` if it belongs to a conversation the visitor may see and is one a visitor is
 * shown (never a private note nor an activity): how a visitor reaches a message by id (never the
 * inbox-wide lookup Chatwoot does).
 */
export async function findVisitorMessage(db: Db, scope: VisitorScope, id: number): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where('private', '=', 0)
    .where('message_type', '!=', MESSAGE_TYPE.activity)
    .where('conversation_id', 'in', (eb) => eb.selectFrom('conversations').select('conversations.id').where(visibleTo(scope)))
    .executeTakeFirst();
  return row && toMessage(row);
}

/**
 * The visitor's own message of this conversation sent with `echoId`, if a previous attempt
 * stored it. Only the visitor's messages carry one (`agent_echo_id` holds the agents'), and only
 * theirs are looked at: another's `echo_id` never answers with another's message.
 */
export async function findVisitorSend(db: Db, conversationId: number, echoId: string): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('message_type', '=', MESSAGE_TYPE.incoming)
    .where('sender_type', '=', 'Contact')
    .where('echo_id', '=', echoId)
    .executeTakeFirst();
  return row && toMessage(row);
}

/** The agent's or bot's message of this conversation sent with `echoId`, if a previous attempt stored it. */
export async function findAgentSend(db: Db, conversationId: number, echoId: string): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('agent_echo_id', '=', echoId)
    .executeTakeFirst();
  return row && toMessage(row);
}

export interface MessagePage {
  before?: number;
  after?: number;
  /** Agents see private notes and activity messages; contacts do not. */
  publicOnly: boolean;
}

/**
 * A page of messages in ascending id order, with Chatwoot's cursor rules: none → the latest
 * 20; `before` → the 20 before it; `after` → up to 100 after it; both → up to 1000 in
 * [after, before).
 */
export async function listMessages(db: Db, conversationId: number, page: MessagePage): Promise<Message[]> {
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
  if (page.publicOnly) {
    query = query.where('private', '=', 0).where('message_type', '!=', MESSAGE_TYPE.activity);
  }
  const { before, after } = page;
  if (after !== undefined && before === undefined) {
    const rows = await query.where('id', '>', after).orderBy('id', 'asc').limit(MISSED_PAGE_SIZE).execute();
    return rows.map(toMessage);
  }
  if (after !== undefined) query = query.where('id', '>=', after);
  if (before !== undefined) query = query.where('id', '<', before);
  const limit = after !== undefined ? 1000 : MESSAGES_PAGE_SIZE;
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse().map(toMessage);
}

/** The newest message a contact can see (for conversation push data). */
export async function lastPublicMessage(db: Db, conversationId: number): Promise<Message | undefined> {
  const row = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('private', '=', 0)
    .where('message_type', '!=', MESSAGE_TYPE.activity)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toMessage(row);
}

/** How many messages the contact sent in this conversation since `sinceMs`. */
export async function countIncomingSince(db: Db, conversationId: number, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('conversation_id', '=', conversationId)
    .where('message_type', '=', MESSAGE_TYPE.incoming)
    .where('created_at', '>=', sinceMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the conversation holds a message of this content type (e.g. an e-mail question). */
export async function hasMessageOfType(db: Db, conversationId: number, contentType: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('content_type', '=', contentType)
    .executeTakeFirst();
  return row !== undefined;
}

/** Applies changes to a message and returns it. */
export async function updateMessage(
  db: Db,
  id: number,
  changes: { content?: string | null; content_attributes?: Record<string, unknown>; status?: Message['status'] },
): Promise<Message> {
  const { content_attributes, ...plain } = changes;
  const row = await db
    .updateTable('messages')
    .set({ ...plain, ...(content_attributes && { content_attributes: toJson(content_attributes) }), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMessage(row);
}

/** A message whose delivery status moved, with the status it had before. */
export interface StatusChange {
  message: Message;
  previous: Message['status'];
}

/**
 * Moves the public messages of these types, created up to `untilMs` and still in one of `from`,
 * to `to`; returns them as updated, oldest first (at most 500 per call).
 */
async function advanceStatus(
  db: Db,
  conversationId: number,
  { types, from, to, untilMs }: { types: number[]; from: Message['status'][]; to: Message['status']; untilMs: number },
): Promise<StatusChange[]> {
  const behind = await db
    .selectFrom('messages')
    .select(['id', 'status'])
    .where('conversation_id', '=', conversationId)
    .where('message_type', 'in', types)
    .where('private', '=', 0)
    .where('status', 'in', from)
    .where('created_at', '<=', untilMs)
    .orderBy('id')
    .limit(500)
    .execute();
  if (behind.length === 0) return [];
  const rows = await db
    .updateTable('messages')
    .set({ status: to, updated_at: Date.now() })
    .where(
      'id',
      'in',
      behind.map((m) => m.id),
    )
    .where('status', 'in', from)
    .returningAll()
    .execute();
  const before = new Map(behind.map((m) => [m.id, m.status as Message['status']]));
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ message: toMessage(row), previous: before.get(row.id) ?? 'sent' }));
}

/**
 * The visitor has read up to `untilMs`: the conversation's sent/delivered outgoing and template
 * messages become `read`.
 */
export function markRead(db: Db, conversationId: number, untilMs: number): Promise<StatusChange[]> {
  return advanceStatus(db, conversationId, {
    types: [MESSAGE_TYPE.outgoing, MESSAGE_TYPE.template],
    from: ['sent', 'delivered'],
    to: 'read',
    untilMs,
  });
}

/**
 * The team has received (`delivered`) or read (`read`) the visitor's messages up to `untilMs`
 * (docs/protocol.md#delivery-status); a status never moves back.
 */
export function markIncoming(db: Db, conversationId: number, to: 'delivered' | 'read', untilMs: number): Promise<StatusChange[]> {
  return advanceStatus(db, conversationId, {
    types: [MESSAGE_TYPE.incoming],
    from: to === 'read' ? ['sent', 'delivered'] : ['sent'],
    to,
    untilMs,
  });
}

/** Attachments of these messages, grouped by message id. */
export async function listAttachments(db: Db, messageIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const byMessage = new Map<number, AttachmentRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.selectFrom('attachments').selectAll().where('message_id', 'in', messageIds).orderBy('id').execute();
  for (const row of rows) byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), row]);
  return byMessage;
}
