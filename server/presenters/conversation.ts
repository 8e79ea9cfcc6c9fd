/**
 * Conversation shapes: the widget's summary (docs/protocol.md#conversations) and the push
 * data used by realtime events and the Application API (#events, #application-api).
 */
import type { ConversationPushData } from '../../src/shared/applicationApi';
import type { ConversationSummary } from '../../src/shared/types';
import type { Contact, ContactInbox } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import type { User } from '../repositories/users';
import { contactPushData } from './contact';
import { type Audience, messagePushData, type MessageView } from './message';
import { iso, seconds } from './time';
import { userPushData } from './user';

/** A conversation with everything its push data mentions. */
export interface ConversationView {
  conversation: Conversation;
  contactInbox: ContactInbox;
  contact: Contact;
  assignee: User | null;
  lastMessage: MessageView | null;
  /** Label titles. */
  labels: string[];
  /** Cable tokens that receive this conversation's events (see `audienceTokens`). */
  audience: string[];
}

/** `GET /api/v1/widget/conversations`. */
export function conversationSummary(conversation: Conversation): ConversationSummary {
  return {
    id: conversation.display_id,
    inbox_id: conversation.inbox_id,
    contact_last_seen_at: seconds(conversation.contact_last_seen_at) ?? 0,
    status: conversation.status,
  };
}

/**
 * The Application API's conversation: the push data, with the contact's presence on
 * `meta.sender` as Chatwoot's contact partial carries it (docs/protocol.md#presence).
 */
export function conversationJson(view: ConversationView, contactOnline: boolean) {
  const data = conversationPushData(view, 'agents');
  return { ...data, meta: { ...data.meta, sender: { ...data.meta.sender, availability_status: contactOnline ? 'online' : 'offline' } } };
}

/** `Conversations::EventDataPresenter`: realtime `data` and the Application API conversation, as `audience` gets it. */
export function conversationPushData(view: ConversationView, audience: Audience): ConversationPushData {
  const { conversation, contactInbox, contact, assignee } = view;
  return {
    id: conversation.display_id,
    inbox_id: conversation.inbox_id,
    status: conversation.status,
    channel: 'Channel::WebWidget',
    can_reply: true,
    priority: conversation.priority,
    labels: view.labels,
    custom_attributes: conversation.custom_attributes,
    additional_attributes: conversation.additional_attributes,
    contact_inbox: {
      id: contactInbox.id,
      contact_id: contactInbox.contact_id,
      inbox_id: contactInbox.inbox_id,
      source_id: contactInbox.source_id,
      hmac_verified: contactInbox.hmac_verified,
      pubsub_token: contactInbox.pubsub_token,
      created_at: iso(contactInbox.created_at),
      updated_at: iso(contactInbox.updated_at),
    },
    messages: view.lastMessage ? [messagePushData(view.lastMessage, audience)] : [],
    meta: {
      sender: contactPushData(contact),
      assignee: assignee ? userPushData(assignee) : null,
      assignee_type: assignee ? 'User' : null,
      team: null,
      hmac_verified: contactInbox.hmac_verified,
    },
    snoozed_until: seconds(conversation.snoozed_until),
    unread_count: 0,
    first_reply_created_at: null,
    waiting_since: 0,
    agent_last_seen_at: seconds(conversation.agent_last_seen_at) ?? 0,
    contact_last_seen_at: seconds(conversation.contact_last_seen_at) ?? 0,
    last_activity_at: seconds(conversation.last_activity_at),
    timestamp: seconds(conversation.last_activity_at),
    created_at: seconds(conversation.created_at),
    updated_at: conversation.updated_at / 1000,
    account_id: conversation.account_id,
  };
}
