/**
 * In-process fan-out keyed by pubsub token: the cable connections subscribe, the routes
 * broadcast. One process only; a multi-process deployment would put a broker behind this API.
 */
import type { RealtimeEnvelope, RealtimeEventName } from '../../src/shared/cable';

export type HubListener = (envelope: RealtimeEnvelope) => void;

export class Hub {
  private readonly rooms = new Map<string, Set<HubListener>>();

  /** Delivers every broadcast to `token` to `listener` until the returned function is called. */
  subscribe(token: string, listener: HubListener): () => void {
    let room = this.rooms.get(token);
    if (!room) this.rooms.set(token, (room = new Set()));
    room.add(listener);
    return () => this.unsubscribe(token, listener);
  }

  /** Stops delivering `token`'s broadcasts to `listener`. */
  unsubscribe(token: string, listener: HubListener): void {
    const room = this.rooms.get(token);
    if (!room) return;
    room.delete(listener);
    if (room.size === 0) this.rooms.delete(token);
  }

  /** Sends `{event, data}` to every listener of `token`; returns how many received it. */
  broadcast<D>(token: string, event: RealtimeEventName, data: D): number {
    const room = this.rooms.get(token);
    if (!room) return 0;
    const envelope: RealtimeEnvelope<D> = { event, data };
    let delivered = 0;
    for (const listener of [...room]) {
      // One broken connection must not stop the others from receiving the event.
      try {
        listener(envelope);
        delivered++;
      } catch (error) {
        console.error('realtime listener failed', error);
      }
    }
    return delivered;
  }

  /** Whether anyone currently listens to `token`. */
  isSubscribed(token: string): boolean {
    return this.rooms.has(token);
  }

  /** How many subscriptions are live, across every token (the `/metrics` gauge). */
  listenerCount(): number {
    let count = 0;
    for (const room of this.rooms.values()) count += room.size;
    return count;
  }

  /** Every token with at least one listener. */
  tokens(): string[] {
    return [...this.rooms.keys()];
  }
}
