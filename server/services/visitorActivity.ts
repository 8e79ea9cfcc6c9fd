/**
 * What the visitor's widget reports while they read and type: typing goes to agents only,
 * reading moves `contact_last_seen_at` and turns the agents' messages to `read`.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { AppDeps } from '../context';
import { contactPushData } from '../presenters/contact';
import { conversationPushData } from '../presenters/conversation';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { markRead } from '../repositories/messages';
import { broadcastToAgents } from './broadcast';
import { broadcastStatusChanges } from './teamReceipts';
import { loadConversationView } from './viewLoaders';
import type { Visitor } from './visitorMessages';

/**
 * Stores the visitor's typing state on the conversation and tells the account's agents. It is
 * never echoed to the visitor (docs/protocol.md#events: typing events are for the other side).
 */
export async function setVisitorTyping(deps: AppDeps, visitor: Visitor, conversation: Conversation, on: boolean): Promise<void> {
  const updated = await updateConversation(deps.db, conversation.id, { contact_typing_at: on ? Date.now() : null });
  const view = await loadConversationView(deps.db, updated, { contactInbox: visitor.contactInbox });
  broadcastToAgents(deps.hub, updated.account_id, on ? REALTIME_EVENTS.typingOn : REALTIME_EVENTS.typingOff, {
    conversation: conversationPushData(view, 'agents'),
    user: contactPushData(visitor.contact),
    is_private: false,
  });
}

/**
 * The visitor has seen the conversation now (the server's clock, not the client's): their
 * last-seen time moves, and every sent/delivered agent message up to now becomes `read`, each
 * pushed to the visitor as `message.updated` with its status change.
 */
export async function markSeen(deps: AppDeps, visitor: Visitor, conversation: Conversation): Promise<void> {
  const now = Date.now();
  const updated = await updateConversation(deps.db, conversation.id, { contact_last_seen_at: now });
  await broadcastStatusChanges(deps, updated, await markRead(deps.db, conversation.id, now), visitor.contactInbox);
}
