/**
 * Gateway mode's ledger of forwarded sends (`server/gateway/sendLedger.ts`) in Redis, so that a
 * send retried through another gateway process, or after a restart, is recognised:
 *
 * - `<prefix>gateway:send:<visitor>:<echo_id>` holds each send's record as JSON;
 * - `<prefix>gateway:ledger` indexes every send as `<visitor>:<echo_id>` by when it leaves the
 *   window, and `<prefix>gateway:ledger:bytes` counts their bytes (`entryBytes`): the bounds;
 * - `<prefix>gateway:ledger:<visitor>` indexes the visitor's own sends the same way: their share;
 * - `<prefix>gateway:echoes:<visitor>` lists the visitor's messages that answered a send, as
 *   `<message id>:<echo_id>` by time, read whole with each list the gateway passes on.
 *
 * A new send is taken in by one script, atomically across processes, only within the bounds;
 * what left the window is dropped from the indexes as sends come in. Everything expires with the
 * window. (Records of earlier versions, which kept the text and the answer, are still read.)
 */
import { SEND_WINDOW_MS } from '../../src/shared/sendWindow';
import {
  contentDigest,
  RECORD_BYTES,
  REDIS_SEND_LEDGER_BOUNDS,
  secondsUntil,
  type SendLedger,
  type SendLedgerBounds,
  SendLedgerFull,
  type SendRecord,
} from '../gateway/sendLedger';
import type { RedisConnection } from './redisConnection';

/**
 * KEYS: the index, its byte count, the visitor's index, the send's key, the visitor's echoes.
 * ARGV: now, `<visitor>:<echo_id>`, echo_id, expiry, maxSends, maxBytes, maxSendsPerVisitor,
 * record, window, RECORD_BYTES, and for an answered send `<message id>:<echo_id>`. Answers `ok`, or `visitor`/`everyone` and when the oldest send in
 * the way leaves the window. At most 1,000 sends past the window are dropped per call, so no
 * call holds Redis long; each new send drops at least as many as it adds.
 */
const ADMIT = `
local now = tonumber(ARGV[1])
local gone = redis.call('zrangebyscore', KEYS[1], '-inf', now, 'LIMIT', 0, 1000)
if #gone > 0 then
  local freed = 0
  for _, member in ipairs(gone) do freed = freed + #member + tonumber(ARGV[10]) end
  redis.call('zremrangebyrank', KEYS[1], 0, #gone - 1)
  redis.call('decrby', KEYS[2], freed)
end
redis.call('zremrangebyscore', KEYS[3], '-inf', now)
if not redis.call('zscore', KEYS[1], ARGV[2]) then
  if redis.call('zcard', KEYS[3]) >= tonumber(ARGV[7]) then
    return {'visitor', redis.call('zrange', KEYS[3], 0, 0, 'WITHSCORES')[2]}
  end
  local weight = #ARGV[2] + tonumber(ARGV[10])
  if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[5]) or tonumber(redis.call('get', KEYS[2]) or '0') + weight > tonumber(ARGV[6]) then
    return {'everyone', redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')[2]}
  end
  redis.call('incrby', KEYS[2], weight)
end
redis.call('zadd', KEYS[1], ARGV[4], ARGV[2])
redis.call('zadd', KEYS[3], ARGV[4], ARGV[3])
redis.call('pexpire', KEYS[3], ARGV[9])
redis.call('set', KEYS[4], ARGV[8], 'PX', ARGV[9])
if ARGV[11] ~= '' then
  redis.call('zadd', KEYS[5], now, ARGV[11])
  redis.call('zremrangebyscore', KEYS[5], '-inf', now - tonumber(ARGV[9]))
  redis.call('pexpire', KEYS[5], ARGV[9])
end
return {'ok'}
`;

/** KEYS: the index, its byte count, the visitor's index, the send's key. ARGV: `<visitor>:<echo_id>`, echo_id, RECORD_BYTES. */
const FORGET = `
if redis.call('zrem', KEYS[1], ARGV[1]) == 1 then redis.call('decrby', KEYS[2], #ARGV[1] + tonumber(ARGV[3])) end
redis.call('zrem', KEYS[3], ARGV[2])
redis.call('del', KEYS[4])
`;

/** `stored` as a record (an earlier version's read as today's), or undefined for anything else under the key. */
function asRecord(stored: string | null): SendRecord | undefined {
  if (stored === null) return undefined;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (record.state === 'forwarded' && typeof record.at === 'number') {
    if (typeof record.digest === 'string' || record.digest === null) return { state: 'forwarded', at: record.at, digest: record.digest };
    if (typeof record.content === 'string' || record.content === null)
      return { state: 'forwarded', at: record.at, digest: record.content === null ? null : contentDigest(record.content) };
  }
  if (record.state === 'answered' && Number.isSafeInteger(record.messageId))
    return { state: 'answered', messageId: record.messageId as number };
  return undefined;
}

export class RedisSendLedger implements SendLedger {
  constructor(
    private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>,
    private readonly now: () => number = Date.now,
    private readonly bounds: SendLedgerBounds = REDIS_SEND_LEDGER_BOUNDS,
  ) {}

  private keys(visitor: string, echoId: string): string[] {
    const p = `${this.redis.prefix}gateway:`;
    return [`${p}ledger`, `${p}ledger:bytes`, `${p}ledger:${visitor}`, `${p}send:${visitor}:${echoId}`];
  }

  private echoesKey(visitor: string): string {
    return `${this.redis.prefix}gateway:echoes:${visitor}`;
  }

  async get(visitor: string, echoId: string): Promise<SendRecord | undefined> {
    return asRecord(await this.redis.commands.get(this.keys(visitor, echoId)[3]));
  }

  async set(visitor: string, echoId: string, record: SendRecord): Promise<void> {
    const now = this.now();
    const { maxSends, maxBytes, maxSendsPerVisitor } = this.bounds;
    const [verdict, oldest] = (await this.redis.commands.eval(
      ADMIT,
      5,
      ...this.keys(visitor, echoId),
      this.echoesKey(visitor),
      now,
      `${visitor}:${echoId}`,
      echoId,
      now + SEND_WINDOW_MS,
      maxSends,
      maxBytes,
      maxSendsPerVisitor,
      JSON.stringify(record),
      SEND_WINDOW_MS,
      RECORD_BYTES,
      record.state === 'answered' ? `${record.messageId}:${echoId}` : '',
    )) as [string, string?];
    if (verdict !== 'ok')
      throw new SendLedgerFull(verdict === 'visitor' ? 'visitor' : 'everyone', secondsUntil(Number(oldest ?? now), now));
  }

  async delete(visitor: string, echoId: string): Promise<void> {
    await this.redis.commands.eval(FORGET, 4, ...this.keys(visitor, echoId), `${visitor}:${echoId}`, echoId, RECORD_BYTES);
  }

  async answeredEchoIds(visitor: string): Promise<Map<number, string>> {
    // Within the window means answered less than its length ago, as in `MemorySendLedger`.
    const members = await this.redis.commands.zrangebyscore(this.echoesKey(visitor), `(${this.now() - SEND_WINDOW_MS}`, '+inf');
    const echoIds = new Map<number, string>();
    for (const member of members) {
      // The id is digits; the echo_id, after the first colon, may hold colons of its own.
      const colon = member.indexOf(':');
      const messageId = Number(member.slice(0, colon));
      if (colon > 0 && Number.isSafeInteger(messageId)) echoIds.set(messageId, member.slice(colon + 1));
    }
    return echoIds;
  }
}
