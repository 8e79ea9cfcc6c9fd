/**
 * A small in-memory map whose entries expire after `ttlMs` (or a time of their own) and which
 * never holds more than `maxEntries` (the oldest entry goes first). Enough for per-process caches
 * of answers that are cheap to fetch again; the clock is injectable for tests.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live value for `key`, if any. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores `value` for `ttlMs` (the cache's unless given), evicting the oldest entry when full. */
  set(key: K, value: V, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  /** Drops `key`. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
