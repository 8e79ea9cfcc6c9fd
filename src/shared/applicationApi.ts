/**
 * Shapes of the Application API subset and of the agents' realtime events
 * (docs/protocol.md#application-api, docs/protocol.md#agents-on-the-cable). The server's
 * presenters produce them (`satisfies`) and the agent console reads them, so a field renamed on
 * one side breaks the build. Types only.
 */
import type { AvailabilityStatus, Attachment, ContentType, ConversationStatus, DeliveryStatus, MessageType } from './types';

/** `User#push_event_data`: an agent as a message sender, typist or assignee. */
export interface UserPushData {
  id: number;
  name: string;
  available_name: string;
  avatar_url: string;
  type: 'user';
  availability_status: AvailabilityStatus;
  thumbnail: string;
}

/** `Contact#push_event_data`: the contact as a message sender or a conversation's `meta.sender`. */
export interface ContactPushData {
  id: number;
  name: string;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  thumbnail: string;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  blocked: boolean;
  type: 'contact';
}

export type SenderType = 'Contact' | 'User' | 'AgentBot';

/** The Application API's message: list item and create/delete answer. */
export interface AgentMessage {
  id: number;
  content: string | null;
  inbox_id: number;
  echo_id?: string;
  conversation_id: number;
  message_type: MessageType;
  content_type: ContentType;
  status: Exclude<DeliveryStatus, 'in_progress'>;
  content_attributes: Record<string, unknown>;
  created_at: number;
  private: boolean;
  source_id: string | null;
  sender_type: SenderType | null;
  sender?: UserPushData | ContactPushData;
  attachments?: Attachment[];
}

/** `Message#push_event_data`: the `data` of `message.created` / `message.updated`. */
export interface MessagePushData extends AgentMessage {
  account_id: number;
  updated_at: string;
  sender_id: number | null;
  external_source_ids: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  processed_message_content: string | null;
  sentiment: Record<string, unknown>;
  conversation: {
    assignee_id: number | null;
    unread_count: number;
    last_activity_at: number;
    contact_inbox: { source_id: string };
  };
  previous_changes?: Record<string, [unknown, unknown]>;
}

/** `Conversations::EventDataPresenter`: an Application API conversation and the conversation events' `data`. */
export interface ConversationPushData {
  id: number;
  inbox_id: number;
  status: ConversationStatus;
  channel: 'Channel::WebWidget';
  can_reply: boolean;
  priority: string | null;
  labels: string[];
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  contact_inbox: {
    id: number;
    contact_id: number;
    inbox_id: number;
    source_id: string;
    hmac_verified: boolean;
    pubsub_token: string;
    created_at: string;
    updated_at: string;
  };
  messages: MessagePushData[];
  meta: {
    sender: ContactPushData;
    assignee: UserPushData | null;
    assignee_type: 'User' | null;
    team: null;
    hmac_verified: boolean;
  };
  snoozed_until: number | null;
  unread_count: number;
  first_reply_created_at: number | null;
  waiting_since: number;
  agent_last_seen_at: number;
  contact_last_seen_at: number;
  last_activity_at: number;
  timestamp: number;
  created_at: number;
  updated_at: number;
  account_id: number;
}

/** `GET /conversations`. */
export interface ConversationList {
  data: {
    meta: { mine_count: number; assigned_count: number; unassigned_count: number; all_count: number };
    payload: ConversationPushData[];
  };
}

/** `GET /conversations/{id}/messages`. */
export interface MessageList {
  meta: {
    labels: string[];
    additional_attributes: Record<string, unknown>;
    contact: ContactPushData;
    assignee?: UserPushData;
    agent_last_seen_at: number | null;
    assignee_last_seen_at: null;
  };
  payload: AgentMessage[];
}

/** `GET /api/v1/profile` (and the answer of `POST /api/v1/profile/availability`). */
export interface AgentProfile {
  id: number;
  name: string;
  display_name: string | null;
  available_name: string;
  email: string;
  avatar_url: string;
  /** The agent's own cable token: subscribe with it, `account_id` and `user_id`. */
  pubsub_token: string;
  availability: AvailabilityStatus;
  availability_status: AvailabilityStatus;
  /** Offline for visitors once the agent shows no sign of life (docs/protocol.md#presence). */
  auto_offline: boolean;
  accounts: {
    id: number;
    name: string;
    role: 'administrator' | 'agent';
    availability: AvailabilityStatus;
    availability_status: AvailabilityStatus;
    auto_offline: boolean;
  }[];
}

/** `data` of `conversation.typing_on` / `typing_off`: the contact's typing reaches agents, an agent's the contact. */
export interface TypingEventData {
  conversation: ConversationPushData;
  user: UserPushData | ContactPushData;
  is_private: boolean;
  account_id: number;
}
