/**
 * Realtime fan-out (docs/protocol.md#events): every event's `data` carries `account_id`, and
 * agent-caused events carry the agent as `performer`. A conversation's events go to two
 * audiences: its contact (the view's `audience`: the contact-inbox's token, or all verified ones
 * of that contact) and the account's agents on `account_<id>` (docs/protocol.md#agents-on-the-cable),
 * who also see what contacts never do (private notes, activities, the contact's typing).
 */
import type { RealtimeEventName, RealtimeTyping } from '../../src/shared/cable';
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE } from '../../src/shared/types';
import { conversationPushData, type ConversationView } from '../presenters/conversation';
import { type Audience, messagePushData, type MessageView } from '../presenters/message';
import { userPushData } from '../presenters/user';
import type { Hub } from '../realtime/hub';
import type { User } from '../repositories/users';

/** `data` with the envelope every broadcast carries. */
function withEnvelope(data: object, accountId: number, performer?: User) {
  return { ...data, account_id: accountId, ...(performer && { performer: userPushData(performer) }) };
}

/**
 * The stream agents of an account subscribe to (Chatwoot's `account_<id>`). Contacts can never
 * subscribe to it: the cable accepts it only on an agent's subscription (with `user_id`).
 */
export function accountStream(accountId: number): string {
  return `account_${accountId}`;
}

/**
 * `data` for each audience: built twice only when the message in it carries what agents alone
 * may see (an agent's `echo_id`), else the one object serves both.
 */
function perAudience<T>(build: (audience: Audience) => T, message: MessageView['message'] | undefined): Record<Audience, T> {
  const agents = build('agents');
  return { agents, visitor: message?.agent_echo_id ? build('visitor') : agents };
}

/**
 * `message.created` / `message.updated` to the account's agents, and to the contact unless the
 * message is a private note or an activity (those are for agents only).
 */
export function broadcastMessage(
  hub: Hub,
  event: 'message.created' | 'message.updated',
  view: MessageView,
  options: { performer?: User; previousChanges?: Record<string, [unknown, unknown]> } = {},
): void {
  const { message } = view;
  const data = perAudience(
    (audience) =>
      withEnvelope(
        { ...messagePushData(view, audience), ...(options.previousChanges && { previous_changes: options.previousChanges }) },
        message.account_id,
        options.performer,
      ),
    message,
  );
  hub.broadcast(accountStream(message.account_id), event, data.agents);
  if (message.private || message.message_type === MESSAGE_TYPE.activity) return;
  for (const token of view.audience) hub.broadcast(token, event, data.visitor);
}

/** A conversation event (`conversation.created`, `.status_changed`, `.updated`) to the contact and the agents. */
export function broadcastConversation(hub: Hub, event: RealtimeEventName, view: ConversationView): void {
  // The payload is re-read conversation data, without performer (docs/protocol.md#events).
  const data = perAudience(
    (audience) => withEnvelope(conversationPushData(view, audience), view.conversation.account_id),
    view.lastMessage?.message,
  );
  hub.broadcast(accountStream(view.conversation.account_id), event, data.agents);
  for (const token of view.audience) hub.broadcast(token, event, data.visitor);
}

/** An event for the account's agents only (e.g. the visitor's typing), never to contacts. */
export function broadcastToAgents(hub: Hub, accountId: number, event: RealtimeEventName, data: object): void {
  hub.broadcast(accountStream(accountId), event, withEnvelope(data, accountId));
}

/**
 * An agent's `conversation.typing_on` / `typing_off`: to the contact unless it is private, and to
 * the account's agents (as Chatwoot tells an inbox's other agents), who tell themselves apart by `user`.
 */
export function broadcastTyping(hub: Hub, on: boolean, view: ConversationView, user: User, isPrivate: boolean): void {
  const event = on ? REALTIME_EVENTS.typingOn : REALTIME_EVENTS.typingOff;
  const data = perAudience(
    (audience) =>
      withEnvelope(
        {
          conversation: conversationPushData(view, audience),
          user: userPushData(user),
          is_private: isPrivate,
        } satisfies Omit<RealtimeTyping, 'account_id'>,
        view.conversation.account_id,
      ),
    view.lastMessage?.message,
  );
  hub.broadcast(accountStream(view.conversation.account_id), event, data.agents);
  if (isPrivate) return;
  for (const token of view.audience) hub.broadcast(token, event, data.visitor);
}
