/**
 * Keyed locks across processes (the scaled mode's `Locks`): within a process the tasks of a key
 * queue in a `KeyedLock`, and each one holds the Redis key `<prefix>lock:<key>` while it runs
 * (SET NX with a short expiry, released only by its owner). The living holder renews the expiry
 * while its task runs, so a task may take as long as it needs, while a holder that died (killed,
 * crashed, cut off from Redis) stops renewing and its lock frees within the expiry
 * (docs/architecture.md#modes). The database's unique constraints stay the last line of defence.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { UnavailableError } from '../lib/apiError';
import { KeyedLock, type Locks } from '../lib/keyedLock';
import { randomToken } from '../lib/random';
import type { RedisConnection } from './redisConnection';

// Deletes the lock only if this holder still owns it (an expired lock may belong to another).
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
// Extends the lock only if this holder still owns it: 1 when it did, 0 when the lock is gone or another's.
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

/** How long a lock outlives a holder that stopped renewing it: the longest a dead process delays a visitor's sends. */
export const LOCK_EXPIRY_MS = 5_000;

/** Renewals per expiry: one that times out (`REDIS_COMMAND_TIMEOUT_MS`) leaves time for the next. */
const RENEWALS_PER_EXPIRY = 3;

export interface RedisLocksOptions {
  /** How long a lock outlives a holder that stopped renewing it. */
  expiryMs?: number;
  /** How long a task waits for the lock before its request fails with 503. */
  waitMs?: number;
}

/** What a request that cannot have its lock answers: 503, and when to try again. */
const BUSY = () => new UnavailableError('The server is busy; please try again', 2);

export class RedisLocks implements Locks {
  private readonly local = new KeyedLock();
  private readonly expiryMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>,
    options: RedisLocksOptions = {},
  ) {
    this.expiryMs = options.expiryMs ?? LOCK_EXPIRY_MS;
    this.waitMs = options.waitMs ?? 15_000;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const name = `${this.redis.prefix}lock:${key}`;
      const owner = randomToken(12);
      await this.acquire(name, owner);
      const renewal = this.renewWhileHeld(name, owner);
      try {
        return await task();
      } finally {
        renewal.stop();
        await this.release(name, owner);
      }
    });
  }

  private async acquire(name: string, owner: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      // Without Redis no process can know that no other holds the lock: nothing is done, and the
      // client is told to try again shortly.
      const taken = await this.redis.commands.set(name, owner, 'PX', this.expiryMs, 'NX').catch(() => {
        // A SET that timed out may still run once Redis answers again; the release queued behind
        // it on the same connection undoes it, so the lock is not held until it expires.
        this.release(name, owner);
        throw BUSY();
      });
      if (taken === 'OK') return;
      if (Date.now() > deadline) throw BUSY();
      await sleep(pause + Math.random() * pause);
    }
  }

  /**
   * Extends the lock a few times per expiry until stopped. It gives up once the lock is no longer
   * this holder's, or once no renewal has reached Redis for a whole expiry (Redis gone): the lock
   * has expired by then, and renewing it later could take it back from a holder that came since.
   */
  private renewWhileHeld(name: string, owner: string): { stop(): void } {
    let renewedAt = Date.now();
    const timer = setInterval(() => {
      this.redis.commands.eval(RENEW, 1, name, owner, this.expiryMs).then(
        (held) => {
          if (held === 1) renewedAt = Date.now();
          else clearInterval(timer);
        },
        () => {
          if (Date.now() - renewedAt >= this.expiryMs) clearInterval(timer);
        },
      );
    }, this.expiryMs / RENEWALS_PER_EXPIRY);
    // A renewal never keeps a process alive on its own.
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  private release(name: string, owner: string): Promise<void> {
    return this.redis.commands.eval(RELEASE, 1, name, owner).then(
      () => {},
      () => {},
    );
  }
}
