/**
 * What agents (and bots) do through the Application API, with the realtime events each action
 * sends to the conversation's contact.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { ContentType, MessageType } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { MessageView } from '../presenters/message';
import type { NewAttachment } from '../repositories/attachments';
import { findContactInbox } from '../repositories/contacts';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { createMessageOnce } from '../repositories/messageCreation';
import { updateMessage, type Message } from '../repositories/messages';
import type { User } from '../repositories/users';
import { broadcastMessage, broadcastTyping } from './broadcast';
import { loadConversationView, loadMessageView } from './viewLoaders';

export interface AgentMessageInput {
  content: string | null;
  message_type: MessageType;
  private: boolean;
  content_type: ContentType;
  content_attributes: Record<string, unknown>;
  echo_id: string | null;
  attachments?: NewAttachment[];
}

/** Text shown in place of a deleted message. */
export const DELETED_CONTENT = 'This message was deleted';

async function contactInboxOf(deps: AppDeps, conversation: Conversation) {
  const contactInbox = await findContactInbox(deps.db, conversation.contact_inbox_id);
  if (!contactInbox) throw new Error(`conversation ${conversation.id} has no contact inbox`);
  return contactInbox;
}

/**
 * Stores the agent's message (and its attachments, together) and pushes `message.created` to
 * the contact unless private. A repeated `echo_id` answers with the stored message and
 * `created: false`.
 */
export async function postAgentMessage(
  deps: AppDeps,
  conversation: Conversation,
  agent: User | null,
  input: AgentMessageInput,
): Promise<{ view: MessageView; created: boolean }> {
  const { db } = deps;
  const contactInbox = await contactInboxOf(deps, conversation);
  const { attachments, echo_id, ...values } = input;
  const { message, created } = await createMessageOnce(
    db,
    {
      account_id: conversation.account_id,
      inbox_id: conversation.inbox_id,
      conversation_id: conversation.id,
      ...values,
      agent_echo_id: echo_id,
      sender_type: agent ? 'User' : null,
      sender_id: agent?.id ?? null,
    },
    attachments,
  );
  if (!created) return { view: await loadMessageView(db, conversation, contactInbox, message), created: false };
  const updated = await updateConversation(db, conversation.id, { last_activity_at: message.created_at });
  const view = await loadMessageView(db, updated, contactInbox, message);
  broadcastMessage(deps.hub, REALTIME_EVENTS.messageCreated, view, { performer: agent ?? undefined });
  return { view, created: true };
}

/** Pushes `conversation.typing_on/off` to the agents and the contact; private (note) typing stays with agents. */
export async function setTyping(deps: AppDeps, conversation: Conversation, agent: User, on: boolean, isPrivate: boolean): Promise<void> {
  const view = await loadConversationView(deps.db, conversation);
  broadcastTyping(deps.hub, on, view, agent, isPrivate);
}

/** Marks the message deleted (content replaced) and pushes `message.updated`. */
export async function deleteMessage(deps: AppDeps, conversation: Conversation, message: Message, agent: User): Promise<MessageView> {
  const contactInbox = await contactInboxOf(deps, conversation);
  const updated = await updateMessage(deps.db, message.id, {
    content: DELETED_CONTENT,
    content_attributes: { ...message.content_attributes, deleted: true },
  });
  const view = await loadMessageView(deps.db, conversation, contactInbox, updated);
  broadcastMessage(deps.hub, REALTIME_EVENTS.messageUpdated, view, {
    performer: agent,
    previousChanges: {
      content: [message.content, DELETED_CONTENT],
      content_attributes: [message.content_attributes, updated.content_attributes],
    },
  });
  return view;
}
