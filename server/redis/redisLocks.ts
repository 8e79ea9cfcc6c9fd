/**
 * Keyed locks across processes (the scaled mode's `Locks`): within a process the tasks of a key
 * queue in a `KeyedLock`, and each one holds the Redis key `<prefix>lock:<key>` while it runs
 * (SET NX with an expiry, released only by its owner). The expiry bounds a holder that died; the
 * database's unique constraints stay the last line of defence behind it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../lib/apiError';
import { KeyedLock, type Locks } from '../lib/keyedLock';
import { randomToken } from '../lib/random';
import type { RedisConnection } from './redisConnection';

// Deletes the lock only if this holder still owns it (an expired lock may belong to another).
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

export interface RedisLocksOptions {
  /** How long a lock outlives a holder that never released it. */
  expiryMs?: number;
  /** How long a task waits for the lock before its request fails with 503. */
  waitMs?: number;
}

export class RedisLocks implements Locks {
  private readonly local = new KeyedLock();
  private readonly expiryMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>,
    options: RedisLocksOptions = {},
  ) {
    this.expiryMs = options.expiryMs ?? 30_000;
    this.waitMs = options.waitMs ?? 15_000;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const name = `${this.redis.prefix}lock:${key}`;
      const owner = randomToken(12);
      await this.acquire(name, owner);
      try {
        return await task();
      } finally {
        await this.redis.commands.eval(RELEASE, 1, name, owner).catch(() => {});
      }
    });
  }

  private async acquire(name: string, owner: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      if ((await this.redis.commands.set(name, owner, 'PX', this.expiryMs, 'NX')) === 'OK') return;
      if (Date.now() > deadline) throw new ApiError(503, 'The server is busy; please try again');
      await sleep(pause + Math.random() * pause);
    }
  }
}
