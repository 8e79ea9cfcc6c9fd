/**
 * Gateway processes sharing one Redis store a visitor's message in Chatwoot once between them:
 * a send that comes again through another process, or through two at once, or after the process
 * that forwarded it stopped without its answer, is recognised.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startRedis } from '../../../e2e/support/services.mjs';
import { randomToken } from '../../../server/lib/random';
import { RedisLocks } from '../../../server/redis/redisLocks';
import { RedisSendLedger } from '../../../server/redis/redisSendLedger';
import { type Asked, chatwootOf, gatewayInFrontOf, sendsIn, sendThrough } from '../gateway/gatewayFixture';
import { gatewaysOnRedis } from './gatewaysOnRedis';

describe('gateway processes on one Redis: each send stored in Chatwoot once', () => {
  const setup = gatewaysOnRedis();

  /** Two gateways on the test's Redis in front of one Chatwoot, whose `lose` each decides for its own sends. */
  async function twoGateways(options: { a?: Parameters<typeof chatwootOf>[1]; b?: Parameters<typeof chatwootOf>[1] } = {}) {
    const prefix = `wren-test-${randomToken(6)}:`;
    const asked: Asked[] = [];
    const gateway = async (standIn: Parameters<typeof chatwootOf>[1]) => {
      const connection = await setup.connect(prefix);
      const chatwoot = chatwootOf(setup.upstream, standIn);
      asked.push(chatwoot.asked);
      const sends = { ledger: new RedisSendLedger(connection), locks: new RedisLocks(connection) };
      return gatewayInFrontOf(setup.upstream, { fetch: chatwoot.fetch, sends });
    };
    const [a, b] = [await gateway(options.a), await gateway(options.b)];
    const visitor = await setup.upstream.visit();
    const stored = async () =>
      ((await (await setup.upstream.widget('/messages', visitor)).json()).payload as { content: string }[]).map((m) => m.content);
    return { a, b, visitor, stored, sends: () => asked.reduce((total, calls) => total + sendsIn(calls), 0) };
  }

  it('answer a send that comes again through the other process with the first answer', async () => {
    const { a, b, visitor, stored, sends } = await twoGateways();
    const first = await sendThrough(a, visitor.authToken, { content: 'Through a', echo_id: 'e-1' });
    const again = await sendThrough(b, visitor.authToken, { content: 'Through a', echo_id: 'e-1' });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(sends()).toBe(1);
    expect(await stored()).toEqual(['Through a']);
  });

  it('forward a send reaching both at once only once: the second waits for the first', async () => {
    const { a, b, visitor, stored, sends } = await twoGateways({ a: { delayMs: 200 }, b: { delayMs: 200 } });
    const [one, two] = await Promise.all([
      sendThrough(a, visitor.authToken, { content: 'Both at once', echo_id: 'e-1' }),
      sendThrough(b, visitor.authToken, { content: 'Both at once', echo_id: 'e-1' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await two.text()).toBe(await one.text());
    expect(sends()).toBe(1);
    expect(await stored()).toEqual(['Both at once']);
  });

  it('find the copy of a send whose process never heard its answer, through the other', async () => {
    const { a, b, visitor, stored, sends } = await twoGateways({ a: { lose: () => 'after' } });
    expect((await sendThrough(a, visitor.authToken, { content: 'Lost on a', echo_id: 'e-1' })).status).toBe(502);
    const again = await sendThrough(b, visitor.authToken, { content: 'Lost on a', echo_id: 'e-1' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ content: 'Lost on a' });
    expect(sends()).toBe(1);
    expect(await stored()).toEqual(['Lost on a']);
  });

  it('forward nothing while Redis is down, and say when to try again', async () => {
    const { a, visitor, stored, sends } = await twoGateways();
    await setup.redis.stop();
    const busy = await sendThrough(a, visitor.authToken, { content: 'Redis is down', echo_id: 'e-1' });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toEqual({ error: 'The server is busy; please try again' });
    expect(sends()).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it('store the first send after Redis comes back from a 10 s outage', { timeout: 60_000 }, async () => {
    const { a, b, visitor, stored, sends } = await twoGateways();
    await setup.redis.stop();
    await sleep(10_000);
    setup.redis = await startRedis({ port: setup.redis.port });
    const first = await sendThrough(a, visitor.authToken, { content: 'Redis is back', echo_id: 'e-1' });
    expect(first.status).toBe(200);
    expect((await sendThrough(b, visitor.authToken, { content: 'Redis is back', echo_id: 'e-1' })).status).toBe(200);
    expect(sends()).toBe(1);
    expect(await stored()).toEqual(['Redis is back']);
  });
});
