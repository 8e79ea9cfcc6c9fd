import { sign } from 'hono/jwt';
import { signWidgetToken } from '../../server/auth/widgetToken';
import { createInbox } from '../../server/repositories/inboxes';
import { createFixture, sendMessage, type Fixture } from './helpers';

const NOT_FOUND = { error: 'Resource could not be found' };

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('a visitor can only reach their own conversation', () => {
  it("never shows one visitor another visitor's messages", async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    await sendMessage(fx, alice, 'alice secret');
    const bobsView = await (await fx.widget('/messages', bob)).json();
    expect(bobsView).toEqual({ payload: [], meta: {} });
    expect(await (await fx.widget('/conversations', bob)).json()).toEqual({});
  });

  it("never writes into another visitor's conversation", async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    const mine = await sendMessage(fx, alice, 'hello');
    const his = await sendMessage(fx, bob, 'hi');
    expect(his.conversation_id).not.toBe(mine.conversation_id);
    const aliceMessages = (await (await fx.widget('/messages', alice)).json()).payload;
    expect(aliceMessages.map((m: { content: string }) => m.content)).toEqual(['hello']);
  });

  const routes: [string, string, unknown?][] = [
    ['GET', '/messages'],
    ['POST', '/messages', { message: { content: 'x' } }],
    ['GET', '/conversations'],
    ['POST', '/conversations', { message: { content: 'x' } }],
    ['POST', '/conversations/update_last_seen'],
    ['GET', '/conversations/toggle_status'],
    ['GET', '/contact'],
    ['PATCH', '/contact', { name: 'x' }],
    ['POST', '/events', { name: 'webwidget.triggered' }],
  ];

  it.each(routes)('%s %s without X-Auth-Token → 404', async (method, path, body) => {
    const res = await fx.widget(path, null, { method, body });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it.each(routes)('%s %s with a forged X-Auth-Token → 404', async (method, path, body) => {
    const forged = await signWidgetToken('not-the-secret-key-base-of-this-server', { source_id: 'x', inbox_id: 1 });
    const res = await fx.widget(path, forged, { method, body });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('rejects an expired token', async () => {
    const alice = await fx.visit();
    const [, payload] = alice.authToken.split('.');
    const { source_id } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const longAgo = Math.floor(Date.now() / 1000) - 181 * 24 * 3600;
    const expired = await signWidgetToken(fx.config.secretKeyBase, { source_id, inbox_id: 1 }, longAgo);
    const res = await fx.widget('/contact', expired);
    expect(res.status).toBe(404);
  });

  it('rejects a correctly signed token without an expiry', async () => {
    const alice = await fx.visit();
    const [, payload] = alice.authToken.split('.');
    const { source_id } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forever = await sign({ source_id, inbox_id: 1 }, fx.config.secretKeyBase, 'HS256');
    expect((await fx.widget('/contact', forever)).status).toBe(404);
    const page = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&cw_conversation=${forever}`)).text();
    expect(page).not.toContain(alice.pubsubToken);
  });

  it('issues only tokens that expire in 180 days', async () => {
    const { exp, iat } = JSON.parse(Buffer.from((await fx.visit()).authToken.split('.')[1], 'base64url').toString());
    expect(exp - iat).toBe(180 * 24 * 3600);
  });

  it("rejects a valid token of another inbox, even with that inbox's contact", async () => {
    const other = await createInbox(fx.db, { account_id: 1, name: 'Other', website_token: 'other-website-token', hmac_token: 'h' });
    const res = await fx.request(`/widget?website_token=${other.website_token}`);
    const html = await res.text();
    const token = /"authToken":"([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
    const cross = await fx.widget('/contact', token!);
    expect(cross.status).toBe(404);
    expect(await cross.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 for an unknown website_token, before looking at the visitor', async () => {
    const alice = await fx.visit();
    for (const path of ['/messages', '/conversations', '/contact', '/inbox_members', '/campaigns']) {
      const res = await fx.request(`/api/v1/widget${path}?website_token=unknown`, { headers: { 'X-Auth-Token': alice.authToken } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    const missing = await fx.request('/api/v1/widget/messages', { headers: { 'X-Auth-Token': alice.authToken } });
    expect(missing.status).toBe(404);
  });
});
