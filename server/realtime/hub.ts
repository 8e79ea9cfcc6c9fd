/**
 * Fan-out keyed by stream (a pubsub token, `account_<id>`, an inbox's presence stream): the
 * cable connections subscribe, the routes broadcast. On its own a hub serves one process; with
 * a transport (Redis pub/sub, `server/redis/redisHubTransport.ts`) every broadcast is delivered
 * to this process's listeners at once and published for the others, tagged with this hub's
 * origin, which skips its own publications when the broker hands them back: a listener hears
 * each event once whichever process sent it.
 */
import { randomBytes } from 'node:crypto';
import type { RealtimeEnvelope, RealtimeEventName } from '../../src/shared/cable';
import { SILENT_LOGGER, type Logger } from '../observability/logger';

/** Receives each event of a stream, as an object and as the JSON text of `{event, data}`. */
export type HubListener = (envelope: RealtimeEnvelope, json: string) => void;

/** A broker shared by several processes; the hub joins a stream's channel while it has listeners. */
export interface HubTransport {
  /** Sends `json` to every process listening to `stream`. */
  publish(stream: string, json: string): void;
  /** Starts handing `stream`'s events to `receive`; resolves once the broker has confirmed it. */
  join(stream: string, receive: (json: string) => void): Promise<void>;
  /** Stops receiving `stream`. */
  leave(stream: string): void;
}

export class Hub {
  private readonly rooms = new Map<string, Set<HubListener>>();
  /** The broker's confirmation of each joined stream. */
  private readonly joined = new Map<string, Promise<void>>();
  /** Tags this process's publications (`<origin>\n<json>`). */
  private readonly origin = randomBytes(9).toString('base64url');

  /** `transport` shares events with other processes (Redis); without it they stay in this one. */
  constructor(
    private readonly transport?: HubTransport,
    private readonly logger: Logger = SILENT_LOGGER,
  ) {}

  /** Delivers every broadcast to `token` to `listener` until the returned function is called. */
  subscribe(token: string, listener: HubListener): () => void {
    let room = this.rooms.get(token);
    if (!room) {
      this.rooms.set(token, (room = new Set()));
      if (this.transport) {
        const joining = this.transport.join(token, (message) => this.receive(token, message));
        // A failed join surfaces through `ready()`; nobody else awaits it.
        joining.catch(() => {});
        this.joined.set(token, joining);
      }
    }
    room.add(listener);
    return () => this.unsubscribe(token, listener);
  }

  /**
   * Resolves once broadcasts to `token` from any process reach this one: a cable subscription
   * is confirmed only then, so the client's gap fill that follows cannot miss a message. When
   * the broker cannot be reached it resolves all the same: the subscription hears this process
   * meanwhile, and once the broker is back every client is told to reconnect and catch up
   * (`Coordination.onEventsMissed`).
   */
  ready(token: string): Promise<void> {
    return this.joined.get(token)?.catch(() => {}) ?? Promise.resolve();
  }

  /** Stops delivering `token`'s broadcasts to `listener`. */
  unsubscribe(token: string, listener: HubListener): void {
    const room = this.rooms.get(token);
    if (!room) return;
    room.delete(listener);
    if (room.size > 0) return;
    this.rooms.delete(token);
    if (this.transport) {
      this.joined.delete(token);
      this.transport.leave(token);
    }
  }

  /** Sends `{event, data}` to every listener of `token`, in every process. */
  broadcast<D>(token: string, event: RealtimeEventName, data: D): void {
    // Alone, a hub whose process has no listener of `token` has nobody to tell: serialising the
    // event would be work for nothing (a visitor writing with no socket open, no agent console).
    if (!this.transport && !this.rooms.has(token)) return;
    const envelope: RealtimeEnvelope<D> = { event, data };
    const json = JSON.stringify(envelope);
    // Published first: the other processes start their fan-out while this one does its own.
    this.transport?.publish(token, `${this.origin}\n${json}`);
    this.deliver(token, json, envelope);
  }

  /** A publication the broker delivered: another process's event, or this one's own coming back. */
  private receive(token: string, message: string): void {
    const newline = message.indexOf('\n');
    if (newline < 0 || message.slice(0, newline) === this.origin) return;
    this.deliver(token, message.slice(newline + 1));
  }

  /** Hands an event to this process's listeners of `token`; returns how many received it. */
  deliver(token: string, json: string, envelope: RealtimeEnvelope = JSON.parse(json) as RealtimeEnvelope): number {
    const room = this.rooms.get(token);
    if (!room) return 0;
    let delivered = 0;
    for (const listener of [...room]) {
      // One broken connection must not stop the others from receiving the event.
      try {
        listener(envelope, json);
        delivered++;
      } catch (error) {
        this.logger.error({ err: error }, 'realtime listener failed');
      }
    }
    return delivered;
  }

  /** Whether anyone in this process listens to `token`. */
  isSubscribed(token: string): boolean {
    return this.rooms.has(token);
  }

  /** How many subscriptions are live in this process, across every token (the `/metrics` gauge). */
  listenerCount(): number {
    let count = 0;
    for (const room of this.rooms.values()) count += room.size;
    return count;
  }

  /** Every token with at least one listener in this process. */
  tokens(): string[] {
    return [...this.rooms.keys()];
  }
}
