/**
 * Storing a new message: the message row and its attachment rows together or not at all, and
 * exactly once per `echo_id`, so a send retried after a lost response (or two racing copies of
 * it) leaves one message. Spans two table groups, hence its own module.
 */
import { isUniqueViolation, type Db } from '../db/database';
import { createAttachments, type NewAttachment } from './attachments';
import { createMessage, findAgentSend, findVisitorSend, type Message, type NewMessage } from './messages';

/**
 * Stores `values` with its `attachments` in one transaction. When the conversation already
 * holds the visitor's message with this `echo_id` (or the agents' with this `agent_echo_id`), its
 * unique key refuses the insert, nothing is stored, and the stored message comes back with
 * `created: false`.
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
    const stored = isUniqueViolation(error) ? await storedSend(db, values) : undefined;
    if (!stored) throw error;
    return { message: stored, created: false };
  }
}

/** The message an earlier attempt of `values` stored, by whose key it carries. */
function storedSend(db: Db, values: NewMessage): Promise<Message | undefined> {
  if (values.echo_id) return findVisitorSend(db, values.conversation_id, values.echo_id);
  if (values.agent_echo_id) return findAgentSend(db, values.conversation_id, values.agent_echo_id);
  return Promise.resolve(undefined);
}
