import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleFile } from '../../support/sampleFiles';
import { createFixture, readBootConfig, type Fixture } from '../helpers';
import { callPaths, gatewayInFrontOf, passedThroughBreaches } from './gatewayFixture';

const countContacts = async (fixture: Fixture) =>
  (
    await fixture.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('gateway mode', () => {
  let upstream: Fixture;
  afterEach(async () => {
    await upstream?.close();
    // What the gateway passed on from the reference server keeps the widget API's document.
    expect(await passedThroughBreaches()).toEqual([]);
  });

  it('never serves the agent console (its agents answer in Chatwoot), but serves the icon', async () => {
    upstream = await createFixture();
    writeFileSync(
      join(upstream.packsDir, 'manifest.json'),
      JSON.stringify({ 'agent.js': 'js/agent-A.js', 'agent.css': 'css/agent-B.css' }),
    );
    const { app, calls } = await gatewayInFrontOf(upstream);
    const res = await app.request('/agent');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
    expect(calls).toEqual([]);
    expect((await app.request('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it("serves /widget with a data block built from Chatwoot's config answer for a new visitor", async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    const res = await app.request(`/widget?website_token=${token}`, { headers: { cookie: 'shop=1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const boot = readBootConfig(await res.text());
    expect(boot.chatwootWebChannel.websiteToken).toBe(token);
    expect(boot.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const config = calls.find((call) => call.url.pathname === '/api/v1/widget/config')!;
    expect(config.method).toBe('POST');
    expect(config.url.search).toBe(`?website_token=${token}`);
    expect(config.headers.has('x-auth-token')).toBe(false);
    expect(calls.every((call) => !call.headers.has('cookie'))).toBe(true);
  });

  it('resumes a returning visitor with cw_conversation as X-Auth-Token, creating no contact', async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    const first = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    const contacts = await countContacts(upstream);
    calls.length = 0;
    const again = readBootConfig(await (await app.request(`/widget?website_token=${token}&cw_conversation=${first.authToken}`)).text());
    expect(calls.find((call) => call.url.pathname === '/api/v1/widget/config')!.headers.get('x-auth-token')).toBe(first.authToken);
    expect(again.chatwootPubsubToken).toBe(first.chatwootPubsubToken);
    expect(await countContacts(upstream)).toBe(contacts);
  });

  it('remembers an unknown website token for a while instead of asking Chatwoot on every view', async () => {
    upstream = await createFixture();
    const { app, calls } = await gatewayInFrontOf(upstream);
    for (let i = 0; i < 3; i++) {
      const res = await app.request('/widget?website_token=unknown-token');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'web widget does not exist' });
    }
    // The first view asked for the page's parts at once; the later ones asked nothing.
    expect(callPaths(calls).sort()).toEqual([
      'GET /api/v1/widget/campaigns',
      'GET /api/v1/widget/inbox_members',
      'POST /api/v1/widget/config',
    ]);
    expect((await app.request('/widget?website_token=bad%20token')).status).toBe(404);
    expect(calls).toHaveLength(3);
  });

  it('forwards widget API calls with their method, path, query and body, and answers what Chatwoot answered', async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    const boot = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    const res = await app.request(`/api/v1/widget/messages?website_token=${token}&locale=de`, {
      method: 'POST',
      headers: {
        'x-auth-token': boot.authToken,
        'content-type': 'application/json',
        cookie: 'shop=1',
        referer: 'http://gateway/widget?cw_conversation=x',
      },
      body: JSON.stringify({ message: { content: 'Hello through the gateway', echo_id: 'e-1' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const created = await res.json();
    expect(created).toMatchObject({ content: 'Hello through the gateway', message_type: 0, echo_id: 'e-1' });
    const call = calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.url.search).toBe(`?website_token=${token}&locale=de`);
    expect(call.headers.get('x-auth-token')).toBe(boot.authToken);
    expect(call.headers.has('cookie')).toBe(false);
    expect(call.headers.has('referer')).toBe(false);
    const list = await (await upstream.widget('/messages', boot.authToken)).json();
    expect(list.payload.map((m: { content: string }) => m.content)).toEqual(['Hello through the gateway']);
  });

  it("passes Chatwoot's errors through unchanged", async () => {
    upstream = await createFixture();
    const { app, token } = await gatewayInFrontOf(upstream);
    const res = await app.request(`/api/v1/widget/conversations?website_token=${token}`, { headers: { 'x-auth-token': 'not-a-token' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Resource could not be found' });
  });

  it('streams a multipart upload to Chatwoot', async () => {
    upstream = await createFixture();
    const { app, token } = await gatewayInFrontOf(upstream);
    const boot = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    const form = new FormData();
    form.append('message[attachments][]', new File([sampleFile('dot.png')], 'dot.png', { type: 'image/png' }));
    const res = await app.request(`/api/v1/widget/messages?website_token=${token}`, {
      method: 'POST',
      headers: { 'x-auth-token': boot.authToken },
      body: form,
    });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created.attachments[0]).toMatchObject({ file_type: 'image', extension: 'png', file_size: sampleFile('dot.png').length });
  });

  it('lets host pages read campaigns cross-origin, as the loader asks for them', async () => {
    upstream = await createFixture();
    const { app, token } = await gatewayInFrontOf(upstream);
    const res = await app.request(`/api/v1/widget/campaigns?website_token=${token}`, { headers: { origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('forwards the help centre', async () => {
    upstream = await createFixture();
    const { app, calls } = await gatewayInFrontOf(upstream);
    await app.request('/hc/docs/en/articles.json?page=1&sort=views&status=1');
    expect(`${calls[0].url.pathname}${calls[0].url.search}`).toBe('/hc/docs/en/articles.json?page=1&sort=views&status=1');
  });

  it('answers a JSON 502 when Chatwoot cannot be reached, and a 504 when it does not answer in time', async () => {
    upstream = await createFixture();
    const refused = await gatewayInFrontOf(upstream, {
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const down = await refused.app.request(`/api/v1/widget/conversations?website_token=${refused.token}`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ error: 'Chatwoot is unreachable' });
    const page = await refused.app.request(`/widget?website_token=${refused.token}`);
    expect(page.status).toBe(502);

    const silent = (async (request: Request) =>
      new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)))) as typeof fetch;
    const slow = await gatewayInFrontOf(upstream, { fetch: silent, timeoutMs: 50 });
    const late = await slow.app.request(`/api/v1/widget/conversations?website_token=${slow.token}`);
    expect(late.status).toBe(504);
    expect(await late.json()).toEqual({ error: 'Chatwoot did not answer in time' });
  });

  it('sets no deadline on an answer Chatwoot gave before it had read the whole upload', async () => {
    upstream = await createFixture();
    const answersEarly = (async (request: Request) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
          setTimeout(() => {
            controller.enqueue(new TextEncoder().encode('{"error":"too large"}'));
            controller.close();
          }, 150);
        },
      });
      // The rest of the upload is read after the answer has started.
      setTimeout(() => void request.arrayBuffer(), 10);
      return new Response(body, { status: 413, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const { app, token } = await gatewayInFrontOf(upstream, { fetch: answersEarly, timeoutMs: 30 });
    const res = await app.request(`/api/v1/widget/messages?website_token=${token}`, {
      method: 'POST',
      body: 'x'.repeat(64),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'too large' });
  });

  it("answers a JSON 502 when Chatwoot's config answer is an error or not the contract's shape", async () => {
    upstream = await createFixture();
    const failing = await gatewayInFrontOf(upstream, { fetch: (async () => new Response('oops', { status: 500 })) as typeof fetch });
    const failed = await failing.app.request(`/widget?website_token=${failing.token}`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: 'Chatwoot answered the widget config with status 500' });
    const odd = await gatewayInFrontOf(upstream, { fetch: (async () => Response.json({ hello: 'world' })) as typeof fetch });
    const unexpected = await odd.app.request(`/widget?website_token=${odd.token}`);
    expect(unexpected.status).toBe(502);
    expect(await unexpected.json()).toEqual({ error: 'Chatwoot answered the widget config in an unexpected shape' });
  });

  it("serves Wren's own loader", async () => {
    upstream = await createFixture();
    const { app, calls } = await gatewayInFrontOf(upstream);
    const res = await app.request('/packs/js/sdk.js');
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(0);
  });
});
