/**
 * What agents (and bots) do through the Application API, with the realtime events each action
 * sends to the conversation's contact, and the messages the inbox sends by itself (a campaign's,
 * the CSAT survey, the e-mail ask). Whoever writes a message, here is what follows from it.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE, type ContentType, type MessageType } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { MessageView } from '../presenters/message';
import type { NewAttachment } from '../repositories/attachments';
import { findContactInbox } from '../repositories/contacts';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { createMessageOnce } from '../repositories/messageCreation';
import { updateMessage, type Message } from '../repositories/messages';
import type { User } from '../repositories/users';
import { broadcastMessage, broadcastTyping } from './broadcast';
import { mailReplyIfAway } from './replyByEmail';
import { teamRead } from './teamReceipts';
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

/** A message and whether this call stored it (false: its `echo_id` was stored before). */
export interface PostedMessage {
  view: MessageView;
  created: boolean;
}

/**
 * A message the inbox sends by itself (a campaign's, the CSAT survey, the e-mail ask), from
 * `sender` (a campaign's) or from nobody: stores it (and its attachments, together) and pushes
 * `message.created` to the contact unless private. No one has answered, so it reads nothing and
 * mails nobody; an agent's message is `postAgentMessage`. A repeated `echo_id` answers with the
 * stored message and `created: false`.
 */
export async function postInboxMessage(
  deps: AppDeps,
  conversation: Conversation,
  sender: User | null,
  input: AgentMessageInput,
): Promise<PostedMessage> {
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
      sender_type: sender ? 'User' : null,
      sender_id: sender?.id ?? null,
    },
    attachments,
  );
  if (!created) return { view: await loadMessageView(db, conversation, contactInbox, message), created: false };
  const updated = await updateConversation(db, conversation.id, { last_activity_at: message.created_at });
  const view = await loadMessageView(db, updated, contactInbox, message);
  broadcastMessage(deps.hub, REALTIME_EVENTS.messageCreated, view, { performer: sender ?? undefined });
  return { view, created: true };
}

/**
 * An agent's (or a bot's) message, by whatever path it comes: stored as `postInboxMessage` stores
 * it, and when it answers the visitor (public and outgoing; a private note or an activity is no
 * answer) the agent has read what came before, and a visitor who has left gets it by e-mail
 * (docs/behaviour.md#away-visitors). A repeated `echo_id` does neither again.
 */
export async function postAgentMessage(
  deps: AppDeps,
  conversation: Conversation,
  agent: User,
  input: AgentMessageInput,
): Promise<PostedMessage> {
  const posted = await postInboxMessage(deps, conversation, agent, input);
  const { message } = posted.view;
  if (posted.created && !message.private && message.message_type === MESSAGE_TYPE.outgoing) {
    await teamRead(deps, posted.view.conversation);
    await mailReplyIfAway(deps, posted.view);
  }
  return posted;
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
