/**
 * What the processes of one deployment share (docs/architecture.md#modes): realtime fan-out,
 * presence, keyed locks, rate-limit counters and the read caches. A single process keeps them
 * in memory; with REDIS_URL they live in Redis, so any number of processes behind a load
 * balancer behave as one server: a visitor connected to one hears, once, what an agent sends
 * through another.
 */
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { KeyedLock, type Locks } from './lib/keyedLock';
import { InsuredPresenceStore, MemoryPresenceStore } from './lib/presenceStore';
import { RateLimits } from './limits/rateLimits';
import type { Logger } from './observability/logger';
import { Hub } from './realtime/hub';
import { connectRedis, type RedisConnection } from './redis/redisConnection';
import { redisHubTransport } from './redis/redisHubTransport';
import { RedisLocks } from './redis/redisLocks';
import { RedisPresenceStore } from './redis/redisPresence';
import { Presence } from './services/presence';
import { ReadCaches } from './services/readCaches';

export interface Coordination {
  hub: Hub;
  presence: Presence;
  locks: Locks;
  caches: ReadCaches;
  limits: RateLimits;
  /** Dependencies `/readyz` checks besides the database. */
  readiness: { name: string; probe(): Promise<unknown> }[];
  /**
   * Calls `handler` when realtime events may have been missed here (the Redis subscription was
   * lost and is back): connected widgets must reconnect and fetch what they missed.
   */
  onEventsMissed(handler: () => void): void;
  /** Starts the presence sweeps. */
  start(): void;
  /** Stops the sweeps and closes connections. */
  close(): Promise<void>;
}

type Settings = Pick<AppConfig, 'rateLimits' | 'presenceWindowS'>;

export interface InProcessOptions {
  logger?: Logger;
  /** The presence clock (tests move it by hand). */
  now?: () => number;
}

/** Everything in this process's memory: the embedded mode, one process. */
export function inProcess(db: Db, config: Settings, options: InProcessOptions = {}): Coordination {
  const hub = new Hub(undefined, options.logger);
  const presence = new Presence({
    db,
    hub,
    store: new MemoryPresenceStore(),
    windowMs: config.presenceWindowS * 1000,
    now: options.now,
    logger: options.logger,
  });
  return {
    hub,
    presence,
    locks: new KeyedLock(),
    caches: new ReadCaches(),
    limits: new RateLimits(config.rateLimits),
    readiness: [],
    onEventsMissed: () => {},
    start: () => presence.start(),
    close: async () => presence.stop(),
  };
}

export interface ThroughRedisOptions {
  logger: Logger;
  /** Key and channel prefix (tests give each server group its own). */
  prefix?: string;
  now?: () => number;
}

/** Everything shared through the Redis at `url`: the scaled mode. */
export async function throughRedis(db: Db, config: Settings, url: string, options: ThroughRedisOptions): Promise<Coordination> {
  const redis: RedisConnection = await connectRedis(url, options.logger, options.prefix);
  const hub = new Hub(redisHubTransport(redis), options.logger);
  const presence = new Presence({
    db,
    hub,
    store: new InsuredPresenceStore(new RedisPresenceStore(redis)),
    windowMs: config.presenceWindowS * 1000,
    now: options.now,
    logger: options.logger,
  });
  const caches = new ReadCaches({
    publish: (message) => redis.channels.publish(`${redis.prefix}invalidate`, message),
    subscribe: (handler) => redis.channels.subscribe(`${redis.prefix}invalidate`, handler),
  });
  try {
    await caches.listen();
  } catch (error) {
    await redis.close();
    throw error;
  }
  // Invalidations may have been missed too while the subscription was down.
  redis.channels.onReconnect(() => caches.clear());
  return {
    hub,
    presence,
    locks: new RedisLocks(redis),
    caches,
    limits: new RateLimits(config.rateLimits, { redis: redis.commands, prefix: redis.prefix }),
    readiness: [{ name: 'redis', probe: () => redis.ping() }],
    onEventsMissed: (handler) => void redis.channels.onReconnect(handler),
    start: () => presence.start(),
    async close() {
      presence.stop();
      await redis.close();
    },
  };
}
