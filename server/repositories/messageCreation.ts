/**
 * Storing a new message: the message row and its attachment rows together or not at all, and
 * exactly once per `echo_id`, so a send retried after a lost response (or two racing copies of
 * it) leaves one message. Spans two table groups, hence its own module.
 */
import { isUniqueViolation, type Db } from '../db/database';
import { createAttachments, type NewAttachment } from './attachments';
import { createMessage, findMessageByEchoId, type Message, type NewMessage } from './messages';

/**
 * Stores `values` with its `attachments` in one transaction. When the conversation already
 * holds a message with this `echo_id`, the unique (conversation, echo_id) constraint refuses
 * the insert, nothing is stored, and the stored message comes back with `created: false`.
 */
export async function createMessageOnce(
  db: Db,
  values: NewMessage,
  attachments: NewAttachment[] = [],
): Promise<{ message: Message; created: boolean }> {
  try {
    const message = await db.transaction().execute(async (trx) => {
      const created = await createMessage(trx, values);
      await createAttachments(trx, created.id, values.account_id, attachments);
      return created;
    });
    return { message, created: true };
  } catch (error) {
    const stored =
      values.echo_id && isUniqueViolation(error) ? await findMessageByEchoId(db, values.conversation_id, values.echo_id) : undefined;
    if (!stored) throw error;
    return { message: stored, created: false };
  }
}
