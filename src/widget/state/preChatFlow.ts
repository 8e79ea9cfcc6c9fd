import type { PreChatAnswers } from '../lib/preChatFields';
import type { WidgetState } from './widget';

/** What submitting the pre-chat form works with; the view's chunk builds the flow, the first paint carries none of it. */
export type PreChatDeps = Pick<WidgetState, 'conversation' | 'messages' | 'contact' | 'router' | 'referrer' | 'openCampaign'>;

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
 * Resolves `false` when a call failed; the visitor's answers stay in the form.
 */
export async function submitPreChat(deps: PreChatDeps, answers: PreChatAnswers, { campaign }: { campaign: boolean }): Promise<boolean> {
  const { conversation, messages, contact, router } = deps;
  try {
    if (campaign) {
      const details = { ...answers.contact, ...(!isEmpty(answers.contactAttributes) && { custom_attributes: answers.contactAttributes }) };
      if (!isEmpty(details)) await contact.update(details);
      await deps.openCampaign(answers.conversationAttributes);
      return true;
    }
    if (!isEmpty(answers.contactAttributes)) await contact.update({ custom_attributes: answers.contactAttributes });
    const created = await conversation.create({
      contact: answers.contact,
      message: { content: answers.message, timestamp: new Date().toString(), referer_url: deps.referrer() },
      custom_attributes: answers.conversationAttributes,
    });
    for (const message of created.messages ?? []) messages.merge(message);
    // What the contact has now (an e-mail offers the transcript), without asking again.
    if (created.contact) {
      const { id, name, email, phone_number, identifier } = created.contact;
      contact.set({ id, has_name: !!name, has_email: !!email, has_phone_number: !!phone_number, identifier });
    }
    router.navigate('/messages');
    return true;
  } catch {
    return false;
  }
}
