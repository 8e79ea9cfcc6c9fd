import type { DeliveryStatus, WidgetMessage } from '../../shared/types';

/**
 * A message as the widget holds it: server messages keyed by their numeric id, optimistic
 * copies keyed by the string `echo_id` the widget generated for them.
 */
export interface ChatMessage extends Omit<WidgetMessage, 'id'> {
  id: number | string;
  status: DeliveryStatus;
  /**
   * Set on a failed send (docs/behaviour.md#sending-messages): an empty error as in Chatwoot, or
   * why the server refused it.
   */
  meta?: { error: '' | SendRefusal };
  /** A visitor's message still `in_progress` that could not reach the server yet: it goes by itself when it can. */
  waiting?: boolean;
  /** How much of the visitor's file has gone, 0–100, while it uploads; unknown until the browser says. */
  progress?: number;
  /** A survey's rating the visitor chose and has not sent (docs/behaviour.md#csat): still chosen when the view shows it again. */
  chosenRating?: number;
}

/** Why the server refused a visitor's message: their session is over (401, 403), or anything else. */
export type SendRefusal = 'session' | 'refused';

export type MessageMap = ReadonlyMap<number | string, ChatMessage>;
