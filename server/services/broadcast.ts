/**
 * Realtime fan-out to a conversation's contact (docs/protocol.md#events): every event's `data`
 * carries `account_id`, and agent-caused events carry the agent as `performer`. An event goes
 * to the view's `audience`: the contact-inbox's token, or all verified ones of that contact.
 */
import type { RealtimeEventName, RealtimeTyping } from '../../src/shared/cable';
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE } from '../../src/shared/types';
import { conversationPushData, type ConversationView } from '../presenters/conversation';
import { messagePushData, type MessageView } from '../presenters/message';
import { userPushData } from '../presenters/user';
import type { Hub } from '../realtime/hub';
import type { User } from '../repositories/users';

function send(hub: Hub, token: string, event: RealtimeEventName, data: Record<string, unknown>, accountId: number, performer?: User) {
  hub.broadcast(token, event, { ...data, account_id: accountId, ...(performer && { performer: userPushData(performer) }) });
}

/**
 * `message.created` / `message.updated` to the contact, unless the message is a private note
 * or an activity (those are for agents only).
 */
export function broadcastMessage(
  hub: Hub,
  event: 'message.created' | 'message.updated',
  view: MessageView,
  options: { performer?: User; previousChanges?: Record<string, [unknown, unknown]> } = {},
): void {
  const { message } = view;
  if (message.private || message.message_type === MESSAGE_TYPE.activity) return;
  const data = { ...messagePushData(view), ...(options.previousChanges && { previous_changes: options.previousChanges }) };
  for (const token of view.audience) send(hub, token, event, data, message.account_id, options.performer);
}

/** A conversation event (`conversation.created`, `.status_changed`, `.updated`) to the contact. */
export function broadcastConversation(hub: Hub, event: RealtimeEventName, view: ConversationView): void {
  // The payload is re-read conversation data, without performer (docs/protocol.md#events).
  const data = conversationPushData(view);
  for (const token of view.audience) send(hub, token, event, data, view.conversation.account_id);
}

/**
 * The stream agents of an account subscribe to (Chatwoot's `account_<id>`). Contacts can never
 * subscribe to it: the cable only accepts contact-inbox pubsub tokens from visitors.
 */
export function accountStream(accountId: number): string {
  return `account_${accountId}`;
}

/** An event for the account's agents only (e.g. the visitor's typing), never to contacts. */
export function broadcastToAgents(hub: Hub, accountId: number, event: RealtimeEventName, data: Record<string, unknown>): void {
  hub.broadcast(accountStream(accountId), event, { ...data, account_id: accountId });
}

/** `conversation.typing_on` / `typing_off` to the contact. */
export function broadcastTyping(hub: Hub, on: boolean, view: ConversationView, user: User, isPrivate: boolean): void {
  const event = on ? REALTIME_EVENTS.typingOn : REALTIME_EVENTS.typingOff;
  // account_id is added by send(), as for every event.
  const data = { conversation: conversationPushData(view), user: userPushData(user), is_private: isPrivate } satisfies Omit<
    RealtimeTyping,
    'account_id'
  >;
  for (const token of view.audience) send(hub, token, event, data, view.conversation.account_id);
}
