/** Wire shapes as the server sends them, for the agent console's tests. */
import type { AgentMessage, AgentProfile, ConversationPushData, MessagePushData } from '../../src/shared/applicationApi';
import { MESSAGE_TYPE } from '../../src/shared/types';

export const contact = (fields: Partial<ConversationPushData['meta']['sender']> = {}): ConversationPushData['meta']['sender'] => ({
  id: 5,
  name: 'quiet-river-482',
  email: null,
  phone_number: null,
  identifier: null,
  thumbnail: '',
  additional_attributes: {},
  custom_attributes: {},
  blocked: false,
  type: 'contact',
  ...fields,
});

export function conversation(fields: Partial<ConversationPushData> = {}): ConversationPushData {
  return {
    id: 1,
    inbox_id: 1,
    status: 'open',
    channel: 'Channel::WebWidget',
    can_reply: true,
    priority: null,
    labels: [],
    custom_attributes: {},
    additional_attributes: { referer: 'https://shop.example/pricing' },
    contact_inbox: {
      id: 9,
      contact_id: 5,
      inbox_id: 1,
      source_id: 'src',
      hmac_verified: false,
      pubsub_token: 'tok',
      created_at: '2024-06-10T06:00:00.000Z',
      updated_at: '2024-06-10T06:00:00.000Z',
    },
    messages: [],
    meta: { sender: contact(), assignee: null, assignee_type: null, team: null, hmac_verified: false },
    snoozed_until: null,
    unread_count: 0,
    first_reply_created_at: null,
    waiting_since: 0,
    agent_last_seen_at: 0,
    contact_last_seen_at: 0,
    last_activity_at: 1_718_000_000,
    timestamp: 1_718_000_000,
    created_at: 1_718_000_000,
    updated_at: 1_718_000_000,
    account_id: 1,
    ...fields,
  };
}

export function message(fields: Partial<MessagePushData> = {}): MessagePushData {
  return {
    id: 100,
    content: 'Hello?',
    inbox_id: 1,
    conversation_id: 1,
    message_type: MESSAGE_TYPE.incoming,
    content_type: 'text',
    status: 'sent',
    content_attributes: {},
    created_at: 1_718_000_100,
    private: false,
    source_id: null,
    sender_type: 'Contact',
    sender: contact(),
    account_id: 1,
    updated_at: '2024-06-10T06:15:00.000Z',
    sender_id: 5,
    external_source_ids: {},
    additional_attributes: {},
    processed_message_content: 'Hello?',
    sentiment: {},
    conversation: { assignee_id: null, unread_count: 0, last_activity_at: 1_718_000_100, contact_inbox: { source_id: 'src' } },
    ...fields,
  };
}

export const agentReply = (fields: Partial<AgentMessage> = {}): AgentMessage => ({
  id: 101,
  content: 'Hi! How can I help?',
  inbox_id: 1,
  conversation_id: 1,
  message_type: MESSAGE_TYPE.outgoing,
  content_type: 'text',
  status: 'sent',
  content_attributes: {},
  created_at: 1_718_000_200,
  private: false,
  source_id: null,
  sender_type: 'User',
  sender: { id: 1, name: 'Wren Admin', available_name: 'Wren', avatar_url: '', type: 'user', availability_status: 'online', thumbnail: '' },
  ...fields,
});

export const profile = (fields: Partial<AgentProfile> = {}): AgentProfile => ({
  id: 1,
  name: 'Wren Admin',
  display_name: 'Wren',
  available_name: 'Wren',
  email: 'admin@wren.localhost',
  avatar_url: '',
  pubsub_token: 'agent-token',
  availability: 'online',
  availability_status: 'online',
  auto_offline: false,
  accounts: [{ id: 1, name: 'Wren', role: 'administrator', availability: 'online', availability_status: 'online', auto_offline: false }],
  ...fields,
});
