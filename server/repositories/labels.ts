/**
 * Account labels and the labels on conversations. Conversations carry labels by title, as
 * Chatwoot's tag list does (payloads show `labels: ["billing", …]`).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { LabelsTable } from '../db/schema';
import { fromFlag, toFlag } from './codec';

export interface Label extends Omit<Selectable<LabelsTable>, 'show_on_sidebar'> {
  show_on_sidebar: boolean;
}

/**
 * Titles in code-point order, sorted here rather than by `order by`: PostgreSQL would sort by
 * its collation (where `-` and `_` are ignored at first), SQLite byte-wise.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const toLabel = (row: Selectable<LabelsTable>): Label => ({ ...row, show_on_sidebar: fromFlag(row.show_on_sidebar) });

/** Creates a label; a duplicate title throws the database's unique violation. */
export async function createLabel(
  db: Db,
  accountId: number,
  values: { title: string; description?: string | null; color?: string; show_on_sidebar?: boolean },
): Promise<Label> {
  const now = Date.now();
  const row = await db
    .insertInto('labels')
    .values({
      account_id: accountId,
      title: values.title,
      description: values.description ?? null,
      color: values.color ?? '#1f93ff',
      show_on_sidebar: toFlag(values.show_on_sidebar ?? true),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLabel(row);
}

/** The account's labels by title. */
export async function listLabels(db: Db, accountId: number): Promise<Label[]> {
  const rows = await db.selectFrom('labels').selectAll().where('account_id', '=', accountId).execute();
  return rows.map(toLabel).sort((a, b) => byCodePoint(a.title, b.title));
}

/** The account's label with this title. */
export async function findLabel(db: Db, accountId: number, title: string): Promise<Label | undefined> {
  const row = await db.selectFrom('labels').selectAll().where('account_id', '=', accountId).where('title', '=', title).executeTakeFirst();
  return row && toLabel(row);
}

/** The labels (titles) of a conversation, alphabetically. */
export async function conversationLabels(db: Db, conversationId: number): Promise<string[]> {
  const rows = await db.selectFrom('conversation_labels').select('title').where('conversation_id', '=', conversationId).execute();
  return rows.map((r) => r.title).sort(byCodePoint);
}

/** Adds a label to a conversation; returns false when it was already there. */
export async function addConversationLabel(db: Db, conversationId: number, title: string): Promise<boolean> {
  const result = await db
    .insertInto('conversation_labels')
    .values({ conversation_id: conversationId, title, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['conversation_id', 'title']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a label from a conversation; returns false when it was not there. */
export async function removeConversationLabel(db: Db, conversationId: number, title: string): Promise<boolean> {
  const result = await db
    .deleteFrom('conversation_labels')
    .where('conversation_id', '=', conversationId)
    .where('title', '=', title)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces a conversation's labels with `titles`. */
export async function setConversationLabels(db: Db, conversationId: number, titles: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('conversation_labels').where('conversation_id', '=', conversationId).execute();
    const now = Date.now();
    if (titles.length)
      await trx
        .insertInto('conversation_labels')
        .values([...new Set(titles)].map((title) => ({ conversation_id: conversationId, title, created_at: now })))
        .execute();
  });
}
