import { createHmac } from 'node:crypto';
import { findContactInboxBySource } from '../../server/repositories/contacts';
import { findInbox } from '../../server/repositories/inboxes';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
let hmacToken: string;
beforeEach(async () => {
  fx = await createFixture();
  hmacToken = (await findInbox(fx.db, 1))!.hmac_token;
});
afterEach(() => fx.close());

const hash = (identifier: string) => createHmac('sha256', hmacToken).update(identifier).digest('hex');
const setUser = (visitor: Visitor | string, body: Record<string, unknown>) =>
  fx.widget('/contact/set_user', visitor, { method: 'PATCH', body });
const contactOf = async (token: Visitor | string) => (await fx.widget('/contact', token)).json();
const search = async (q: string) => (await (await fx.agent(`/contacts/search?q=${encodeURIComponent(q)}`)).json()).payload;
const verified = async (visitor: Visitor) => {
  const [, payload] = visitor.authToken.split('.');
  const { source_id: sourceId } = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return (await findContactInboxBySource(fx.db, 1, sourceId))!.hmac_verified;
};

describe('PATCH /api/v1/widget/contact/set_user', () => {
  it('identifies the visitor with a valid identifier hash and marks the session verified', async () => {
    const visitor = await fx.visit();
    const res = await setUser(visitor, {
      identifier: 'user-42',
      identifier_hash: hash('user-42'),
      email: 'Ada@Example.com',
      name: 'Ada',
      phone_number: '+4915112345678',
      custom_attributes: { plan: 'pro' },
      additional_attributes: { company_name: 'Acme' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.any(Number), has_email: true, has_name: true, has_phone_number: true });
    expect(await verified(visitor)).toBe(true);
    const [found] = await search('user-42');
    expect(found).toMatchObject({
      identifier: 'user-42',
      email: 'ada@example.com',
      name: 'Ada',
      custom_attributes: { plan: 'pro' },
      additional_attributes: { company_name: 'Acme' },
    });
  });

  it('refuses a wrong hash with 401 before changing anything', async () => {
    const visitor = await fx.visit();
    const res = await setUser(visitor, { identifier: 'user-42', identifier_hash: hash('user-43'), email: 'x@example.com' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'HMAC failed: Invalid Identifier Hash Provided' });
    expect(await contactOf(visitor)).toMatchObject({ has_email: false, identifier: null });
  });

  it('requires the hash when the inbox makes it mandatory, except for custom attributes alone', async () => {
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { hmac_mandatory: true } });
    const visitor = await fx.visit();
    expect((await setUser(visitor, { identifier: 'user-1' })).status).toBe(401);
    expect((await setUser(visitor, { email: 'a@example.com' })).status).toBe(401);
    expect((await setUser(visitor, { custom_attributes: { plan: 'free' } })).status).toBe(200);
    expect((await setUser(visitor, { identifier: 'user-1', identifier_hash: hash('user-1') })).status).toBe(200);
    // PATCH /contact takes no hash, so it cannot claim an identifier on such an inbox.
    expect((await fx.widget('/contact', visitor, { method: 'PATCH', body: { identifier: 'user-2' } })).status).toBe(401);
  });

  it('identifies without verification when no hash is sent and none is required', async () => {
    const visitor = await fx.visit();
    expect((await setUser(visitor, { identifier: 'guest-1', name: 'Guest' })).status).toBe(200);
    expect(await verified(visitor)).toBe(false);
    expect(await contactOf(visitor)).toMatchObject({ identifier: 'guest-1', has_name: true });
  });

  it('gives a different person on the same browser a fresh contact, token and pubsub token', async () => {
    const visitor = await fx.visit();
    await setUser(visitor, { identifier: 'alice', identifier_hash: hash('alice') });
    await sendMessage(fx, visitor, "alice's secret");
    const res = await setUser(visitor, { identifier: 'bob', identifier_hash: hash('bob'), name: 'Bob' });
    const body = await res.json();
    expect(body.widget_auth_token).toEqual(expect.any(String));
    expect(body.pubsub_token).toEqual(expect.any(String));
    expect(body.pubsub_token).not.toBe(visitor.pubsubToken);
    expect(await contactOf(body.widget_auth_token)).toMatchObject({ identifier: 'bob' });
    expect(await (await fx.widget('/messages', body.widget_auth_token)).json()).toEqual({ payload: [], meta: {} });
    expect(await contactOf(visitor)).toMatchObject({ identifier: 'alice' });
    // The same person again changes nothing and needs no new token.
    expect(await (await setUser(body.widget_auth_token, { identifier: 'bob', identifier_hash: hash('bob') })).json()).not.toHaveProperty(
      'widget_auth_token',
    );
  });

  it('merges a second browser into the contact already known by that identifier', async () => {
    const first = await fx.visit();
    await setUser(first, { identifier: 'carol', identifier_hash: hash('carol'), email: 'carol@example.com' });
    const carol = await contactOf(first);
    const second = await fx.visit();
    const { conversation_id: conversationId } = await sendMessage(fx, second, 'hello from my phone');
    const res = await setUser(second, { identifier: 'carol', identifier_hash: hash('carol'), custom_attributes: { device: 'phone' } });
    const body = await res.json();
    expect(body).toMatchObject({ id: carol.id, has_email: true, widget_auth_token: expect.any(String), pubsub_token: second.pubsubToken });
    expect(await contactOf(body.widget_auth_token)).toMatchObject({ id: carol.id, identifier: 'carol' });
    expect(await contactOf(second)).toMatchObject({ id: carol.id });
    const conversation = await (await fx.agent(`/conversations/${conversationId}`)).json();
    expect(conversation.meta.sender).toMatchObject({ id: carol.id, custom_attributes: { device: 'phone' } });
    expect(await search('carol')).toHaveLength(1);
  });

  it('never merges by e-mail: without a proven identifier the e-mail stays on the visitor’s own contact', async () => {
    const known = await fx.visit();
    await setUser(known, { identifier: 'dave', email: 'dave@example.com' });
    const guest = await fx.visit();
    await fx.widget('/contact', guest, { method: 'PATCH', body: { email: 'erin@example.com' } });
    const other = await fx.visit();
    const own = await (await setUser(other, { email: 'erin@example.com', name: 'Erin' })).json();
    expect(own.id).not.toBe((await contactOf(guest)).id);
    expect(own).toMatchObject({ id: (await contactOf(other)).id, has_email: true });
    const stranger = await fx.visit();
    const kept = await (await setUser(stranger, { identifier: 'mallory', email: 'dave@example.com' })).json();
    expect(kept.id).not.toBe((await contactOf(known)).id);
    expect(kept.has_email).toBe(true);
    expect(await search('dave@example.com')).toHaveLength(2);
  });
});

describe('PATCH /api/v1/widget/contact', () => {
  it('deep-merges attributes and discards an invalid e-mail or phone instead of failing (one read as several addresses is refused)', async () => {
    const visitor = await fx.visit();
    const patch = (body: unknown) => fx.widget('/contact', visitor, { method: 'PATCH', body });
    await patch({ custom_attributes: { prefs: { lang: 'de' }, plan: 'free' }, identifier: 'frank' });
    expect((await patch({ custom_attributes: { prefs: { font: 'big' } }, email: 'v@x.example,postmaster' })).status).toBe(422);
    const res = await patch({ custom_attributes: { prefs: { theme: 'dark' } }, email: 'not-an-email', phone_number: '12' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.any(Number), has_email: false, has_name: true, has_phone_number: false });
    const [found] = await search('frank');
    expect(found.custom_attributes).toEqual({ prefs: { lang: 'de', theme: 'dark' }, plan: 'free' });
    expect((await patch({ identifier: 'someone-else' })).status).toBe(422);
  });

  it('destroy_custom_attributes removes the keys and answers the full contact', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { custom_attributes: { a: 1, b: 2, c: 3 } } });
    const res = await fx.widget('/contact/destroy_custom_attributes', visitor, {
      method: 'POST',
      body: { custom_attributes: ['a', 'c', 'zz'] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: expect.any(Number), custom_attributes: { b: 2 }, additional_attributes: {} });
    expect(
      (await fx.widget('/contact/destroy_custom_attributes', visitor, { method: 'POST', body: { custom_attributes: 'a' } })).status,
    ).toBe(422);
  });
});
