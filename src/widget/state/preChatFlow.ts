import type { WidgetContact } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { ContactFields } from '../api/endpoints';
import type { PreChatAnswers } from '../lib/preChatFields';
import type { WidgetState } from './widget';

/**
 * What submitting the pre-chat form works with. The flow lives in the form's lazy chunk; the
 * first paint carries only the models' setters it ends with.
 */
export type PreChatDeps = Pick<WidgetState, 'request' | 'conversation' | 'messages' | 'contact' | 'router' | 'flowDeps' | 'openCampaign'>;

const isEmpty = (object: object) => Object.keys(object).length === 0;

/**
 * Sends the pre-chat form's answers (docs/protocol.md#conversations) and opens the conversation.
 *
 * - The contact's custom attributes go first, with `PATCH /contact`, as the contract has them:
 *   if that fails nothing has started, and the visitor may simply try again.
 * - Then one `POST /conversations` with the contact's name, e-mail and phone, the first message
 *   and the conversation's custom attributes; its answer is the conversation and its first
 *   message, shown at once.
 * - Before a campaign the contact's details go with `PATCH /contact`, and the campaign's message
 *   opens the conversation with the conversation attributes (`campaign.triggered`).
 *
 * Resolves `false` when a call failed; the visitor's answers stay in the form. The away e-mail
 * form stays where it is after (`openConversation: false`) to say the message went.
 */
export async function submitPreChat(
  deps: PreChatDeps,
  answers: PreChatAnswers,
  { campaign, openConversation = true }: { campaign: boolean; openConversation?: boolean },
): Promise<boolean> {
  const { request, conversation, messages, contact, router } = deps;
  /** `PATCH /contact`, its answer kept (it leaves out the `identifier`, which this never changes). */
  const updateContact = async (fields: ContactFields) => {
    const known = await request(endpoints.updateContact(fields));
    contact.apply({ ...known, identifier: contact.contact.value?.identifier ?? null });
  };
  try {
    if (campaign) {
      const details = { ...answers.contact, ...(!isEmpty(answers.contactAttributes) && { custom_attributes: answers.contactAttributes }) };
      if (!isEmpty(details)) await updateContact(details);
      await deps.openCampaign(answers.conversationAttributes);
      return true;
    }
    if (!isEmpty(answers.contactAttributes)) await updateContact({ custom_attributes: answers.contactAttributes });
    const created = await request(
      endpoints.createConversation({
        contact: answers.contact,
        message: { content: answers.message, timestamp: new Date().toString(), referer_url: deps.flowDeps.referrer() },
        custom_attributes: answers.conversationAttributes,
      }),
    );
    conversation.started(created);
    for (const message of created.messages ?? []) messages.merge(message);
    // What the contact has now (an e-mail offers the transcript), without asking again.
    if (created.contact) {
      const { name, email, phone_number, identifier } = created.contact;
      const known: WidgetContact = {
        id: created.contact.id,
        has_name: !!name,
        has_email: !!email,
        has_phone_number: !!phone_number,
        identifier,
      };
      contact.apply(known);
    }
    if (openConversation) router.navigate('/messages');
    return true;
  } catch {
    return false;
  }
}
