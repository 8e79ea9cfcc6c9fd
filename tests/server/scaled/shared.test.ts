/**
 * What else two servers on one PostgreSQL and one Redis share: the lock that makes a visitor's
 * retried first message create one conversation, rate limits, the caches, the start-up seed,
 * the numbering of conversations, and a readiness probe that checks Redis.
 */
import { startRedis } from '../../../e2e/support/services.mjs';
import { startCluster, type Cluster } from './cluster';

describe('two servers, one state', () => {
  let cluster: Cluster;
  afterEach(() => cluster?.close());

  it("stores a visitor's first message sent to both servers at once (a retry through the load balancer) exactly once", async () => {
    cluster = await startCluster(2);
    const [a, b] = cluster.servers;
    for (let round = 0; round < 5; round++) {
      const visitor = await cluster.visit(a);
      const send = (server: typeof a) =>
        cluster.widget(server, '/messages', visitor.authToken, {
          method: 'POST',
          body: { message: { content: 'Hello?', echo_id: `echo-${round}` } },
        });
      const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(new Set(bodies.map((m) => m.id)).size).toBe(1);
      expect(new Set(bodies.map((m) => m.conversation_id)).size).toBe(1);
      const listed = await (await cluster.widget(b, '/messages', visitor.authToken)).json();
      expect(listed.payload.map((m: { content: string }) => m.content)).toEqual(['Hello?']);
    }
  });

  it('stores a visitor who only looked at both servers exactly once when their first writes reach both at once', async () => {
    cluster = await startCluster(2);
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 2
        ? cluster.widget(i % 4 === 1 ? a : b, '/contact', visitor.authToken, {
            method: 'PATCH',
            body: { custom_attributes: { [`k${i}`]: i } },
          })
        : cluster.widget(i % 4 === 0 ? a : b, '/messages', visitor.authToken, {
            method: 'POST',
            body: { message: { content: `hi ${i}` } },
          }),
    );
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(writes.map(() => 200));
    const contacts = await (await cluster.agent(b, '/contacts')).json();
    expect(contacts.meta.count).toBe(1);
    const conversations = await (await cluster.agent(a, '/conversations?status=all')).json();
    expect(conversations.data.payload).toHaveLength(1);
  });

  it('numbers conversations started on both servers at once without a gap or a duplicate', async () => {
    cluster = await startCluster(2);
    const visitors = await Promise.all(Array.from({ length: 12 }, (_, i) => cluster.visit(cluster.servers[i % 2])));
    const created = await Promise.all(
      visitors.map((visitor, i) =>
        cluster.widget(cluster.servers[(i + 1) % 2], '/conversations', visitor.authToken, {
          method: 'POST',
          body: { message: { content: `visitor ${i}` } },
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(visitors.map(() => 200));
    const ids = (await Promise.all(created.map((r) => r.json()))).map((c: { id: number }) => c.id).sort((x, y) => x - y);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('counts a rate limit across servers', async () => {
    cluster = await startCluster(2, { env: { RATE_LIMIT_NEW_VISITORS_PER_ADDRESS: '3/60' } });
    const [a, b] = cluster.servers;
    const mint = (server: typeof a) => fetch(`${server.origin}/widget?website_token=cluster-website-token`);
    expect((await mint(a)).status).toBe(200);
    expect((await mint(b)).status).toBe(200);
    expect((await mint(a)).status).toBe(200);
    const refused = await mint(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("drops every server's cached inbox settings and campaigns when one server changes them", async () => {
    cluster = await startCluster(2);
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const color = async () => (await cluster.visit(a)).config.chatwootWebChannel.widgetColor;
    expect(await color()).toBe('#1f93ff');
    expect(await (await cluster.widget(a, '/campaigns', null)).json()).toEqual([]);

    await cluster.agent(b, '/inboxes/1', { method: 'PATCH', body: { channel: { widget_color: '#ff5500' } } });
    await cluster.agent(b, '/campaigns', {
      method: 'POST',
      body: {
        campaign: { inbox_id: 1, title: 'Hi', message: 'Need help?', trigger_rules: { url: 'https://shop.example/', time_on_page: 3 } },
      },
    });
    await vi.waitFor(async () => expect(await color()).toBe('#ff5500'), { timeout: 2000 });
    await vi.waitFor(async () => expect(await (await cluster.widget(a, '/campaigns', visitor.authToken)).json()).toHaveLength(1), {
      timeout: 2000,
    });
  });

  it('starts two servers at the same moment on a fresh database: one seed, the same secrets', async () => {
    cluster = await startCluster(0);
    const [a, b] = await Promise.all([cluster.add(), cluster.add()]);
    expect(a.config.secretKeyBase).toBe(b.config.secretKeyBase);
    expect(a.config.websiteToken).toBe(b.config.websiteToken);
    // A visitor minted by one is recognised by the other.
    const visitor = await cluster.visit(a);
    expect((await cluster.widget(b, '/conversations', visitor.authToken)).status).toBe(200);
  });
});

describe('readiness', () => {
  it('checks the database and Redis, and says unavailable when Redis is gone', async () => {
    const redis = await startRedis();
    const cluster = await startCluster(1, { redisUrl: redis.url });
    try {
      const [server] = cluster.servers;
      const ready = await fetch(`${server.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
      await redis.stop();
      const gone = await fetch(`${server.origin}/readyz`);
      expect(gone.status).toBe(503);
      expect((await gone.json()).checks).toMatchObject({ database: 'ok', redis: 'unreachable' });
    } finally {
      await cluster.close();
      await redis.stop();
    }
  });

  it('refuses to start without its Redis, naming it without the password', async () => {
    await expect(startCluster(1, { redisUrl: 'redis://:hunter2@127.0.0.1:1' })).rejects.toThrow(
      /cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
    );
  });
});
