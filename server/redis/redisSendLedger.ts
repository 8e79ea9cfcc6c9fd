/**
 * Gateway mode's ledger of forwarded sends (`server/gateway/sendLedger.ts`) in Redis, so that a
 * send retried through another gateway process, or after a restart, is recognised:
 * `<prefix>gateway:send:<visitor>:<echo_id>` holds each send's record as JSON, and the sorted set
 * `<prefix>gateway:answered:<visitor>` the ids of the visitor's messages that answered one, by
 * time. Both expire with the window.
 */
import { type SendLedger, type SendRecord, SEND_WINDOW_MS } from '../gateway/sendLedger';
import type { RedisConnection } from './redisConnection';

/** `stored` as a record, or undefined for anything else under the key (another version's). */
function asRecord(stored: string | null): SendRecord | undefined {
  if (stored === null) return undefined;
  let record: Partial<SendRecord>;
  try {
    record = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (record.state === 'forwarded' && typeof record.at === 'number' && (typeof record.content === 'string' || record.content === null))
    return record as SendRecord;
  if (
    record.state === 'answered' &&
    typeof record.token === 'string' &&
    typeof record.messageId === 'number' &&
    typeof record.status === 'number' &&
    typeof record.contentType === 'string' &&
    typeof record.body === 'string'
  )
    return record as SendRecord;
  return undefined;
}

export class RedisSendLedger implements SendLedger {
  constructor(
    private readonly redis: Pick<RedisConnection, 'commands' | 'prefix'>,
    private readonly now: () => number = Date.now,
  ) {}

  private sendKey(visitor: string, echoId: string): string {
    return `${this.redis.prefix}gateway:send:${visitor}:${echoId}`;
  }

  private answeredKey(visitor: string): string {
    return `${this.redis.prefix}gateway:answered:${visitor}`;
  }

  async get(visitor: string, echoId: string): Promise<SendRecord | undefined> {
    return asRecord(await this.redis.commands.get(this.sendKey(visitor, echoId)));
  }

  async set(visitor: string, echoId: string, record: SendRecord): Promise<void> {
    const transaction = this.redis.commands.multi().set(this.sendKey(visitor, echoId), JSON.stringify(record), 'PX', SEND_WINDOW_MS);
    if (record.state === 'answered') {
      const answered = this.answeredKey(visitor);
      const now = this.now();
      transaction
        .zadd(answered, now, String(record.messageId))
        .zremrangebyscore(answered, '-inf', now - SEND_WINDOW_MS)
        .pexpire(answered, SEND_WINDOW_MS);
    }
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) throw failed;
  }

  async delete(visitor: string, echoId: string): Promise<void> {
    await this.redis.commands.del(this.sendKey(visitor, echoId));
  }

  async answeredIds(visitor: string): Promise<Set<number>> {
    const ids = await this.redis.commands.zrangebyscore(this.answeredKey(visitor), this.now() - SEND_WINDOW_MS, '+inf');
    return new Set(ids.map(Number));
  }
}
