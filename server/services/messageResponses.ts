/**
 * A visitor answering an interactive message (`PATCH /api/v1/widget/messages/:id`,
 * docs/protocol.md#messages): an e-mail for `input_email`, `submitted_values` for selects, forms and cards, or a
 * rating for `input_csat`. Only messages the agent side sent can be answered, and only in the
 * visitor's own conversations (the route finds the message that way).
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/apiError';
import type { Contact } from '../repositories/contacts';
import { findConversation } from '../repositories/conversations';
import { updateMessage, type Message } from '../repositories/messages';
import { broadcastMessage } from './broadcast';
import { isValidEmail } from './contactIdentity';
import { checkCsatAnswer, recordCsatAnswer } from './csat';
import { loadMessageView } from './viewLoaders';
import type { Visitor } from './visitorMessages';

export interface MessageAnswer {
  contact?: { email?: string | null } | null;
  message?: { submitted_values?: unknown } | null;
}

const ANSWERABLE = new Set(['input_select', 'form', 'cards', 'input_text', 'input_textarea', 'input_csat']);

/** Values of a select/form answer: `[{name?, title?, value?}]`, scalar values only. */
function checkSubmittedValues(values: unknown): Record<string, unknown>[] {
  const scalar = (x: unknown) => x == null || (['string', 'number', 'boolean'].includes(typeof x) && String(x).length <= 10_000);
  if (!Array.isArray(values) || values.length === 0 || values.length > 50)
    throw new ApiError(422, 'submitted_values must be a list of 1 to 50 answers');
  return values.map((entry) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new ApiError(422, 'submitted_values entries must be objects');
    const { name, title, value } = entry as Record<string, unknown>;
    if (![name, title, value].every(scalar)) throw new ApiError(422, 'submitted_values entries take text name, title and value');
    return Object.fromEntries(Object.entries({ name, title, value }).filter(([, x]) => x !== undefined));
  });
}

/**
 * Applies the answer, broadcasts `message.updated` (with `previous_changes`) to the visitor and
 * returns the contact when its e-mail changed. `setEmail` identifies the contact by e-mail.
 */
export async function answerMessage(
  deps: AppDeps,
  visitor: Visitor,
  message: Message,
  answer: MessageAnswer,
  setEmail: (email: string) => Promise<Contact>,
): Promise<{ contact?: Contact }> {
  if (message.message_type === MESSAGE_TYPE.incoming || message.private) throw new ApiError(422, 'This message does not take answers');
  const conversation = await findConversation(deps.db, message.conversation_id);
  if (!conversation) throw new ApiError(404, 'Resource could not be found');
  const previous = message.content_attributes;
  let attributes: Record<string, unknown>;
  let contact: Contact | undefined;
  if (message.content_type === 'input_email') {
    const email = answer.contact?.email?.trim().toLowerCase();
    if (!email || !isValidEmail(email)) throw new ApiError(422, 'Please enter a valid email address');
    contact = await setEmail(email);
    attributes = { ...previous, submitted_email: email };
  } else if (ANSWERABLE.has(message.content_type)) {
    const values = answer.message?.submitted_values;
    if (values === undefined) throw new ApiError(422, 'message.submitted_values is required');
    if (message.content_type === 'input_csat') {
      const csat = checkCsatAnswer(values);
      await recordCsatAnswer(deps, conversation, message, visitor.contact, csat);
      attributes = { ...previous, submitted_values: csat };
    } else {
      attributes = { ...previous, submitted_values: checkSubmittedValues(values) };
    }
  } else {
    throw new ApiError(422, 'This message does not take answers');
  }
  const updated = await updateMessage(deps.db, message.id, { content_attributes: attributes });
  const contactInbox = visitor.contactInbox;
  const view = await loadMessageView(deps.db, conversation, contactInbox, updated);
  broadcastMessage(deps.hub, REALTIME_EVENTS.messageUpdated, view, { previousChanges: { content_attributes: [previous, attributes] } });
  return { contact };
}
