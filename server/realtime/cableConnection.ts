/**
 * The ActionCable protocol for one client (docs/protocol.md#frames), independent of the socket so it can
 * be tested with a plain `send` function. The widget's only channel is RoomChannel, keyed by
 * the contact-inbox's pubsub token.
 */
import { ROOM_CHANNEL, REALTIME_EVENTS, type ServerFrame } from '../../src/shared/cable';
import type { Hub, HubListener } from './hub';

/** What the connection needs to know about pubsub tokens. */
export interface CableRooms {
  /** Whether a contact may stream `pubsubToken` (it belongs to a contact-inbox). */
  authorize(pubsubToken: string): Promise<boolean>;
  /** The `presence.update` data for the token's inbox, or null when unknown. */
  presence(pubsubToken: string): Promise<unknown | null>;
}

export interface CableConnectionOptions {
  send: (frame: string) => void;
  hub: Hub;
  rooms: CableRooms;
  /** Asked before each new subscription (a rate limit); false → `reject_subscription`. */
  admitSubscription?: () => Promise<boolean>;
}

/** The widget streams one room; a few more leave room for a page that embeds two widgets. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5;

interface Subscription {
  token: string;
  listener: HubListener;
}

function parseIdentifier(identifier: string): string | null {
  try {
    const params: unknown = JSON.parse(identifier);
    if (!params || typeof params !== 'object') return null;
    const { channel, pubsub_token: token } = params as Record<string, unknown>;
    return channel === ROOM_CHANNEL && typeof token === 'string' && token.length > 0 && token.length <= 256 ? token : null;
  } catch {
    return null;
  }
}

export class CableConnection {
  private readonly subscriptions = new Map<string, Subscription>();
  // Frames are handled one at a time so a `message` never overtakes its own `subscribe`.
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: CableConnectionOptions) {}

  /** Greets the client; call once the socket is open. */
  open(): void {
    this.write({ type: 'welcome' });
  }

  /** Sends the 3-second keep-alive the client's stale monitor expects. */
  ping(nowS = Math.floor(Date.now() / 1000)): void {
    this.write({ type: 'ping', message: nowS });
  }

  /** Tells the client why it is being dropped (e.g. `server_restart`, reconnect true). */
  disconnect(reason: string, reconnect: boolean): void {
    this.write({ type: 'disconnect', reason, reconnect });
  }

  /** Handles one text frame; resolves when it (and any earlier frame) has been processed. */
  receive(raw: string): Promise<void> {
    this.queue = this.queue.then(() => this.handle(raw)).catch((error) => console.error('cable frame failed', error));
    return this.queue;
  }

  /** Drops every subscription; the socket is gone. */
  close(): void {
    this.closed = true;
    for (const { token, listener } of this.subscriptions.values()) this.options.hub.unsubscribe(token, listener);
    this.subscriptions.clear();
  }

  /** How many channels this client streams (for tests and metrics). */
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  private write(frame: ServerFrame): void {
    if (!this.closed) this.options.send(JSON.stringify(frame));
  }

  private async handle(raw: string): Promise<void> {
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return; // Garbage from a client is ignored, as ActionCable does.
    }
    if (!frame || typeof frame !== 'object') return;
    const { command, identifier, data } = frame as Record<string, unknown>;
    if (typeof identifier !== 'string') return;
    if (command === 'subscribe') await this.subscribe(identifier);
    else if (command === 'unsubscribe') this.unsubscribe(identifier);
    else if (command === 'message' && typeof data === 'string') await this.perform(identifier, data);
  }

  private async subscribe(identifier: string): Promise<void> {
    const { hub, rooms } = this.options;
    const token = parseIdentifier(identifier);
    if (this.subscriptions.has(identifier)) {
      this.write({ identifier, type: 'confirm_subscription' });
      return;
    }
    if (
      !token ||
      !this.hasRoomFor(token) ||
      !(await (this.options.admitSubscription?.() ?? true)) ||
      !(await rooms.authorize(token)) ||
      this.closed
    ) {
      this.write({ identifier, type: 'reject_subscription' });
      return;
    }
    // The identifier string is echoed byte-for-byte: the client matches subscriptions by it.
    const listener: HubListener = (message) => this.write({ identifier, message });
    hub.subscribe(token, listener);
    this.subscriptions.set(identifier, { token, listener });
    this.write({ identifier, type: 'confirm_subscription' });
    await this.broadcastPresence(token);
  }

  /**
   * One subscription per token (a second one, under any identifier string, would deliver every
   * broadcast twice) and at most `MAX_SUBSCRIPTIONS_PER_SOCKET` in all.
   */
  private hasRoomFor(token: string): boolean {
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) return false;
    for (const subscription of this.subscriptions.values()) if (subscription.token === token) return false;
    return true;
  }

  private unsubscribe(identifier: string): void {
    const subscription = this.subscriptions.get(identifier);
    if (!subscription) return;
    this.options.hub.unsubscribe(subscription.token, subscription.listener);
    this.subscriptions.delete(identifier);
  }

  private async perform(identifier: string, data: string): Promise<void> {
    const subscription = this.subscriptions.get(identifier);
    if (!subscription) return;
    let action: unknown;
    try {
      action = (JSON.parse(data) as Record<string, unknown> | null)?.action;
    } catch {
      return;
    }
    if (action === 'update_presence') await this.broadcastPresence(subscription.token);
  }

  private async broadcastPresence(token: string): Promise<void> {
    const presence = await this.options.rooms.presence(token);
    if (presence) this.options.hub.broadcast(token, REALTIME_EVENTS.presenceUpdate, presence);
  }
}
