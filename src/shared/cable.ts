/**
 * The ActionCable wire protocol as the widget and the reference server speak it
 * (docs/protocol.md#realtime, Rails ActionCable 6.1 client monitor semantics).
 */
import type { ConversationPushData, MessagePushData } from './applicationApi';
import type { AvailabilityStatus, MessagesPage, Sender, WidgetMessage } from './types';

export const CABLE_PATH = '/cable';
export const CABLE_PROTOCOLS = ['actioncable-v1-json', 'actioncable-unsupported'];
export const ROOM_CHANNEL = 'RoomChannel';

/** Server pings every 3 s; the client counts a connection stale after two missed pings. */
export const PING_INTERVAL_MS = 3_000;
export const STALE_THRESHOLD_MS = 6_000;
/** After a stale detection the socket is closed and reopened this much later. */
export const REOPEN_DELAY_MS = 500;
/** Reconnect back-off: clamp(MULTIPLIER · ln(attempts + 1), MIN, MAX) seconds. */
export const POLL_MIN_S = 3;
export const POLL_MAX_S = 30;
export const POLL_MULTIPLIER = 5;
/** The widget refreshes its presence this often (`update_presence`). */
export const PRESENCE_INTERVAL_MS = 20_000;

/** The widget's subscription identifier is exactly this JSON string (docs/protocol.md#frames). */
export function roomIdentifier(pubsubToken: string): string {
  return JSON.stringify({ channel: ROOM_CHANNEL, pubsub_token: pubsubToken });
}

/**
 * An agent's identifier, as Chatwoot's dashboard builds it: their own pubsub token with the
 * account and user ids; it streams the account's events too (docs/protocol.md#agents-on-the-cable).
 */
export function agentRoomIdentifier(pubsubToken: string, accountId: number, userId: number): string {
  return JSON.stringify({ channel: ROOM_CHANNEL, pubsub_token: pubsubToken, account_id: accountId, user_id: userId });
}

/**
 * What a subscriber may `perform` on RoomChannel. `update_presence` is Chatwoot's; `catch_up` is
 * the reference server's own (docs/protocol.md#realtime-catch-up): the messages after `after`,
 * answered to the asking subscription only as a `catch_up` event. A widget asks for it only on
 * a page whose data the reference server rendered, never through the gateway to Chatwoot.
 */
export const CABLE_ACTIONS = {
  updatePresence: 'update_presence',
  catchUp: 'catch_up',
} as const;

export type CableAction = (typeof CABLE_ACTIONS)[keyof typeof CABLE_ACTIONS];

export type ServerFrame =
  | { type: 'welcome' }
  | { type: 'ping'; message: number }
  | { type: 'confirm_subscription' | 'reject_subscription'; identifier: string }
  | { type: 'disconnect'; reason: string; reconnect: boolean }
  | { identifier: string; message: RealtimeEnvelope; type?: undefined };

export type ClientFrame =
  | { command: 'subscribe' | 'unsubscribe'; identifier: string }
  | { command: 'message'; identifier: string; data: string };

/** A broadcast on the room channel: `{ event, data }`. */
export interface RealtimeEnvelope<D = unknown> {
  event: RealtimeEventName;
  data: D;
}

/** Events a contact's token may receive (docs/protocol.md#events). */
export const REALTIME_EVENTS = {
  messageCreated: 'message.created',
  messageUpdated: 'message.updated',
  conversationCreated: 'conversation.created',
  conversationStatusChanged: 'conversation.status_changed',
  conversationUpdated: 'conversation.updated',
  typingOn: 'conversation.typing_on',
  typingOff: 'conversation.typing_off',
  presenceUpdate: 'presence.update',
  contactMerged: 'contact.merged',
  /** The answer to the `catch_up` action, never broadcast. */
  catchUp: 'catch_up',
} as const;

export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/**
 * `Message#push_event_data` (`MessagePushData` in `applicationApi.ts`, the one full description)
 * as the widget reads it: a widget message whose other push-data fields it may ignore.
 */
export type RealtimeMessage = WidgetMessage &
  Pick<MessagePushData, 'account_id'> &
  Partial<Omit<MessagePushData, keyof WidgetMessage | 'account_id'>>;

/** `Conversations::EventDataPresenter` (`ConversationPushData`), reduced to what the widget reads. */
export type RealtimeConversation = Pick<ConversationPushData, 'id' | 'inbox_id' | 'status' | 'account_id'> &
  Partial<Pick<ConversationPushData, 'contact_last_seen_at'>> & {
    contact_inbox?: Partial<ConversationPushData['contact_inbox']>;
  };

/** `conversation.typing_on` / `typing_off`. */
export interface RealtimeTyping {
  conversation: RealtimeConversation;
  user: Sender;
  is_private: boolean;
  account_id: number;
}

/** The `data` of each event a contact token can receive. */
export interface RealtimeEventData {
  'message.created': RealtimeMessage;
  'message.updated': RealtimeMessage & { previous_changes?: Record<string, [unknown, unknown]> };
  'conversation.created': RealtimeConversation;
  'conversation.status_changed': RealtimeConversation;
  'conversation.updated': RealtimeConversation;
  'conversation.typing_on': RealtimeTyping;
  'conversation.typing_off': RealtimeTyping;
  /** Agents missing from `users` are offline. */
  'presence.update': { account_id: number; users: Record<string, AvailabilityStatus> };
  /** Never sent to contacts by Chatwoot; handled for servers that do (new `pubsub_token`). */
  'contact.merged': { pubsub_token?: string; [field: string]: unknown };
  /** What `GET /messages?after=` answers for the same point. */
  catch_up: MessagesPage;
}
