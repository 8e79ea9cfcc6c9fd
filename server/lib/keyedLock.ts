/**
 * Runs async tasks one at a time per key. Used so that a visitor's double-submitted or retried
 * sends cannot interleave (two first messages creating two conversations).
 */

/** Mutual exclusion by key; `KeyedLock` within one process, `RedisLocks` across processes. */
export interface Locks {
  /** Runs `task` after every earlier task of `key` has settled, and before any later one starts. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** Mutual exclusion among the tasks of one process. */
export class KeyedLock implements Locks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task of `key` has settled. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}
