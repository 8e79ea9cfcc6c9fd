import { captureLog } from '../observability/logCapture';
import { createFixture, readBootConfig, sendMessage, type Fixture } from '../helpers';
import { gatewayInFrontOf, passedThroughBreaches, sendThrough } from './gatewayFixture';

/** The value of one sample of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe("the gateway's logs and metrics (docs/operations.md#health-logs-and-metrics)", () => {
  let upstream: Fixture;
  afterEach(async () => {
    await upstream?.close();
    // What the gateway passed on from the reference server keeps the widget API's document.
    expect(await passedThroughBreaches()).toEqual([]);
  });

  it('logs every forwarded request with the pattern of its route, an unknown widget path under its prefix', async () => {
    upstream = await createFixture();
    const { logger, lines } = captureLog();
    const { app, token } = await gatewayInFrontOf(upstream, { logger });
    const visitor = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    const headers = { 'x-auth-token': visitor.authToken, 'content-type': 'application/json' };
    const sent = await app.request(`/api/v1/widget/messages?website_token=${token}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: { content: 'Hello' } }),
    });
    const { id } = await sent.json();
    await app.request(`/api/v1/widget/messages/${id}?website_token=${token}`, { method: 'PATCH', headers, body: '{}' });
    await app.request(`/api/v1/widget/direct_uploads?website_token=${token}`, { method: 'POST', headers, body: '{}' });
    await app.request('/hc/docs/en/articles.json?page=1');
    const routes = lines.filter((line) => line.msg === 'request').map((line) => `${line.method} ${line.route}`);
    expect(routes).toEqual([
      'GET /widget',
      'POST /api/v1/widget/messages',
      'PATCH /api/v1/widget/messages/:id',
      'POST /api/v1/widget/*',
      'GET /hc/:portal/:locale/articles.json',
    ]);
  });

  it("serves /metrics: Chatwoot's answers by route and status, its latency, the answers kept for it and the sends it recognised", async () => {
    upstream = await createFixture();
    const { app, token } = await gatewayInFrontOf(upstream, { metricsToken: 'scrape-me-please' });
    expect((await app.request('/metrics')).status).toBe(401);
    const scrape = async () => {
      const res = await app.request('/metrics', { headers: { authorization: 'Bearer scrape-me-please' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = await scrape();
    const visitor = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    await app.request(`/api/v1/widget/messages?website_token=${token}`, { headers: { 'x-auth-token': visitor.authToken } });
    await app.request(`/api/v1/widget/conversations?website_token=${token}`, { headers: { 'x-auth-token': 'not-a-token' } });
    await app.request(`/api/v1/widget/campaigns?website_token=${token}`);
    for (let i = 0; i < 2; i++) await sendThrough({ app, token }, visitor.authToken, { content: 'Once', echo_id: 'e-metrics' });
    const after = await scrape();
    const grew = (name: string, labels: string) => sample(after, name, labels) - sample(before, name, labels);

    expect(grew('wren_gateway_upstream_requests_total', 'method="POST",route="/api/v1/widget/config",status="2xx"')).toBe(1);
    // The visitor's list, and the retry's message read back from the conversation.
    expect(grew('wren_gateway_upstream_requests_total', 'method="GET",route="/api/v1/widget/messages",status="2xx"')).toBe(2);
    expect(grew('wren_gateway_upstream_requests_total', 'method="GET",route="/api/v1/widget/conversations",status="4xx"')).toBe(1);
    expect(grew('wren_gateway_upstream_duration_seconds_count', 'method="GET",route="/api/v1/widget/messages"')).toBe(2);
    expect(grew('wren_gateway_cache_lookups_total', 'cache="campaigns",result="miss"')).toBe(1);
    expect(grew('wren_gateway_cache_lookups_total', 'cache="campaigns",result="hit"')).toBe(1);
    expect(grew('wren_gateway_sends_total', 'outcome="forwarded"')).toBe(1);
    expect(grew('wren_gateway_sends_total', 'outcome="answered_again"')).toBe(1);
    expect(after).toMatch(/^wren_gateway_cable_sockets \d+$/m);
  });

  it('counts a Chatwoot that cannot be reached, and one that does not answer in time', async () => {
    upstream = await createFixture();
    const refused = await gatewayInFrontOf(upstream, {
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const silent = (async (request: Request) =>
      new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)))) as typeof fetch;
    const slow = await gatewayInFrontOf(upstream, { fetch: silent, timeoutMs: 20 });
    // As a scraper on this machine asks (no METRICS_TOKEN: loopback only).
    const scrape = async () => (await refused.app.request('/metrics', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } })).text();
    const before = await scrape();
    await refused.app.request(`/api/v1/widget/contact?website_token=${refused.token}`);
    await slow.app.request(`/api/v1/widget/contact?website_token=${slow.token}`);
    const after = await scrape();
    for (const status of ['unreachable', 'timeout']) {
      const labels = `method="GET",route="/api/v1/widget/contact",status="${status}"`;
      expect(
        sample(after, 'wren_gateway_upstream_requests_total', labels) - sample(before, 'wren_gateway_upstream_requests_total', labels),
      ).toBe(1);
    }
  });

  it("answers /readyz with Chatwoot's reachability, and 503 once it is told to stop", async () => {
    upstream = await createFixture();
    let draining = false;
    const { app } = await gatewayInFrontOf(upstream, { draining: () => draining });
    const ready = await app.request('/readyz');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', checks: { chatwoot: 'ok' } }]);
    draining = true;
    const stopping = await app.request('/readyz');
    expect([stopping.status, await stopping.json()]).toEqual([503, { status: 'shutting down', checks: { chatwoot: 'ok' } }]);
  });

  it('names no visitor token, cookie or message in its log', async () => {
    upstream = await createFixture();
    const { logger, raw } = captureLog('debug');
    const { app, token } = await gatewayInFrontOf(upstream, { logger });
    const visitor = await upstream.visit();
    await sendMessage(upstream, visitor, 'my secret order number');
    await app.request(`/widget?website_token=${token}&cw_conversation=${visitor.authToken}`, { headers: { cookie: 'session=abc' } });
    const text = raw.join('');
    expect(text).not.toContain(visitor.authToken);
    expect(text).not.toContain('session=abc');
    expect(text).not.toContain('my secret order number');
  });
});
