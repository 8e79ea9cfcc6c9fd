/**
 * The gateway's ledger of sends in a real Redis (`server/redis/redisSendLedger.ts`): shared by
 * every gateway process, with the reverse index that puts `echo_id` back on the visitor's
 * messages in the lists it passes on (`server/gateway/sentEchoes.ts`), within the window.
 */
import { startRedis } from '../../../e2e/support/services.mjs';
import { type AnsweredSend, contentDigest } from '../../../server/gateway/sendLedger';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';
import { randomToken } from '../../../server/lib/random';
import { SILENT_LOGGER } from '../../../server/observability/logger';
import { connectRedisCommands, type RedisCommands } from '../../../server/redis/redisConnection';
import { RedisSendLedger } from '../../../server/redis/redisSendLedger';
import { ledgerBoundTests } from '../gateway/ledgerBounds';

const answered = (messageId: number): AnsweredSend => ({ state: 'answered', messageId });

describe("the gateway's ledger of sends in Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let connection: RedisCommands;
  let clock: number;
  let ledger: RedisSendLedger;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());
  beforeEach(async () => {
    connection = await connectRedisCommands(redis.url, SILENT_LOGGER, `wren-test-${randomToken(6)}:`);
    clock = Date.now();
    ledger = new RedisSendLedger(connection, () => clock);
  });
  afterEach(() => connection.close());

  it("answers for each visitor their own answered messages, each with its send's echo_id, in one read", async () => {
    await ledger.set('v', 'e-1', answered(1));
    await ledger.set('v', 'e:2', answered(2));
    await ledger.set('v', 'e-3', { state: 'forwarded', at: clock, digest: contentDigest('hi') });
    await ledger.set('w', 'e-1', answered(9));
    expect(await ledger.answeredEchoIds('v')).toEqual(
      new Map([
        [1, 'e-1'],
        [2, 'e:2'],
      ]),
    );
    expect(await ledger.answeredEchoIds('w')).toEqual(new Map([[9, 'e-1']]));
    expect(await ledger.get('v', 'e-1')).toEqual(answered(1));
    expect(await ledger.answeredEchoIds('nobody')).toEqual(new Map());
  });

  it('forgets an answered message past the window, and keeps the index no longer than it', async () => {
    await ledger.set('v', 'e-1', answered(1));
    clock += SEND_WINDOW_MS / 2;
    await ledger.set('v', 'e-2', answered(2));
    clock += SEND_WINDOW_MS / 2;
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[2, 'e-2']]));
    // The next answer drops the expired ones from the index, which expires with the window.
    await ledger.set('v', 'e-3', answered(3));
    const key = `${connection.prefix}gateway:echoes:v`;
    expect(await connection.commands.zrange(key, '0', '-1')).toEqual(['2:e-2', '3:e-3']);
    const ttl = await connection.commands.pttl(key);
    expect(ttl).toBeGreaterThan(SEND_WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SEND_WINDOW_MS);
  });

  it("reads a record an earlier version kept, with the text and the answer, as today's", async () => {
    const key = (echoId: string) => `${connection.prefix}gateway:send:v:${echoId}`;
    await connection.commands.set(key('old-1'), JSON.stringify({ state: 'forwarded', at: 5, content: 'hi' }));
    await connection.commands.set(
      key('old-2'),
      JSON.stringify({ state: 'answered', token: 't', messageId: 4, status: 200, contentType: 'application/json', body: '{"id":4}' }),
    );
    expect(await ledger.get('v', 'old-1')).toEqual({ state: 'forwarded', at: 5, digest: contentDigest('hi') });
    expect(await ledger.get('v', 'old-2')).toEqual({ state: 'answered', messageId: 4 });
  });

  ledgerBoundTests(async (bounds) => {
    let start = Date.now();
    return {
      ledger: new RedisSendLedger(connection, () => start, bounds),
      advance: (ms) => void (start += ms),
    };
  });
});
