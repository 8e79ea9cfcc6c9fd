/**
 * Read-through caches for the two reads every page view can cause: the inbox and account behind
 * a website token (each widget request, the `/widget` page) and an inbox's campaigns (the
 * loader's check on a first-time visitor's page). Each process keeps its own copy for a short
 * while; a write through the Application API drops them at once — in every process when they
 * share Redis, through the channel `<prefix>invalidate`.
 */
import { TtlCache } from '../lib/ttlCache';
import type { Account, Inbox } from '../repositories/inboxes';

export type CacheName = 'inboxes' | 'campaigns';

/** How an invalidation reaches the other processes (Redis pub/sub), if there are any. */
export interface InvalidationChannel {
  publish(message: string): void;
  subscribe(handler: (message: string) => void): Promise<void>;
}

export interface WebsiteInbox {
  inbox: Inbox;
  account: Account;
}

/** How long a copy may serve: inbox settings briefly, campaigns as long as browsers may cache them. */
export const CACHE_TTL_MS: Record<CacheName, number> = { inboxes: 10_000, campaigns: 60_000 };

export class ReadCaches {
  private readonly inboxes: TtlCache<string, WebsiteInbox>;
  private readonly campaignLists: TtlCache<number, unknown>;
  /** Bumped by every invalidation: a read that started before one must not store what it read. */
  private readonly generation: Record<CacheName, number> = { inboxes: 0, campaigns: 0 };

  constructor(
    private readonly channel?: InvalidationChannel,
    now: () => number = Date.now,
  ) {
    this.inboxes = new TtlCache(CACHE_TTL_MS.inboxes, 1000, now);
    this.campaignLists = new TtlCache(CACHE_TTL_MS.campaigns, 1000, now);
  }

  /** Starts hearing the other processes' invalidations. */
  async listen(): Promise<void> {
    await this.channel?.subscribe((name) => {
      if (name === 'inboxes' || name === 'campaigns') this.drop(name);
    });
  }

  /** The inbox and account of `token` (`load` on a miss); undefined when there is none. */
  websiteInbox(token: string, load: () => Promise<WebsiteInbox | undefined>): Promise<WebsiteInbox | undefined> {
    return this.read('inboxes', this.inboxes, token, load);
  }

  /** The campaigns payload of inbox `inboxId` (`load` on a miss). */
  campaigns<T>(inboxId: number, load: () => Promise<T>): Promise<T> {
    return this.read('campaigns', this.campaignLists, inboxId, load) as Promise<T>;
  }

  /** Drops every copy of `name`, here and in every process. */
  invalidate(name: CacheName): void {
    this.drop(name);
    this.channel?.publish(name);
  }

  /** Drops everything (the invalidation channel was down: anything may have changed). */
  clear(): void {
    this.drop('inboxes');
    this.drop('campaigns');
  }

  private drop(name: CacheName): void {
    this.generation[name]++;
    (name === 'inboxes' ? this.inboxes : this.campaignLists).clear();
  }

  /**
   * What a cache gives is frozen, read or loaded alike, so no caller can change another's copy;
   * one that needs a changed inbox builds a new object. Cloning it for each caller cost about a
   * twentieth of a widget request (docs/performance.md#server-cpu).
   */
  private async read<K, V>(name: CacheName, cache: TtlCache<K, V>, key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation[name];
    const value = await load();
    if (value === undefined) return undefined;
    deepFreeze(value);
    if (generation === this.generation[name]) cache.set(key, value);
    return value;
  }
}

/** Freezes `value` and everything it holds. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}
