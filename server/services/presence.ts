/**
 * Presence (docs/protocol.md#presence): who is there, as Chatwoot's OnlineStatusTracker keeps it.
 *
 * An agent counts as online only while they show signs of life — an Application API call, or
 * their console on the cable — and for the presence window (PRESENCE_WINDOW_S, Chatwoot's 20 s,
 * plus a quarter of it: see `lifetimeMs`) after the last one; then they go offline by
 * themselves, so visitors never read "We are online" after everyone has gone home. While present, the status they chose (`POST
 * /api/v1/profile/availability`: online, busy, offline) is what visitors see, so an explicit
 * busy or offline always wins. Visitors' widgets are tracked the same way by pubsub token (cable
 * subscribe and `update_presence`), and agents read it as the contact's `availability_status`.
 *
 * Visitors hear `presence.update` on their inbox's presence stream when an agent comes online,
 * changes status, or expires; the sweep that finds expired agents runs every second in each
 * process (an in-process record embedded, a Redis sorted set scaled: `PresenceStore`).
 */
import { REALTIME_EVENTS, type RealtimeEventData } from '../../src/shared/cable';
import type { AvailabilityStatus } from '../../src/shared/types';
import type { Db } from '../db/database';
import type { PresenceKind, PresenceStore } from '../lib/presenceStore';
import type { Logger } from '../observability/logger';
import type { Hub } from '../realtime/hub';
import { pubsubTokensOfContacts } from '../repositories/contacts';
import { findInbox } from '../repositories/inboxes';
import { listInboxAgents, listUserInboxTeams, type User } from '../repositories/users';

/** `presence.update` data; contacts get no `contacts` key. */
export type PresenceData = RealtimeEventData['presence.update'];

/** The stream every visitor subscription of the inbox also hears: its agents' presence. */
export function inboxPresenceStream(inboxId: number): string {
  return `inbox_presence_${inboxId}`;
}

export interface PresenceOptions {
  db: Db;
  hub: Hub;
  store: PresenceStore;
  windowMs: number;
  /** The clock (tests move it by hand). */
  now?: () => number;
  logger?: Logger;
}

export class Presence {
  readonly windowMs: number;
  /**
   * How long a sign of life counts: the window plus a quarter of it. The widget and the agent
   * console ping every 20 s, Chatwoot's window, so without the margin someone would flicker
   * offline between two pings; with it an agent who stops is offline within 25 s (+1 s sweep).
   */
  readonly lifetimeMs: number;
  private readonly now: () => number;
  /** When this process last recorded each subject, so a busy agent costs one write per quarter window. */
  private readonly recorded = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PresenceOptions) {
    this.windowMs = options.windowMs;
    this.lifetimeMs = options.windowMs * 1.25;
    this.now = options.now ?? Date.now;
  }

  /** A sign of life of agent `userId`; if they had been away, visitors of their inboxes hear it. */
  async agentSeen(userId: number): Promise<void> {
    if (await this.agentArrived(userId)) await this.announceAgent(userId);
  }

  /**
   * Records a sign of life of agent `userId` and resolves true when they had been away: the
   * caller then announces them (`announceAgent`), once whatever else they are doing is done.
   */
  agentArrived(userId: number): Promise<boolean> {
    return this.record('user', String(userId));
  }

  /**
   * A sign of life of a visitor's widget, by its pubsub token: a visitor not stored yet has one
   * too, and a contact is online while any widget of theirs is.
   */
  async visitorSeen(pubsubToken: string): Promise<void> {
    await this.record('visitor', pubsubToken);
  }

  private async record(kind: PresenceKind, id: string): Promise<boolean> {
    const now = this.now();
    const key = `${kind}:${id}`;
    // Recorded by this process moments ago: still present, so nothing changes for anyone.
    if (now - (this.recorded.get(key) ?? -Infinity) < this.windowMs / 4) return false;
    this.recorded.set(key, now);
    return this.options.store.touch(kind, id, now, this.lifetimeMs);
  }

  /**
   * What visitors see of each agent: the status they chose while present, offline otherwise; an
   * agent with auto-offline off keeps the status they chose, there or not (Chatwoot's setting).
   */
  async statuses(agents: User[]): Promise<Map<number, AvailabilityStatus>> {
    const present = await this.options.store.present(
      'user',
      agents.map((a) => String(a.id)),
      this.now(),
      this.lifetimeMs,
    );
    return new Map(agents.map((a) => [a.id, present.has(String(a.id)) || !a.auto_offline ? a.availability : 'offline']));
  }

  /** Whether a widget with any of these pubsub tokens showed a sign of life within the window. */
  async anyVisitorOnline(pubsubTokens: string[]): Promise<boolean> {
    return (await this.options.store.present('visitor', pubsubTokens, this.now(), this.lifetimeMs)).size > 0;
  }

  /** Whether the contact's widget (any of theirs) showed a sign of life within the window. */
  async contactOnline(contactId: number): Promise<boolean> {
    return (await this.contactsOnline([contactId])).has(contactId);
  }

  /** Of these contacts, those with a widget that showed a sign of life within the window. */
  async contactsOnline(contactIds: number[]): Promise<Set<number>> {
    const tokens = await pubsubTokensOfContacts(this.options.db, contactIds);
    const present = await this.options.store.present('visitor', [...tokens.keys()], this.now(), this.lifetimeMs);
    return new Set([...present].map((token) => tokens.get(token)!));
  }

  /** The presence of the inbox's agents, as `presence.update` carries it. */
  async inboxPresence(inboxId: number): Promise<PresenceData | null> {
    const [inbox, agents] = await Promise.all([findInbox(this.options.db, inboxId), listInboxAgents(this.options.db, inboxId)]);
    if (!inbox) return null;
    const statuses = await this.statuses(agents);
    return { account_id: inbox.account_id, users: Object.fromEntries(agents.map((a) => [String(a.id), statuses.get(a.id) ?? 'offline'])) };
  }

  /**
   * Sends fresh presence to every connected visitor of the agent's inboxes, on every process:
   * one query for the inboxes and their agents, one look at who is present, one broadcast each.
   */
  async announceAgent(userId: number): Promise<void> {
    const teams = await listUserInboxTeams(this.options.db, userId);
    const statuses = await this.statuses([...new Map(teams.flatMap((t) => t.agents).map((a) => [a.id, a])).values()]);
    for (const { inboxId, accountId, agents } of teams) {
      const users = Object.fromEntries(agents.map((a) => [String(a.id), statuses.get(a.id) ?? 'offline']));
      this.options.hub.broadcast(inboxPresenceStream(inboxId), REALTIME_EVENTS.presenceUpdate, { account_id: accountId, users });
    }
  }

  /** Ends the presence of everyone past the window; visitors hear about each expired agent. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const [key, at] of this.recorded) if (now - at >= this.windowMs / 4) this.recorded.delete(key);
    const expired = await this.options.store.expire(now, this.lifetimeMs);
    for (const userId of expired) await this.announceAgent(Number(userId));
  }

  /** Sweeps every second (or every quarter window, if shorter) until `stop()`. */
  start(): void {
    if (this.timer) return;
    let sweeping = false;
    this.timer = setInterval(
      () => {
        if (sweeping) return;
        sweeping = true;
        this.sweep()
          .catch((error: Error) => this.options.logger?.error({ err: error.message }, 'presence sweep failed'))
          .finally(() => {
            sweeping = false;
          });
      },
      Math.min(1000, this.windowMs / 4),
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
