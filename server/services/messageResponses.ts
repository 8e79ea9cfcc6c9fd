/**
 * A visitor answering an interactive message (`PATCH /api/v1/widget/messages/:id`,
 * docs/protocol.md#messages): an e-mail for `input_email`, `submitted_values` for selects, forms and
 * text questions, or a rating for `input_csat`, each checked by its kind's schema
 * (`src/shared/contentAttributes.ts`). Only messages the agent side sent can be answered, and
 * only in the visitor's own conversations (the route finds the message that way).
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/apiError';
import type { Contact } from '../repositories/contacts';
import { findConversation } from '../repositories/conversations';
import { updateMessage, type Message } from '../repositories/messages';
import { broadcastMessage } from './broadcast';
import { recordCsatAnswer } from './csat';
import { checkAnswer, takesAnswer } from './messageContent';
import { loadMessageView } from './viewLoaders';
import type { Visitor } from './visitorMessages';

export interface MessageAnswer {
  contact?: { email?: string | null } | null;
  message?: { submitted_values?: unknown } | null;
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
  if (!takesAnswer(message.content_type)) throw new ApiError(422, 'This message does not take answers');
  const previous = message.content_attributes;
  let contact: Contact | undefined;
  let answered: Record<string, unknown>;
  if (message.content_type === 'input_email') {
    // Chatwoot's widget sends the e-mail as the contact's; it identifies the visitor too.
    const email = answer.contact?.email?.trim().toLowerCase() ?? '';
    answered = checkAnswer(message.content_type, { submitted_email: email });
    contact = await setEmail(email);
  } else {
    const values = answer.message?.submitted_values;
    if (values === undefined) throw new ApiError(422, 'message.submitted_values is required');
    if (message.content_type === 'input_csat') {
      const rating = checkAnswer('input_csat', { submitted_values: values });
      await recordCsatAnswer(deps, conversation, message, visitor.contact, rating.submitted_values);
      answered = rating;
    } else {
      answered = checkAnswer(message.content_type, { submitted_values: values });
    }
  }
  const attributes = { ...previous, ...answered };
  const updated = await updateMessage(deps.db, message.id, { content_attributes: attributes });
  const contactInbox = visitor.contactInbox;
  const view = await loadMessageView(deps.db, conversation, contactInbox, updated);
  broadcastMessage(deps.hub, REALTIME_EVENTS.messageUpdated, view, { previousChanges: { content_attributes: [previous, attributes] } });
  return { contact };
}
