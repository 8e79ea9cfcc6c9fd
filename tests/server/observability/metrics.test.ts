import { countRateLimitRejection, METRICS, observeRealtime } from '../../../server/observability/metrics';
import { createFixture, sendMessage, type Fixture } from '../helpers';
import { gatewayInFrontOf } from '../gateway/gatewayFixture';

/** What `@hono/node-server` hands a route about the connection a request came on. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

let fx: Fixture;
afterEach(async () => {
  observeRealtime(undefined);
  await fx.close();
});

/** The value of one sample of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Scrapes as a scraper on this machine would (a loopback connection). */
async function scrape(headers: Record<string, string> = {}) {
  const res = await fx.app.request('/metrics', { headers }, from('127.0.0.1'));
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toContain('text/plain');
  return res.text();
}

describe('GET /metrics', () => {
  it('counts visitor messages in and agent messages out', async () => {
    fx = await createFixture();
    const before = await scrape();
    const visitor = await fx.visit();
    const sent = await sendMessage(fx, visitor, 'hi');
    await fx.agent(`/conversations/${sent.conversation_id}/messages`, { method: 'POST', body: { content: 'hello' } });
    const after = await scrape();
    expect(sample(after, 'wren_messages_total', 'direction="in"') - sample(before, 'wren_messages_total', 'direction="in"')).toBe(1);
    expect(sample(after, 'wren_messages_total', 'direction="out"') - sample(before, 'wren_messages_total', 'direction="out"')).toBe(1);
  });

  it('has an HTTP latency histogram by route pattern and status class', async () => {
    fx = await createFixture();
    await fx.agent('/conversations/424242');
    const text = await scrape();
    expect(text).toMatch(
      /wren_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/accounts\/:a\/conversations\/:id",status="4xx"\} \d+/,
    );
    expect(text).not.toContain('424242');
  });

  it('reads open sockets and subscriptions from the realtime source on each scrape', async () => {
    fx = await createFixture();
    observeRealtime({ sockets: () => 3, subscriptions: () => 5 });
    const text = await scrape();
    expect(sample(text, 'wren_cable_sockets')).toBe(3);
    expect(sample(text, 'wren_cable_subscriptions')).toBe(5);
  });

  it('counts rate-limit rejections by limit name', async () => {
    fx = await createFixture();
    const before = sample(await METRICS.metrics(), 'wren_rate_limit_rejections_total', 'limit="visitor_messages"');
    countRateLimitRejection('visitor_messages');
    countRateLimitRejection('visitor_messages');
    expect(sample(await scrape(), 'wren_rate_limit_rejections_total', 'limit="visitor_messages"') - before).toBe(2);
  });

  it('includes the default process metrics', async () => {
    fx = await createFixture();
    const text = await scrape();
    expect(text).toContain('wren_process_cpu_seconds_total');
    expect(text).toContain('wren_nodejs_eventloop_lag_seconds');
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    fx = await createFixture({ env: { METRICS_TOKEN: 'scrape-token-1' } });
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer wrong-token' },
      { Authorization: 'Basic c2NyYXBlLXRva2VuLTE=' },
    ]) {
      const res = await fx.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ error: expect.stringContaining('metrics token') });
    }
    expect(await scrape({ Authorization: 'Bearer scrape-token-1' })).toContain('wren_messages_total');
    // With the token, a scraper on another machine is answered too.
    const remote = await fx.app.request('/metrics', { headers: { Authorization: 'Bearer scrape-token-1' } }, from('203.0.113.7'));
    expect(remote.status).toBe(200);
  });

  it('answers only this machine without METRICS_TOKEN, in both modes: no other address, nothing a proxy passed on', async () => {
    fx = await createFixture();
    const gateway = await gatewayInFrontOf(fx);
    for (const app of [fx.app, gateway.app]) {
      const status = async (address: string | undefined, headers: Record<string, string> = {}) =>
        (await app.request('/metrics', { headers }, address === undefined ? undefined : from(address))).status;
      expect(await status('127.0.0.1')).toBe(200);
      expect(await status('::1')).toBe(200);
      expect(await status('::ffff:127.0.0.1')).toBe(200);
      for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) expect(await status(address)).toBe(404);
      // nginx on this machine connects from loopback, on behalf of whoever asked it.
      expect(await status('127.0.0.1', { 'X-Forwarded-For': '203.0.113.7' })).toBe(404);
      expect(await status('127.0.0.1', { Forwarded: 'for=203.0.113.7' })).toBe(404);
      expect(await status('127.0.0.1', { 'X-Real-IP': '203.0.113.7' })).toBe(404);
      expect(await status(undefined)).toBe(404);
      const refused = await app.request('/metrics', {}, from('203.0.113.7'));
      expect(await refused.json()).toEqual({ error: 'Not found' });
    }
  });
});
