/**
 * Attachment rows: uploaded files (by storage key), shared locations and shared URLs.
 * (`listAttachments` for message views lives with the messages.)
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { AttachmentsTable } from '../db/schema';
import type { AttachmentRow } from './messages';

/** What a new attachment row holds besides its message and account. */
export type NewAttachment = Omit<Insertable<AttachmentsTable>, 'id' | 'message_id' | 'account_id' | 'created_at'>;

/** Stores the attachments of a message, in order. */
export async function createAttachments(db: Db, messageId: number, accountId: number, attachments: NewAttachment[]): Promise<void> {
  if (attachments.length === 0) return;
  const now = Date.now();
  await db
    .insertInto('attachments')
    .values(attachments.map((a) => ({ ...a, message_id: messageId, account_id: accountId, created_at: now })))
    .execute();
}

/** The attachment whose file is stored under `key`. */
export async function findAttachmentByStorageKey(db: Db, key: string): Promise<AttachmentRow | undefined> {
  return db.selectFrom('attachments').selectAll().where('storage_key', '=', key).executeTakeFirst();
}
