/**
 * The Redis of the scaled mode (REDIS_URL, docs/architecture.md#modes): one connection for
 * commands (publish, presence, locks, rate limits) and one for subscribing, per process. Key
 * and channel names start with `prefix` (`wren:`), so Wren can share a Redis with other apps.
 */
import { Redis } from 'ioredis';
import { redactUrl } from '../lib/redactUrl';
import type { Logger } from '../observability/logger';
import { RedisChannels } from './redisChannels';

export interface RedisConnection {
  /** The command connection. */
  commands: Redis;
  /** The process's subscriptions, on the subscribing connection. */
  channels: RedisChannels;
  /** What every key and channel name starts with. */
  prefix: string;
  /** Resolves when Redis answers a PING. */
  ping(): Promise<unknown>;
  /** Closes both connections after the commands already sent have been answered. */
  close(): Promise<void>;
}

/** How long a start waits for Redis before giving up with an error. */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long any command may take. A Redis that accepts connections but does not answer (stopped,
 * or cut off by the network) must not hold requests: past this the command fails, and what
 * called it falls back to this process or answers 503 (docs/architecture.md#modes).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * How soon a lost connection is tried again, every time: the longest a request waits for Redis
 * once it is back. (ioredis' own back-off grows to 2 s, so after an outage of a few seconds the
 * first requests still found the connection down and were answered 503.)
 */
export const REDIS_RECONNECT_MS = 100;

function connect(url: string, name: string, logger: Logger): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // While the connection is down a command waits for the next attempt to reconnect: it is sent
    // the moment Redis is back, so the first request after an outage succeeds, and it fails as
    // soon as that attempt fails (no retries per request), so an outage holds no request longer
    // than an attempt; `commandTimeout` bounds an attempt that hangs. Every caller has something
    // to do on a failure.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => REDIS_RECONNECT_MS,
  });
  let down = false;
  client.on('error', (error) => {
    if (!down) logger.warn({ redis: name, err: error.message }, 'redis connection lost; reconnecting');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ redis: name }, 'redis connection back');
    down = false;
  });
  return client;
}

async function ready(client: Redis, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`cannot reach Redis at ${redactUrl(url)} within ${REDIS_CONNECT_TIMEOUT_MS / 1000} s`)),
      REDIS_CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    client.disconnect();
    throw error instanceof Error && error.message.startsWith('cannot reach')
      ? error
      : new Error(`cannot reach Redis at ${redactUrl(url)}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects to the Redis at `url`; rejects when it cannot be reached within 10 s. */
export async function connectRedis(url: string, logger: Logger, prefix = 'wren:'): Promise<RedisConnection> {
  const commands = connect(url, 'wren-commands', logger);
  const subscriber = connect(url, 'wren-subscriber', logger);
  try {
    await Promise.all([ready(commands, url), ready(subscriber, url)]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw error;
  }
  const channels = new RedisChannels(subscriber, commands, logger);
  return {
    commands,
    channels,
    prefix,
    ping: () => commands.ping(),
    async close() {
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}

/** The command connection alone, for a process that subscribes to nothing (gateway mode). */
export type RedisCommands = Pick<RedisConnection, 'commands' | 'prefix' | 'ping' | 'close'>;

/** Connects the command connection to the Redis at `url`; rejects when it cannot be reached within 10 s. */
export async function connectRedisCommands(url: string, logger: Logger, prefix = 'wren:'): Promise<RedisCommands> {
  const commands = connect(url, 'wren-commands', logger);
  await ready(commands, url);
  return {
    commands,
    prefix,
    ping: () => commands.ping(),
    async close() {
      await commands.quit().catch(() => undefined);
    },
  };
}
