/**
 * Gateway mode's ledger of forwarded sends (`server/gateway/sendLedger.ts`) in Redis, so that a
 * send retried through another gateway process, or after a restart, is recognised:
 * `<prefix>gateway:send:<visitor>:<echo_id>` holds each send's record as JSON, and the sorted set
 * `<prefix>gateway:echoes:<visitor>` the visitor's messages that answered one, as
 * `<message id>:<echo_id>` by time, read whole with each list the gateway passes on. Both expire
 * with the window. (Earlier versions kept bare ids under `gateway:answered:`, left to expire.)
 */
import { SEND_WINDOW_MS } from '../../src/shared/sendWindow';
import type { SendLedger, SendRecord } from '../gateway/sendLedger';
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

  private echoesKey(visitor: string): string {
    return `${this.redis.prefix}gateway:echoes:${visitor}`;
  }

  async get(visitor: string, echoId: string): Promise<SendRecord | undefined> {
    return asRecord(await this.redis.commands.get(this.sendKey(visitor, echoId)));
  }

  async set(visitor: string, echoId: string, record: SendRecord): Promise<void> {
    const transaction = this.redis.commands.multi().set(this.sendKey(visitor, echoId), JSON.stringify(record), 'PX', SEND_WINDOW_MS);
    if (record.state === 'answered') {
      const echoes = this.echoesKey(visitor);
      const now = this.now();
      transaction
        .zadd(echoes, now, `${record.messageId}:${echoId}`)
        .zremrangebyscore(echoes, '-inf', now - SEND_WINDOW_MS)
        .pexpire(echoes, SEND_WINDOW_MS);
    }
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) throw failed;
  }

  async delete(visitor: string, echoId: string): Promise<void> {
    await this.redis.commands.del(this.sendKey(visitor, echoId));
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
