/**
 * The realtime event table: which widget action handles which cable event
 * (docs/protocol.md#events). The actions live in widget state; this module only routes.
 */
import type { RealtimeEnvelope } from '../../shared/cable';
import type { RealtimeActions } from '../state/realtimeActions';

// The payloads are the wire's, typed once in src/shared (the server's presenters satisfy them).
export type { RealtimeMessage, RealtimeTyping } from '../../shared/cable';

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
