import { createFixture, type Fixture } from '../helpers';
import { captureLog } from './logCapture';

let fx: Fixture;
let log: ReturnType<typeof captureLog>;
beforeEach(async () => {
  log = captureLog('debug');
  fx = await createFixture({ logger: log.logger });
});
afterEach(() => fx.close());

const requests = () => log.lines.filter((line) => line.msg === 'request');

describe('request log', () => {
  it('writes one JSON line per request with its id, method, route pattern, status and duration', async () => {
    const visitor = await fx.visit();
    await fx.widget('/messages', visitor);
    const [page, messages] = requests();
    expect(page).toMatchObject({ level: 'info', method: 'GET', route: '/widget', status: 200 });
    expect(messages).toMatchObject({ level: 'info', method: 'GET', route: '/api/v1/widget/messages', status: 200 });
    expect(messages.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(messages.duration_ms).toEqual(expect.any(Number));
    expect(messages.request_id).not.toBe(page.request_id);
  });

  it('logs the route pattern, never the raw path with its ids and tokens', async () => {
    await fx.agent('/conversations/987');
    const line = requests()[0];
    expect(line).toMatchObject({ route: '/api/v1/accounts/:a/conversations/:id', status: 404 });
    expect(JSON.stringify(log.lines)).not.toContain(fx.config.apiAccessToken);
    expect(JSON.stringify(log.lines)).not.toContain(fx.config.websiteToken);
  });

  it('labels a path no route answers as unmatched', async () => {
    await fx.request('/no/such/page/123');
    expect(requests()[0]).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('honours a sane incoming X-Request-Id and echoes it', async () => {
    const res = await fx.request('/healthz', { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(res.headers.get('X-Request-Id')).toBe('lb-7f3a.42');
    expect(requests()[0].request_id).toBe('lb-7f3a.42');
  });

  it('replaces an X-Request-Id that could forge log content with a fresh one', async () => {
    const res = await fx.request('/healthz', { headers: { 'X-Request-Id': 'x"} {"level":"fatal' } });
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests()[0].request_id).toBe(id);
  });

  it('echoes the request id on error answers too', async () => {
    const res = await fx.widget('/messages', 'not-a-token');
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves the id out of answers shared caches keep, which others receive, and keeps it in their log line', async () => {
    const campaigns = await fx.request(`/api/v1/widget/campaigns?website_token=${fx.config.websiteToken}`);
    const loader = await fx.request('/packs/js/sdk.js');
    expect([campaigns.status, loader.status]).toEqual([200, 200]);
    expect(campaigns.headers.get('cache-control')).toBe('public, max-age=60');
    expect(campaigns.headers.get('X-Request-Id')).toBeNull();
    expect(loader.headers.get('X-Request-Id')).toBeNull();
    expect(requests().map((line) => line.request_id)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
  });

  it('logs probes at debug so an info log is not flooded by them', async () => {
    await fx.request('/healthz');
    await fx.request('/readyz');
    expect(requests().map((line) => line.level)).toEqual(['debug', 'debug']);
  });
});
