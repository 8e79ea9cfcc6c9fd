/**
 * What happens when a visitor writes: conversation creation, reopening, the flood guard and
 * echo_id idempotency (a retried send is stored exactly once), then the realtime echo.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MAX_MESSAGE_LENGTH } from '../../src/shared/limits';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { isId } from '../lib/storable';
import { ApiError } from '../lib/apiError';
import type { MessageView } from '../presenters/message';
import { updateContact, type Contact, type ContactInbox } from '../repositories/contacts';
import { createConversation, latestConversation, updateConversation, type Conversation } from '../repositories/conversations';
import type { Inbox } from '../repositories/inboxes';
import type { NewAttachment } from '../repositories/attachments';
import { createMessageOnce } from '../repositories/messageCreation';
import { countIncomingSince, findMessage, findVisitorSend } from '../repositories/messages';
import { broadcastConversation, broadcastMessage } from './broadcast';
import { setConversationStatus } from './conversationStatus';
import { collectEmailIfAway } from './emailCollect';
import { loadConversationView, loadMessageView } from './viewLoaders';

/** The authenticated visitor of a widget request. */
export interface Visitor {
  inbox: Inbox;
  contactInbox: ContactInbox;
  contact: Contact;
}

export interface IncomingMessage {
  content?: string | null;
  echo_id?: string | null;
  reply_to?: number | string | null;
  referer_url?: string | null;
  timestamp?: unknown;
  /** Uploaded files (already committed to disk); content may then be blank. */
  attachments?: NewAttachment[];
}

/**
 * Runs `task` after every earlier task of this visitor: whatever may create their conversation
 * (a first message, a retried send, a campaign) goes through here, so only one is ever made —
 * also when a retry reaches another process (`deps.locks` spans processes in the scaled mode).
 */
export function withVisitorLock<T>(deps: AppDeps, contactInboxId: number, task: () => Promise<T>): Promise<T> {
  return deps.locks.run(`contact-inbox:${contactInboxId}`, task);
}

/** 422 unless `content` is non-blank and at most 10 000 characters. */
export function checkContent(content: string | null | undefined): string {
  if (typeof content !== 'string' || content.trim() === '') throw new ApiError(422, "Message content can't be blank");
  if (content.length > MAX_MESSAGE_LENGTH)
    throw new ApiError(422, `Message content is too long (maximum is ${MAX_MESSAGE_LENGTH} characters)`);
  return content;
}

/** Starts a new conversation for the visitor and tells their widget. */
export async function startConversation(
  deps: AppDeps,
  visitor: Visitor,
  attributes: { referer_url?: string | null; timestamp?: unknown; custom_attributes?: Record<string, unknown> } = {},
): Promise<Conversation> {
  const conversation = await createConversation(deps.db, {
    account_id: visitor.inbox.account_id,
    inbox_id: visitor.inbox.id,
    contact_id: visitor.contact.id,
    contact_inbox_id: visitor.contactInbox.id,
    status: visitor.contact.blocked ? 'resolved' : 'open',
    custom_attributes: attributes.custom_attributes ?? {},
    additional_attributes: {
      referer: attributes.referer_url ?? null,
      initiated_at: { timestamp: typeof attributes.timestamp === 'string' ? attributes.timestamp.slice(0, 100) : new Date().toString() },
    },
  });
  const view = await loadConversationView(deps.db, conversation, { contactInbox: visitor.contactInbox });
  broadcastConversation(deps.hub, REALTIME_EVENTS.conversationCreated, view);
  return conversation;
}

/**
 * Stores the visitor's message in their latest conversation (creating or reopening it) and
 * broadcasts `message.created`. A repeated `echo_id` returns the stored message untouched, a
 * retried start of a conversation (`newConversation`) included. A resolved conversation is
 * reopened only where the inbox allows messages after resolving; elsewhere the message starts a
 * new one (docs/protocol.md#messages).
 */
export async function postIncomingMessage(
  deps: AppDeps,
  visitor: Visitor,
  input: IncomingMessage,
  options: { newConversation?: boolean; custom_attributes?: Record<string, unknown>; locale?: string | null } = {},
): Promise<{ view: MessageView; created: boolean }> {
  const hasAttachments = (input.attachments?.length ?? 0) > 0;
  // An attachment may come without a caption; a caption, when given, obeys the usual limits.
  const content = hasAttachments && !input.content?.trim() ? null : checkContent(input.content);
  return withVisitorLock(deps, visitor.contactInbox.id, async () => {
    const { db } = deps;
    let conversation = await latestConversation(db, visitor.contactInbox);
    // Before the flood guard: a retried send answers with its stored copy and never counts twice.
    if (conversation && input.echo_id) {
      const existing = await findVisitorSend(db, conversation.id, input.echo_id);
      if (existing) return { view: await loadMessageView(db, conversation, visitor.contactInbox, existing), created: false };
    }
    if (options.newConversation || (conversation?.status === 'resolved' && !visitor.inbox.allow_messages_after_resolved))
      conversation = undefined;
    // The flood guard counts what is stored: a visitor's outbox sending a backlog at once is
    // within Chatwoot's default of 200 a minute.
    if (conversation && (await countIncomingSince(db, conversation.id, Date.now() - 60_000)) >= deps.config.conversationMessagesPerMinute) {
      throw new ApiError(422, 'Too many messages');
    }
    if (!conversation) {
      conversation = await startConversation(deps, visitor, {
        referer_url: input.referer_url,
        timestamp: input.timestamp,
        custom_attributes: options.custom_attributes,
      });
    } else if (conversation.status === 'resolved' || conversation.status === 'snoozed') {
      conversation = await setConversationStatus(deps, conversation, 'open', null, { contactInbox: visitor.contactInbox });
    }
    // A reply may only quote a message of the same conversation.
    // A reply to anything but a message id is sent as a plain message.
    const replyTo = input.reply_to != null && /^\d+$/.test(String(input.reply_to)) ? Number(input.reply_to) : null;
    const quoted = isId(replyTo) ? await findMessage(db, conversation.id, replyTo) : undefined;
    const { message, created } = await createMessageOnce(
      db,
      {
        account_id: conversation.account_id,
        inbox_id: conversation.inbox_id,
        conversation_id: conversation.id,
        message_type: MESSAGE_TYPE.incoming,
        content,
        echo_id: input.echo_id ?? null,
        content_attributes: quoted ? { in_reply_to: quoted.id } : {},
        sender_type: 'Contact',
        sender_id: visitor.contact.id,
      },
      input.attachments,
    );
    if (!created) return { view: await loadMessageView(db, conversation, visitor.contactInbox, message), created: false };
    conversation = await updateConversation(db, conversation.id, { last_activity_at: message.created_at });
    await updateContact(db, visitor.contact.id, { last_activity_at: message.created_at });
    const view = await loadMessageView(db, conversation, visitor.contactInbox, message);
    broadcastMessage(deps.hub, REALTIME_EVENTS.messageCreated, view);
    await collectEmailIfAway(deps, visitor, conversation, options.locale);
    return { view, created: true };
  });
}
