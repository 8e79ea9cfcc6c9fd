import { createHash } from 'node:crypto';
import { renderGatewayPage } from '../../../server/views/gatewayPage';
import { createFixture, type Fixture } from '../helpers';
import { gatewayInFrontOf } from './gatewayFixture';

/** The gateway's `/` (docs/operations.md#gateway-mode): what this server is, and where it forwards. */
describe("the gateway's own page", () => {
  let upstream: Fixture;
  afterEach(() => upstream?.close());

  it('says what the server is, the Chatwoot it forwards to and how to embed it, asking Chatwoot nothing', async () => {
    upstream = await createFixture();
    const { app, calls } = await gatewayInFrontOf(upstream);
    const res = await app.request('http://gateway.example:3001/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Wren gateway</title>');
    expect(html).toContain('<code>http://chatwoot.test</code>');
    expect(html).toContain('<code>/packs/js/sdk.js</code>');
    expect(html).toContain('<code>BASE_URL</code> set to <code>http://gateway.example:3001</code>');
    expect(calls).toEqual([]);
  });

  it('runs no script: its CSP allows none, and only the stylesheet it carries', async () => {
    upstream = await createFixture();
    const { app } = await gatewayInFrontOf(upstream);
    const res = await app.request('/');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
    expect(styles).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(styles[0]).digest('base64')}'`;
    expect(csp).toContain(`style-src ${hash}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('escapes what it is given', () => {
    const html = renderGatewayPage({ chatwootOrigin: 'https://chat.example.com"><img src=x>', gatewayOrigin: 'http://<b>gw</b>' });
    expect(html).toContain('https://chat.example.com&quot;&gt;&lt;img src=x&gt;');
    expect(html).toContain('http://&lt;b&gt;gw&lt;/b&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('is the only new page: other unknown paths still answer a JSON 404', async () => {
    upstream = await createFixture();
    const { app } = await gatewayInFrontOf(upstream);
    const res = await app.request('/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});
