/**
 * Gateway processes sharing one Redis keep one copy of each inbox answer between them, and
 * carry on by themselves when Redis is gone.
 */
import { InsuredAnswerStore } from '../../../server/gateway/answerStore';
import { randomToken } from '../../../server/lib/random';
import { RedisAnswerStore } from '../../../server/redis/redisAnswerStore';
import { callPaths, gatewayInFrontOf } from '../gateway/gatewayFixture';
import { gatewaysOnRedis } from './gatewaysOnRedis';

describe('gateway processes on one Redis', () => {
  const setup = gatewaysOnRedis();

  /** A gateway whose inbox answers live in the test's Redis, under `prefix`. */
  async function gateway(prefix: string) {
    const connection = await setup.connect(prefix);
    return gatewayInFrontOf(setup.upstream, { store: new InsuredAnswerStore(new RedisAnswerStore(connection)) });
  }

  it('ask Chatwoot once between them for the campaigns, agents and agent bot of an inbox', async () => {
    const prefix = `wren-test-${randomToken(6)}:`;
    const [a, b] = [await gateway(prefix), await gateway(prefix)];
    await a.app.request(`/widget?website_token=${a.token}`);
    const page = await b.app.request(`/widget?website_token=${b.token}`);
    expect(page.status).toBe(200);
    expect(callPaths(a.calls).sort()).toEqual([
      'GET /api/v1/widget/campaigns',
      'GET /api/v1/widget/inbox_members',
      // The agent bot's name, which only Chatwoot's page carries (server/gateway/inboxAnswers.ts).
      'GET /widget',
      'POST /api/v1/widget/config',
    ]);
    expect(callPaths(b.calls)).toEqual(['POST /api/v1/widget/config']);
    const campaigns = await b.app.request(`/api/v1/widget/campaigns?website_token=${b.token}`);
    expect(await campaigns.json()).toEqual([]);
    expect(campaigns.headers.get('content-type')).toMatch(/^application\/json/);
    expect(callPaths(b.calls)).toEqual(['POST /api/v1/widget/config']);
  });

  it('each answer from its own memory, or from Chatwoot, while Redis is down', async () => {
    const { app, calls, token } = await gateway(`wren-test-${randomToken(6)}:`);
    await app.request(`/widget?website_token=${token}`);
    await setup.redis.stop();
    const asked = calls.length;
    const page = await app.request(`/widget?website_token=${token}`);
    expect(page.status).toBe(200);
    expect(callPaths(calls.slice(asked))).toEqual(['POST /api/v1/widget/config']);
    expect((await app.request(`/api/v1/widget/inbox_members?website_token=${token}`)).status).toBe(200);
  });
});
