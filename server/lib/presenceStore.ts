/**
 * Who showed a sign of life lately (docs/protocol.md#presence): agents (`user`, by id) and
 * visitors' widgets (`visitor`, by pubsub token), each with the time of their last one. Someone
 * is present while that time lies within the presence window. `MemoryPresenceStore` serves one
 * process; `RedisPresenceStore` (server/redis) shares the same record between processes, insured
 * by this process's memory (`InsuredPresenceStore`) for when Redis is down.
 */

export type PresenceKind = 'user' | 'visitor';

export interface PresenceStore {
  /** Records a sign of life of `id` at `now`; resolves true when they had been absent until now. */
  touch(kind: PresenceKind, id: string, now: number, windowMs: number): Promise<boolean>;
  /** Of `ids`, those present at `now`. */
  present(kind: PresenceKind, ids: string[], now: number, windowMs: number): Promise<Set<string>>;
  /**
   * Removes everyone whose window has passed and resolves with the agents among them. Across
   * processes sharing the store, each expired agent is handed to exactly one caller.
   */
  expire(now: number, windowMs: number): Promise<string[]>;
}

/** The record of one process, in memory. */
export class MemoryPresenceStore implements PresenceStore {
  private readonly seen: Record<PresenceKind, Map<string, number>> = { user: new Map(), visitor: new Map() };

  async touch(kind: PresenceKind, id: string, now: number, windowMs: number): Promise<boolean> {
    const last = this.seen[kind].get(id);
    this.seen[kind].set(id, Math.max(now, last ?? now));
    return last === undefined || last <= now - windowMs;
  }

  async present(kind: PresenceKind, ids: string[], now: number, windowMs: number): Promise<Set<string>> {
    const seen = this.seen[kind];
    return new Set(ids.filter((id) => (seen.get(id) ?? -Infinity) > now - windowMs));
  }

  async expire(now: number, windowMs: number): Promise<string[]> {
    const expired: string[] = [];
    for (const kind of ['user', 'visitor'] as const) {
      for (const [id, last] of this.seen[kind]) {
        if (last > now - windowMs) continue;
        this.seen[kind].delete(id);
        if (kind === 'user') expired.push(id);
      }
    }
    return expired;
  }
}

/**
 * A shared store insured by this process's memory, as the rate limits are: every sign of life is
 * recorded in both, and while the shared one fails (Redis down) presence is answered from what
 * this process has seen itself, rather than failing the request that asked.
 */
export class InsuredPresenceStore implements PresenceStore {
  private readonly insurance = new MemoryPresenceStore();

  constructor(private readonly shared: PresenceStore) {}

  async touch(kind: PresenceKind, id: string, now: number, windowMs: number): Promise<boolean> {
    const arrivedHere = await this.insurance.touch(kind, id, now, windowMs);
    return this.shared.touch(kind, id, now, windowMs).catch(() => arrivedHere);
  }

  present(kind: PresenceKind, ids: string[], now: number, windowMs: number): Promise<Set<string>> {
    return this.shared.present(kind, ids, now, windowMs).catch(() => this.insurance.present(kind, ids, now, windowMs));
  }

  async expire(now: number, windowMs: number): Promise<string[]> {
    // The insurance forgets the expired too, so it never holds more than the window's worth.
    const expiredHere = await this.insurance.expire(now, windowMs);
    return this.shared.expire(now, windowMs).catch(() => expiredHere);
  }
}
