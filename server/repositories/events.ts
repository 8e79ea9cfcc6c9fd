/**
 * Widget events (`POST /api/v1/widget/events`), kept for agents, webhooks and bots to read.
 */
import type { Db } from '../db/database';
import { toJson } from './codec';

/** Stores one event reported by a visitor's widget. */
export async function recordEvent(
  db: Db,
  values: { account_id: number; inbox_id: number; contact_inbox_id: number | null; name: string; event_info: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('events')
    .values({ ...values, event_info: toJson(values.event_info), created_at: Date.now() })
    .execute();
}

/** The latest events of an inbox, newest first (used by tests and future agent views). */
export async function listEvents(db: Db, inboxId: number, limit = 50) {
  return db.selectFrom('events').selectAll().where('inbox_id', '=', inboxId).orderBy('id', 'desc').limit(limit).execute();
}
