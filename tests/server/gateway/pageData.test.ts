import { afterEach, describe, expect, it } from 'vitest';
import { createFixture, readBootConfig, sendMessage, type Fixture } from '../helpers';
import { agentBotNameInPage } from '../../../server/gateway/inboxAnswers';
import { callPaths, gatewayInFrontOf, passedThroughBreaches } from './gatewayFixture';

const PAGE_CALLS = [
  'POST /api/v1/widget/config',
  'GET /api/v1/widget/conversations',
  'GET /api/v1/widget/messages',
  'GET /api/v1/widget/inbox_members',
  'GET /api/v1/widget/campaigns',
  // Chatwoot's own page, for the name of the inbox's agent bot, which the config answer leaves out.
  'GET /widget',
];

/** Chatwoot's `/widget` page as its `widgets/show.html.erb` writes it, for an inbox whose agent bot is `botName` (HTML-escaped, as ERB writes it). */
const chatwootPage = (botName: string) => `<!DOCTYPE html>
<html>
  <head>
    <script>
      window.chatwootWebChannel = {
        avatarUrl: '',
        hasAConnectedAgentBot: '${botName}',
        locale: 'en',
      }
    </script>
  </head>
</html>`;

/** The same page as the reference server (the upstream) renders it for the visitor of `token`. */
async function upstreamPage(upstream: Fixture, token?: string) {
  return (await upstream.visit(token)).config;
}

describe("the gateway's /widget data block (docs/protocol.md#the-data-block)", () => {
  let upstream: Fixture;
  afterEach(async () => {
    await upstream?.close();
    // What the gateway passed on from the reference server keeps the widget API's document.
    expect(await passedThroughBreaches()).toEqual([]);
  });

  it("carries a returning visitor's conversation, latest messages, contact, agents and campaigns, as the reference server's page does", async () => {
    upstream = await createFixture();
    await upstream.agent('/campaigns', {
      method: 'POST',
      body: {
        campaign: { title: 'Hi', message: 'Need help?', inbox_id: 1, trigger_rules: { url: 'https://shop.example/*', time_on_page: 5 } },
      },
    });
    const visitor = await upstream.visit();
    const sent = await sendMessage(upstream, visitor, 'Hello, is anybody there?');
    await upstream.agent(`/conversations/${sent.conversation_id}/messages`, { method: 'POST', body: { content: 'Yes, how can I help?' } });
    const { app, calls, token } = await gatewayInFrontOf(upstream);

    const res = await app.request(`/widget?website_token=${token}&cw_conversation=${visitor.authToken}`);
    expect(res.status).toBe(200);
    const page = readBootConfig(await res.text()).initialData!;
    const reference = (await upstreamPage(upstream, visitor.authToken)).initialData!;
    expect(page).toEqual({ ...reference, catchUp: 'request' });
    expect(page.conversation).toMatchObject({ id: sent.conversation_id, status: 'open' });
    expect(page.messages.payload.map((m) => m.content)).toEqual(['Hello, is anybody there?', 'Yes, how can I help?']);
    expect(page.contact.id).toEqual(expect.any(Number));
    expect(page.inboxMembers).toHaveLength(1);
    expect(page.campaigns.map((c) => c.message)).toEqual(['Need help?']);
    // Each asked once, at the same time; the visitor's reads with their token.
    expect(callPaths(calls).sort()).toEqual([...PAGE_CALLS].sort());
    for (const call of calls.filter((c) => /conversations|messages|config/.test(c.url.pathname)))
      expect(call.headers.get('x-auth-token')).toBe(visitor.authToken);
  });

  it("asks a first-time visitor's page nothing of the visitor's own: they have no conversation yet", async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    const boot = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    const page = boot.initialData!;
    expect(page).toMatchObject({ conversation: null, messages: { payload: [], meta: {} }, catchUp: 'request' });
    expect(page.contact).toEqual({ id: null, has_email: false, has_name: false, has_phone_number: false, identifier: null });
    expect(callPaths(calls).sort()).toEqual([
      'GET /api/v1/widget/campaigns',
      'GET /api/v1/widget/inbox_members',
      'GET /widget',
      'POST /api/v1/widget/config',
    ]);
    // Chatwoot's page is read with the token its config answer issued: without one it would create a contact.
    expect(calls.find((call) => call.url.pathname === '/widget')?.url.searchParams.get('cw_conversation')).toBe(boot.authToken);
  });

  it('treats a token Chatwoot does not know as a new visitor with nothing yet', async () => {
    upstream = await createFixture();
    const { app, token } = await gatewayInFrontOf(upstream);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzb3VyY2VfaWQiOiJ4In0.bm90LXNpZ25lZA';
    const boot = readBootConfig(await (await app.request(`/widget?website_token=${token}&cw_conversation=${forged}`)).text());
    expect(boot.authToken).not.toBe(forged);
    expect(boot.initialData).toMatchObject({ conversation: null, messages: { payload: [] } });
  });

  it("keeps the inbox's agents and campaigns per website token: the loader's campaigns check and later pages do not ask again", async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    const campaigns = await app.request(`/api/v1/widget/campaigns?website_token=${token}`);
    expect(campaigns.status).toBe(200);
    expect(campaigns.headers.get('cache-control')).toBe('public, max-age=60');
    const first = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    await app.request(`/widget?website_token=${token}&cw_conversation=${first.authToken}`);
    const members = await app.request(`/api/v1/widget/inbox_members?website_token=${token}`);
    expect((await members.json()).payload).toHaveLength(1);
    const asked = callPaths(calls);
    expect(asked.filter((path) => path.endsWith('/campaigns'))).toHaveLength(1);
    expect(asked.filter((path) => path.endsWith('/inbox_members'))).toHaveLength(1);
  });

  it('asks Chatwoot once for page views that arrive together', async () => {
    upstream = await createFixture();
    const { app, calls, token } = await gatewayInFrontOf(upstream);
    await Promise.all(Array.from({ length: 5 }, () => app.request(`/widget?website_token=${token}`)));
    expect(callPaths(calls).filter((path) => path.endsWith('/campaigns'))).toHaveLength(1);
    expect(callPaths(calls).filter((path) => path.endsWith('/config'))).toHaveLength(5);
  });

  it('serves the page without the data when Chatwoot fails one of its parts, and keeps no failed answer', async () => {
    upstream = await createFixture();
    const failing = new Set(['/api/v1/widget/inbox_members']);
    const flaky = (async (request: Request) =>
      failing.has(new URL(request.url).pathname)
        ? Response.json({ error: 'boom' }, { status: 500 })
        : upstream.app.request(request)) as typeof fetch;
    const { app, token } = await gatewayInFrontOf(upstream, { fetch: flaky });
    const res = await app.request(`/widget?website_token=${token}`);
    expect(res.status).toBe(200);
    expect(readBootConfig(await res.text()).initialData).toBeUndefined();
    expect((await app.request(`/api/v1/widget/inbox_members?website_token=${token}`)).status).toBe(500);
    failing.clear();
    expect(readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text()).initialData).toBeDefined();
  });

  it("serves the page without the data when an answer is not the contract's shape", async () => {
    upstream = await createFixture();
    const odd = (async (request: Request) =>
      new URL(request.url).pathname === '/api/v1/widget/campaigns'
        ? Response.json([{ id: 'one' }])
        : upstream.app.request(request)) as typeof fetch;
    const { app, token } = await gatewayInFrontOf(upstream, { fetch: odd });
    const boot = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    expect(boot.authToken).toBeTruthy();
    expect(boot.initialData).toBeUndefined();
  });

  it("carries the name of the inbox's agent bot from Chatwoot's own page, which its config answer leaves out, kept per website token", async () => {
    upstream = await createFixture();
    let bot = 'Captain &amp; Co &#39;24';
    const chatwoot = (async (request: Request) =>
      new URL(request.url).pathname === '/widget'
        ? new Response(chatwootPage(bot), { headers: { 'content-type': 'text/html' } })
        : upstream.app.request(request)) as typeof fetch;
    const { app, token } = await gatewayInFrontOf(upstream, { fetch: chatwoot });
    const first = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    expect(first.chatwootWebChannel.hasAConnectedAgentBot).toBe("Captain & Co '24");
    bot = '';
    const again = readBootConfig(await (await app.request(`/widget?website_token=${token}&cw_conversation=${first.authToken}`)).text());
    expect(again.chatwootWebChannel.hasAConnectedAgentBot).toBe("Captain & Co '24");
  });

  it("carries no agent bot when Chatwoot's page fails, and asks again next time", async () => {
    upstream = await createFixture();
    let failing = true;
    const chatwoot = (async (request: Request) =>
      new URL(request.url).pathname === '/widget'
        ? failing
          ? Response.json({ error: 'boom' }, { status: 500 })
          : new Response(chatwootPage('Captain'))
        : upstream.app.request(request)) as typeof fetch;
    const { app, token } = await gatewayInFrontOf(upstream, { fetch: chatwoot });
    const first = await app.request(`/widget?website_token=${token}`);
    expect(first.status).toBe(200);
    expect(readBootConfig(await first.text()).chatwootWebChannel.hasAConnectedAgentBot).toBe('');
    failing = false;
    const again = readBootConfig(await (await app.request(`/widget?website_token=${token}`)).text());
    expect(again.chatwootWebChannel.hasAConnectedAgentBot).toBe('Captain');
  });
});

describe("the agent bot's name in Chatwoot's /widget page", () => {
  it('reads the name, undoing the HTML escapes ERB wrote', () => {
    expect(agentBotNameInPage(chatwootPage('Ada &lt;bot&gt; &quot;2&quot;'))).toBe('Ada <bot> "2"');
  });

  it('reads "" for an inbox without a bot, and for a page that names none', () => {
    expect(agentBotNameInPage(chatwootPage(''))).toBe('');
    expect(agentBotNameInPage('<html></html>')).toBe('');
  });
});
