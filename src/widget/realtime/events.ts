/**
 * The realtime event table: which widget action handles which cable event
 * (docs/protocol.md#events). The actions live in widget state; this module only routes.
 */
import type { RealtimeEnvelope, RealtimeEventName } from '../../shared/cable';
import type { AvailabilityStatus, ConversationStatus, Sender, WidgetMessage } from '../../shared/types';

/** `Message#push_event_data`: a widget message plus the columns the widget list omits. */
export type RealtimeMessage = WidgetMessage & {
  account_id: number;
  inbox_id?: number;
  private?: boolean;
  sender_id?: number | null;
};

/** `Conversations::EventDataPresenter`, reduced to what a widget reads. */
export interface RealtimeConversation {
  id: number;
  inbox_id: number;
  status: ConversationStatus;
  account_id: number;
  /** Unix seconds, 0 when never. */
  contact_last_seen_at?: number;
  contact_inbox?: { pubsub_token?: string };
  [field: string]: unknown;
}

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
}

/** One optional action per event name. */
export type RealtimeActions = { [E in RealtimeEventName]?: (data: RealtimeEventData[E]) => void };

/**
 * Builds the cable's `onEvent`: looks the event name up in `actions` and calls the action with
 * the event's `data`. Unknown events, and events without an action, are ignored.
 */
export function createRealtimeDispatcher(actions: RealtimeActions): (envelope: RealtimeEnvelope) => void {
  return (envelope) => {
    const event = envelope?.event;
    // Own properties only: an event named "constructor" must not reach Object.prototype.
    if (typeof event !== 'string' || !Object.hasOwn(actions, event)) return;
    (actions[event] as ((data: unknown) => void) | undefined)?.(envelope.data);
  };
}
