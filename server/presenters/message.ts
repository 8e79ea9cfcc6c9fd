/**
 * Message shapes: the widget list item (docs/protocol.md#shapes), the widget's
 * created-message response (#messages), the realtime push data (#events) and the Application API
 * message (#application-api).
 */
import type { AgentMessage, MessagePushData } from '../../src/shared/applicationApi';
import type { RealtimeMessage } from '../../src/shared/cable';
import { type Attachment, type CreatedMessage, MESSAGE_TYPE, type WidgetMessage } from '../../src/shared/types';
import { publicUrl } from '../lib/publicUrl';
import type { Contact, ContactInbox } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import type { AttachmentRow, Message } from '../repositories/messages';
import type { User } from '../repositories/users';
import { contactPushData, type ContactPushData } from './contact';
import { iso, seconds } from './time';
import { userPushData, type UserPushData } from './user';

export type MessageSender = { type: 'user'; user: User } | { type: 'contact'; contact: Contact };

/** A message with everything its payloads mention, loaded once by the caller. */
export interface MessageView {
  message: Message;
  conversation: Conversation;
  contactInbox: ContactInbox;
  sender: MessageSender | null;
  attachments: AttachmentRow[];
  /** Cable tokens that receive this message's events (see `audienceTokens`). */
  audience: string[];
}

function senderData(sender: MessageSender | null): UserPushData | ContactPushData | undefined {
  if (!sender) return undefined;
  return sender.type === 'user' ? userPushData(sender.user) : contactPushData(sender.contact);
}

/** Where a stored file is served: `/uploads/<key>/<original name>` (the name is cosmetic). */
export function uploadPath(storageKey: string, fileName: string | null): string {
  return `/uploads/${storageKey}/${encodeURIComponent(fileName || 'file')}`;
}

/**
 * `Attachment#push_event_data` for stored files, locations and shared URLs. `thumb_url` is the
 * image itself: the reference server has no image-resizing library, and the widget scales it.
 */
export function attachmentData(row: AttachmentRow): Attachment {
  const dataUrl = row.external_url ?? (row.storage_key ? publicUrl(uploadPath(row.storage_key, row.file_name)) : '');
  const base = { id: row.id, message_id: row.message_id, file_type: row.file_type as Attachment['file_type'], account_id: row.account_id };
  if (row.file_type === 'location') {
    return {
      ...base,
      data_url: dataUrl,
      coordinates_lat: row.coordinates_lat ?? 0,
      coordinates_long: row.coordinates_long ?? 0,
      fallback_title: row.fallback_title ?? '',
    };
  }
  if (row.file_type === 'fallback') return { ...base, data_url: dataUrl, fallback_title: row.fallback_title ?? '' };
  return {
    ...base,
    extension: row.extension,
    data_url: dataUrl,
    thumb_url: row.file_type === 'image' ? dataUrl : '',
    file_size: row.file_size ?? 0,
    width: row.width,
    height: row.height,
  };
}

const attachmentsOf = (view: MessageView) => (view.attachments.length ? { attachments: view.attachments.map(attachmentData) } : {});

/**
 * Who a message's payload goes to: the account's agents see every `echo_id`, a visitor only
 * their own messages' — an agent's would let them name it in a send of theirs (and a bot that
 * numbers its messages would make its private notes' guessable).
 */
export type Audience = 'agents' | 'visitor';

/** The `echo_id` `audience` may see on the message: the visitor's own, or for agents also theirs. */
function echoOf(view: MessageView, audience: Audience) {
  const { message } = view;
  const visitors = message.message_type === MESSAGE_TYPE.incoming ? message.echo_id : null;
  const echoId = audience === 'agents' ? (visitors ?? message.agent_echo_id) : visitors;
  return echoId ? { echo_id: echoId } : {};
}

/**
 * `GET /api/v1/widget/messages` item. Wren adds `status`, which Chatwoot leaves out, so the
 * widget can show the visitor whether the team has their messages (docs/protocol.md#delivery-status),
 * and a visitor's message's `echo_id`, so a next page knows a message it was left to send is
 * stored already (docs/behaviour.md#the-outbox-across-pages).
 */
export function widgetMessage(view: MessageView): WidgetMessage {
  const { message } = view;
  const sender = senderData(view.sender);
  return {
    id: message.id,
    content: message.content,
    message_type: message.message_type,
    content_type: message.content_type,
    content_attributes: message.content_attributes,
    created_at: seconds(message.created_at),
    conversation_id: view.conversation.display_id,
    status: message.status,
    ...attachmentsOf(view),
    ...(sender && { sender: sender as WidgetMessage['sender'] }),
    ...echoOf(view, 'visitor'),
  };
}

/** `POST /api/v1/widget/messages` response (Chatwoot omits `content_type` and `status`; Wren adds `status`). */
export function createdMessage(view: MessageView) {
  const { message } = view;
  return {
    id: message.id,
    content: message.content,
    inbox_id: message.inbox_id,
    conversation_id: view.conversation.display_id,
    message_type: message.message_type,
    created_at: seconds(message.created_at),
    private: message.private,
    source_id: message.source_id,
    content_attributes: message.content_attributes,
    status: message.status,
    ...attachmentsOf(view),
    sender: senderData(view.sender) ?? null,
    ...echoOf(view, 'visitor'),
  } satisfies CreatedMessage;
}

/** `Message#push_event_data`: the `data` of `message.created` / `message.updated`, as `audience` gets it. */
export function messagePushData(view: MessageView, audience: Audience): MessagePushData {
  const { message, conversation } = view;
  const sender = senderData(view.sender);
  return {
    id: message.id,
    content: message.content,
    account_id: message.account_id,
    inbox_id: message.inbox_id,
    conversation_id: conversation.display_id,
    message_type: message.message_type,
    content_type: message.content_type,
    content_attributes: message.content_attributes,
    status: message.status,
    private: message.private,
    created_at: seconds(message.created_at),
    updated_at: iso(message.updated_at),
    source_id: message.source_id,
    sender_type: message.sender_type,
    sender_id: message.sender_id,
    external_source_ids: {},
    additional_attributes: message.additional_attributes,
    processed_message_content: message.content,
    sentiment: {},
    conversation: {
      assignee_id: conversation.assignee_id,
      unread_count: 0,
      last_activity_at: seconds(conversation.last_activity_at),
      contact_inbox: { source_id: view.contactInbox.source_id },
    },
    ...(sender && { sender }),
    ...attachmentsOf(view),
    ...echoOf(view, audience),
  } satisfies RealtimeMessage;
}

/** The Application API's message (list item and create/delete response). */
export function agentMessage(view: MessageView): AgentMessage {
  const { message } = view;
  const sender = senderData(view.sender);
  return {
    id: message.id,
    content: message.content,
    inbox_id: message.inbox_id,
    ...echoOf(view, 'agents'),
    conversation_id: view.conversation.display_id,
    message_type: message.message_type,
    content_type: message.content_type,
    status: message.status,
    content_attributes: message.content_attributes,
    created_at: seconds(message.created_at),
    private: message.private,
    source_id: message.source_id,
    sender_type: message.sender_type,
    ...(sender && { sender }),
    ...attachmentsOf(view),
  };
}
