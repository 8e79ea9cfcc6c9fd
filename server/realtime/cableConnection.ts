/**
 * The ActionCable protocol for one client (docs/protocol.md#frames), independent of the socket so it can
 * be tested with a plain `send` function. The only channel is RoomChannel: a widget subscribes
 * with its contact-inbox's pubsub token; an agent with their own token plus `account_id` and
 * `user_id`, as Chatwoot's dashboard does (docs/protocol.md#agents-on-the-cable).
 */
import { CABLE_ACTIONS, ROOM_CHANNEL, REALTIME_EVENTS, type RealtimeEnvelope, type ServerFrame } from '../../src/shared/cable';
import type { MessagesPage } from '../../src/shared/types';
import { hasNul, isId } from '../lib/storable';
import { ActionBudgets } from './cableLimits';
import type { Logger } from '../observability/logger';
import type { Hub, HubListener } from './hub';

/** Who an agent's subscription says it is. */
export interface AgentRoom {
  accountId: number;
  userId: number;
}

/** What a subscription streams, and how its presence is kept (docs/protocol.md#presence). */
export interface CableRoom {
  /**
   * Every stream the subscription hears: the token's own first, then its inbox's presence (a
   * contact) or its account's events (an agent).
   */
  streams: string[];
  /**
   * The subscriber is there (on subscribe and each `update_presence`): records it and resolves
   * with the `presence.update` data to send the token (a contact), or null (an agent).
   */
  present(): Promise<unknown | null>;
  /**
   * A contact's messages after message `after`, as `GET /messages?after=` answers them
   * (docs/protocol.md#realtime-catch-up); absent for an agent.
   */
  messagesAfter?(after: number): Promise<MessagesPage>;
}

/** What the connection needs to know about pubsub tokens. */
export interface CableRooms {
  /** The room of a contact's `pubsubToken`, or null when no contact-inbox has it. */
  open(pubsubToken: string): Promise<CableRoom | null>;
  /**
   * The room of an agent's subscription, or null when `pubsubToken` is not that agent's or the
   * agent is not in the account.
   */
  openAgent(pubsubToken: string, agent: AgentRoom): Promise<CableRoom | null>;
}

export interface CableConnectionOptions {
  send: (frame: string) => void;
  hub: Hub;
  rooms: CableRooms;
  /** Asked before each new subscription (a rate limit); false → `reject_subscription`. */
  admitSubscription?: () => Promise<boolean>;
  /** The clock of the action budgets (`cableLimits.ts`). */
  now?: () => number;
  /** Where a frame that fails is reported; the socket goes on with the next one. */
  logger?: Logger;
}

/** The widget streams one room; a few more leave room for a page that embeds two widgets. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 5;

interface Subscription {
  /** The pubsub token the identifier names. */
  token: string;
  room: CableRoom;
  listener: HubListener;
}

/** What an identifier asks for: a contact's room, or an agent's when it names `user_id`. */
interface RoomRequest {
  token: string;
  agent?: AgentRoom;
}

function parseIdentifier(identifier: string): RoomRequest | null {
  try {
    const params: unknown = JSON.parse(identifier);
    if (!params || typeof params !== 'object') return null;
    const { channel, pubsub_token: token, account_id: accountId, user_id: userId } = params as Record<string, unknown>;
    if (channel !== ROOM_CHANNEL || typeof token !== 'string' || token.length === 0 || token.length > 256 || hasNul(token)) return null;
    // Chatwoot's widget sends no user_id (its store has none); the dashboard sends both ids.
    if (userId === undefined || userId === null) return { token };
    return isId(userId) && isId(accountId) ? { token, agent: { accountId, userId } } : null;
  } catch {
    return null;
  }
}

export class CableConnection {
  private readonly subscriptions = new Map<string, Subscription>();
  // Frames are handled one at a time so a `message` never overtakes its own `subscribe`.
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly budgets: ActionBudgets;
  private closed = false;

  constructor(private readonly options: CableConnectionOptions) {
    this.budgets = new ActionBudgets(options.now);
  }

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
    this.pending++;
    this.queue = this.queue
      .then(() => this.handle(raw))
      .catch((error) => this.options.logger?.error({ err: error }, 'cable frame failed'))
      .finally(() => {
        this.pending--;
      });
    return this.queue;
  }

  /** Frames received and not handled yet. */
  get pendingFrames(): number {
    return this.pending;
  }

  /** Resolves once every frame received so far has been handled. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Drops every subscription; the socket is gone. */
  close(): void {
    this.closed = true;
    for (const subscription of this.subscriptions.values()) this.stopStreaming(subscription);
    this.subscriptions.clear();
  }

  /** How many channels this client streams (for tests and metrics). */
  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  private write(frame: ServerFrame): void {
    this.writeRaw(JSON.stringify(frame));
  }

  private writeRaw(frame: string): void {
    if (!this.closed) this.options.send(frame);
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
    const request = parseIdentifier(identifier);
    if (this.subscriptions.has(identifier)) {
      this.write({ identifier, type: 'confirm_subscription' });
      return;
    }
    const room =
      request && this.hasRoomFor(request.token) && (await (this.options.admitSubscription?.() ?? true))
        ? await (request.agent ? rooms.openAgent(request.token, request.agent) : rooms.open(request.token))
        : null;
    if (!request || !room || this.closed) {
      this.write({ identifier, type: 'reject_subscription' });
      return;
    }
    // The identifier is echoed byte-for-byte (the client matches subscriptions by it), and every
    // event's JSON is spliced in as it is, serialised once for all the sockets that hear it.
    const prefix = `{"identifier":${JSON.stringify(identifier)},"message":`;
    const listener: HubListener = (_, json) => this.writeRaw(`${prefix}${json}}`);
    const subscription = { token: request.token, room, listener };
    for (const stream of room.streams) hub.subscribe(stream, listener);
    this.subscriptions.set(identifier, subscription);
    // Confirmed only once every process's broadcasts reach this one, or the broker is down (see `Hub.ready`).
    await Promise.all(room.streams.map((stream) => hub.ready(stream)));
    this.write({ identifier, type: 'confirm_subscription' });
    await this.present(subscription);
  }

  private stopStreaming({ room, listener }: Subscription): void {
    for (const stream of room.streams) this.options.hub.unsubscribe(stream, listener);
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
    this.stopStreaming(subscription);
    this.subscriptions.delete(identifier);
  }

  private async perform(identifier: string, data: string): Promise<void> {
    const subscription = this.subscriptions.get(identifier);
    if (!subscription) return;
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return;
    }
    if (!params || typeof params !== 'object' || !this.budgets.allows(params.action)) return;
    if (params.action === CABLE_ACTIONS.updatePresence) await this.present(subscription);
    else if (params.action === CABLE_ACTIONS.catchUp) await this.catchUp(subscription, params.after);
  }

  /** Sends `{event, data}` to this subscription alone. */
  private answer({ listener }: Subscription, envelope: RealtimeEnvelope): void {
    if (!this.closed) listener(envelope, JSON.stringify(envelope));
  }

  /**
   * Answers the subscriber alone with what it may have missed. Its subscription is live by now,
   * so a message stored later reaches it as a broadcast; one broadcast meanwhile comes both ways,
   * and the client merges by id.
   */
  private async catchUp(subscription: Subscription, after: unknown): Promise<void> {
    const { room } = subscription;
    if (!room.messagesAfter || !(after === 0 || isId(after))) return;
    this.answer(subscription, { event: REALTIME_EVENTS.catchUp, data: await room.messagesAfter(after) });
  }

  /**
   * A sign of life: recorded, and a contact is told the presence of the inbox's agents. Only
   * the subscription that asked is answered (Chatwoot broadcasts to the token): its other
   * sockets ask for themselves, and one token's sockets must not multiply each other's answers.
   */
  private async present(subscription: Subscription): Promise<void> {
    const presence = await subscription.room.present();
    if (presence) this.answer(subscription, { event: REALTIME_EVENTS.presenceUpdate, data: presence });
  }
}
