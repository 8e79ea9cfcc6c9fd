import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentConsoleLink, agentCsp } from '../../server/routes/agentConsole';
import { createFixture, WIDGET_JS, type Fixture } from './helpers';

// The agent console at /agent (docs/operations.md#the-agent-console): served by the reference server
// in embedded mode only (gateway mode: tests/server/gateway/gatewayApp.test.ts), under a CSP as
// strict as /widget's, with its sign-in link's token kept out of every request.

const AGENT_JS = 'js/agent-QRST1234.js';
const AGENT_CSS = 'css/agent-UVWX5678.css';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
  writeFileSync(
    join(fx.packsDir, 'manifest.json'),
    JSON.stringify({ 'widget.js': WIDGET_JS, 'agent.js': AGENT_JS, 'agent.css': AGENT_CSS }),
  );
});
afterEach(() => fx.close());

describe('GET /agent', () => {
  it('serves the console shell: its own hashed script and stylesheet, nothing inline', async () => {
    const res = await fx.request('/agent');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<script type="module" src="/packs/${AGENT_JS}"></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="/packs/${AGENT_CSS}">`);
    expect(html).toContain('<title>Wren agent console</title>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // No inline script or style, and no widget code: the console is its own bundle.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
    expect(html).not.toContain('widget-');
  });

  it('answers under a strict CSP that allows this server alone for scripts, styles, calls and the cable', async () => {
    const res = await fx.request('http://localhost:3000/agent');
    expect(res.headers.get('content-security-policy')).toBe(
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob: https: http:",
        "media-src 'self' blob: https: http:",
        "connect-src 'self' ws://localhost:3000 wss://localhost:3000",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names PUBLIC_URL in connect-src behind a proxy', async () => {
    await fx.close();
    fx = await createFixture({ env: { PUBLIC_URL: 'https://chat.example.com' } });
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'agent.js': AGENT_JS, 'agent.css': AGENT_CSS }));
    const res = await fx.request('http://127.0.0.1:3000/agent');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' ws://chat.example.com wss://chat.example.com;");
  });

  it('answers 503 JSON before the console is built', async () => {
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS }));
    const res = await fx.request('/agent');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'agent console assets are not built; run npm run build' });
  });

  it('needs no token to load: the page holds no secret, the Application API checks the token', async () => {
    const res = await fx.request('/agent');
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(fx.config.apiAccessToken);
  });
});

describe('the start banner link', () => {
  it('carries the token in the fragment, which no request, log line or Referer includes', () => {
    const link = agentConsoleLink('http://localhost:3000', 'tok/en+1=');
    expect(link).toBe('http://localhost:3000/agent#token=tok%2Fen%2B1%3D');
    const url = new URL(link);
    expect(url.pathname + url.search).toBe('/agent');
  });

  it('builds the CSP from the connect sources it is given', () => {
    expect(agentCsp("'self' ws://a wss://a")).toContain("connect-src 'self' ws://a wss://a;");
  });
});

describe('favicon', () => {
  it.each(['/favicon.svg', '/favicon.ico'])('%s is the icon, so no page of Wren gets a 404 for it', async (path) => {
    const res = await fx.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('is linked from the demo page and the /widget page (the popout)', async () => {
    const link = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
    expect(await (await fx.request('/')).text()).toContain(link);
    expect(await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text()).toContain(link);
  });
});
