/**
 * Presence shared between processes: one sorted set per kind (`<prefix>presence:user`,
 * `<prefix>presence:visitor`), member = id, score = the last sign of life in milliseconds. Every
 * process sweeps it; a script removes and returns the expired members atomically, so each
 * agent who went silent is announced by one process only. The sets expire as keys too, should
 * every process stop.
 */
import type { PresenceKind, PresenceStore } from '../lib/presenceStore';
import type { RedisConnection } from './redisConnection';

// Returns the previous score (nil when absent) and records the new one; keeps the key alive.
const TOUCH = `
local previous = redis.call('ZSCORE', KEYS[1], ARGV[2])
if (not previous) or tonumber(previous) < tonumber(ARGV[1]) then redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return previous`;

// Removes and returns the members whose score is at or below ARGV[1].
const EXPIRE = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if #expired > 0 then redis.call('ZREM', KEYS[1], unpack(expired)) end
return expired`;

export class RedisPresenceStore implements PresenceStore {
  constructor(private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>) {}

  private key(kind: PresenceKind): string {
    return `${this.redis.prefix}presence:${kind}`;
  }

  async touch(kind: PresenceKind, id: string, now: number, windowMs: number): Promise<boolean> {
    const previous = (await this.redis.commands.eval(TOUCH, 1, this.key(kind), now, id, windowMs * 3)) as string | null;
    return previous === null || Number(previous) <= now - windowMs;
  }

  async present(kind: PresenceKind, ids: string[], now: number, windowMs: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const scores = await this.redis.commands.zmscore(this.key(kind), ...ids);
    return new Set(ids.filter((_, i) => scores[i] !== null && Number(scores[i]) > now - windowMs));
  }

  async expire(now: number, windowMs: number): Promise<string[]> {
    const cutoff = now - windowMs;
    const [users] = await Promise.all([
      this.redis.commands.eval(EXPIRE, 1, this.key('user'), cutoff) as Promise<string[]>,
      this.redis.commands.zremrangebyscore(this.key('visitor'), '-inf', cutoff),
    ]);
    return users;
  }
}
