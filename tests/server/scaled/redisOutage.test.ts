/**
 * Redis down (docs/architecture.md#modes): every call to it is bounded, presence, caches and
 * pub/sub fall back to this process, what cannot (the lock on a visitor's sends) answers 503
 * with Retry-After, and when Redis is back the servers recover by themselves.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { startRedis } from '../../../e2e/support/services.mjs';
import { cableClient, startCluster, type Cluster } from './cluster';

let redis: Awaited<ReturnType<typeof startRedis>>;
let cluster: Cluster;

beforeEach(async () => {
  redis = await startRedis();
  cluster = await startCluster(2, { redisUrl: redis.url });
});

afterEach(async () => {
  await cluster.close();
  await redis.stop();
});

/** A status the widget handles: success, or 503 with a Retry-After it waits for. */
function expectServedOrBusy(res: Response, what: string) {
  if (res.status === 503) {
    expect(Number(res.headers.get('retry-after')), `${what}: Retry-After`).toBeGreaterThan(0);
    return;
  }
  expect(res.status, what).toBeLessThan(300);
}

/** The calls a visitor and an agent make, each of which must be answered (never hang, never 500). */
async function everyCall(server: Cluster['servers'][number], visitor: { authToken: string }, conversationId: number) {
  const page = await fetch(`${server.origin}/widget?website_token=${'cluster-website-token'}`);
  expect(page.status, '/widget').toBe(200);
  expectServedOrBusy(await cluster.widget(server, '/inbox_members', visitor.authToken), 'inbox_members');
  expectServedOrBusy(await cluster.widget(server, '/messages', visitor.authToken), 'GET messages');
  expectServedOrBusy(
    await cluster.widget(server, '/messages', visitor.authToken, { method: 'POST', body: { message: { content: 'During' } } }),
    'POST messages',
  );
  const newcomer = await cluster.visit(server);
  expectServedOrBusy(
    await cluster.widget(server, '/conversations', newcomer.authToken, { method: 'POST', body: { message: { content: 'New' } } }),
    'POST conversations',
  );
  expectServedOrBusy(await cluster.agent(server, '/conversations'), 'agent conversations');
  expectServedOrBusy(
    await cluster.agent(server, `/conversations/${conversationId}/messages`, { method: 'POST', body: { content: 'Agent during' } }),
    'agent message',
  );
}

/** Waits until `server` stores the visitor's message `content` again (its send lock works once more). */
async function sendsAgain(server: Cluster['servers'][number], visitor: { authToken: string }, content: string) {
  const send = async () =>
    (await cluster.widget(server, '/messages', visitor.authToken, { method: 'POST', body: { message: { content } } })).status;
  await expect.poll(send, { timeout: 20_000, interval: 250 }).toBe(200);
}

describe('while Redis is down', () => {
  it('answers every visitor and agent call, with 503 + Retry-After only where it cannot go on, and recovers by itself', {
    timeout: 60_000,
  }, async () => {
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const started = await cluster.widget(a, '/conversations', visitor.authToken, {
      method: 'POST',
      body: { message: { content: 'Before' } },
    });
    expect(started.status).toBe(200);
    const { id: conversationId } = (await started.json()) as { id: number };
    const socket = await cableClient(a, visitor.pubsubToken);

    await redis.stop();

    for (const server of [a, b]) await everyCall(server, visitor, conversationId);
    // A visitor connected to this process still hears what this process sends.
    await socket.message('Agent during');
    // A new subscription is served by this process meanwhile.
    const during = await cableClient(b, visitor.pubsubToken);
    expect(during.closed).toBe(false);

    redis = await startRedis({ port: redis.port });
    // Widgets are told to reconnect once Redis is back, so they fetch what they missed.
    await socket.waitFor((f) => f.type === 'disconnect', 'disconnect', 20_000);

    // Recovered: one process's broadcasts reach the other's sockets again, and sends are stored.
    const again = await cableClient(a, visitor.pubsubToken);
    await sendsAgain(b, visitor, 'After');
    await again.message('After');
    again.close();
    during.close();
  });
});

describe('while Redis accepts connections but does not answer', () => {
  it('holds no request: every call is answered, and all is well once Redis answers again', { timeout: 60_000 }, async () => {
    const [a] = cluster.servers;
    const visitor = await cluster.visit(a);
    const started = await cluster.widget(a, '/conversations', visitor.authToken, {
      method: 'POST',
      body: { message: { content: 'Before' } },
    });
    const { id: conversationId } = (await started.json()) as { id: number };
    const admin = new Redis(redis.url);
    // Redis stops serving every client for 8 s (as if stopped, or cut off by the network).
    await admin.call('CLIENT', 'PAUSE', '8000', 'ALL');
    try {
      await everyCall(a, visitor, conversationId);
    } finally {
      admin.disconnect();
    }
    await sendsAgain(a, visitor, 'After');
  });
});

describe('when Redis comes back', () => {
  it('stores the first send after a 10 s outage, on every process', { timeout: 60_000 }, async () => {
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const send = (server: typeof a, content: string) =>
      cluster.widget(server, '/messages', visitor.authToken, { method: 'POST', body: { message: { content } } });
    expect((await send(a, 'Before')).status).toBe(200);
    await redis.stop();
    await sleep(10_000);
    redis = await startRedis({ port: redis.port });
    const first = await send(a, 'First after');
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await send(b, 'Second after')).status).toBe(200);
  });
});
