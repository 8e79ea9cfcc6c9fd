/**
 * Chatwoot's conversation continuity by e-mail (docs/behaviour.md#away-visitors): an agent's
 * reply to a visitor who is no longer on the site (no widget of theirs is connected) goes to the
 * e-mail address the visitor gave, so an answer written while they were away still reaches them.
 * One mail per reply, sent at once; a visitor still on the site sees it in the widget instead.
 */
import type { AppDeps } from '../context';
import { findContact } from '../repositories/contacts';
import { findInbox } from '../repositories/inboxes';
import type { MessageView } from '../presenters/message';
import { renderReplyMail } from '../views/replyMail';
import { mailerOf } from './transcript';

/** Mails the agent's public reply when its visitor has left and has an e-mail; never throws. */
export async function mailReplyIfAway(deps: AppDeps, view: MessageView): Promise<boolean> {
  const { message, conversation } = view;
  if (message.private || !message.content?.trim()) return false;
  // A widget of this visitor's is connected, here or (several processes) to any process as its
  // presence says: it shows the reply (and the unread prompt).
  if (view.audience.some((token) => deps.hub.isSubscribed(token))) return false;
  if (await widgetPresent(deps, view.audience)) return false;
  const [inbox, contact] = await Promise.all([findInbox(deps.db, conversation.inbox_id), findContact(deps.db, conversation.contact_id)]);
  if (!inbox?.continuity_via_email || !contact?.email) return false;
  const agent = view.sender?.type === 'user' ? view.sender.user.display_name || view.sender.user.name : inbox.name;
  const mail = renderReplyMail({ inboxName: inbox.name, websiteUrl: inbox.website_url, agent, content: message.content });
  try {
    await mailerOf(deps).send({ to: contact.email, ...mail });
    return true;
  } catch (error) {
    // The reply is stored and the widget shows it on the next visit; a mail outage loses nothing.
    deps.logger?.error({ err: error, conversation_id: conversation.display_id }, 'reply mail failed');
    return false;
  }
}

/** Whether presence has seen one of these widgets lately; unknown (the store is down) counts as yes. */
async function widgetPresent(deps: AppDeps, audience: string[]): Promise<boolean> {
  try {
    return await deps.presence.anyVisitorOnline(audience);
  } catch (error) {
    // Better the reply waits in the widget than a mail to someone reading it there.
    deps.logger?.warn({ err: error }, 'reply mail: visitor presence unknown, the reply waits in the widget');
    return true;
  }
}
