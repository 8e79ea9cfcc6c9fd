import { createHmac } from 'node:crypto';
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
const patchContact = (visitor: Visitor | string, body: Record<string, unknown>) =>
  fx.widget('/contact', visitor, { method: 'PATCH', body });
const setUser = (visitor: Visitor | string, body: Record<string, unknown>) =>
  fx.widget('/contact/set_user', visitor, { method: 'PATCH', body });
const contactOf = async (visitor: Visitor | string) => (await fx.widget('/contact', visitor)).json();
const search = async (q: string) => (await (await fx.agent(`/contacts/search?q=${encodeURIComponent(q)}`)).json()).payload;
const VICTIM_FIELDS = ['victim-1', '+4915112345678', 'secret-plan', 'Victoria'];

/** A proven, identified contact with an e-mail, a phone, attributes and a conversation. */
async function victim(): Promise<{ visitor: Visitor; id: number }> {
  const visitor = await fx.visit();
  await setUser(visitor, {
    identifier: 'victim-1',
    identifier_hash: hash('victim-1'),
    email: 'victoria@example.com',
    phone_number: '+4915112345678',
    name: 'Victoria',
    custom_attributes: { plan: 'secret-plan' },
  });
  await sendMessage(fx, visitor, 'my private question');
  return { visitor, id: (await contactOf(visitor)).id };
}

/** Fails when `body` carries any field of the victim's contact. */
function expectNothingOfVictim(body: unknown, victimId: number) {
  const text = JSON.stringify(body);
  for (const field of VICTIM_FIELDS) expect(text).not.toContain(field);
  expect((body as { id?: number }).id).not.toBe(victimId);
}

/** The victim's contact, as agents see it, is exactly as before. */
async function expectVictimUntouched(victimId: number) {
  const [found] = await search('victim-1');
  expect(found).toMatchObject({
    id: victimId,
    name: 'Victoria',
    email: 'victoria@example.com',
    phone_number: '+4915112345678',
    identifier: 'victim-1',
    custom_attributes: { plan: 'secret-plan' },
  });
}

describe.each([
  ['without hmac_mandatory', false],
  ['with hmac_mandatory', true],
])('an anonymous visitor typing another contact’s e-mail (%s)', (_name, mandatory) => {
  beforeEach(async () => {
    if (mandatory) await fx.agent('/inboxes/1', { method: 'PATCH', body: { hmac_mandatory: true } });
  });

  it('PATCH /contact stores it on their own contact and never returns or changes the other one', async () => {
    const { id: victimId } = await victim();
    const attacker = await fx.visit();
    const res = await patchContact(attacker, { email: 'Victoria@Example.com' });
    expect(res.status).toBe(200);
    // The attacker's first write stored a contact of their own: a new id, not the victim's.
    const own = (await contactOf(attacker)).id;
    expect(own).toEqual(expect.any(Number));
    expect(await res.json()).toEqual({ id: own, has_email: true, has_name: true, has_phone_number: false });
    expectNothingOfVictim(await contactOf(attacker), victimId);
    const destroyed = await fx.widget('/contact/destroy_custom_attributes', attacker, {
      method: 'POST',
      body: { custom_attributes: ['plan'] },
    });
    const body = await destroyed.json();
    expectNothingOfVictim(body, victimId);
    expect(body).toMatchObject({ id: own, email: 'victoria@example.com' });
    expect((await patchContact(attacker, { name: 'Mallory' })).status).toBe(200);
    await expectVictimUntouched(victimId);
    expect(await search('victoria@example.com')).toHaveLength(2);
  });

  it('POST /conversations keeps the visitor on their own contact', async () => {
    const { id: victimId, visitor } = await victim();
    const attacker = await fx.visit();
    const res = await fx.widget('/conversations', attacker, {
      method: 'POST',
      body: {
        contact: { email: 'victoria@example.com', phone_number: '+4915112345678', name: 'Mallory' },
        message: { content: 'hi' },
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.contact.id).toBe((await contactOf(attacker)).id);
    expect(body.contact).not.toHaveProperty('custom_attributes.plan');
    expect(body.contact.identifier).toBeNull();
    await expectVictimUntouched(victimId);
    expect((await (await fx.widget('/messages', visitor)).json()).payload.map((m: { content: string }) => m.content)).toEqual([
      'my private question',
    ]);
  });

  it('an input_email answer keeps the visitor on their own contact', async () => {
    const { id: victimId } = await victim();
    const attacker = await fx.visit();
    const { conversation_id: conversationId } = await sendMessage(fx, attacker, 'hi');
    const asked = await fx.agent(`/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Your e-mail?', content_type: 'input_email' },
    });
    const res = await fx.widget(`/messages/${(await asked.json()).id}`, attacker, {
      method: 'PATCH',
      body: { contact: { email: 'victoria@example.com' } },
    });
    expect(res.status).toBe(200);
    const { contact } = await res.json();
    expectNothingOfVictim(contact, victimId);
    expect(contact).toMatchObject({ id: (await contactOf(attacker)).id, email: 'victoria@example.com' });
    await expectVictimUntouched(victimId);
  });
});

describe('set_user without a proven identifier', () => {
  it('stores another contact’s e-mail or phone on the visitor’s own contact', async () => {
    const { id: victimId } = await victim();
    const attacker = await fx.visit();
    const res = await setUser(attacker, { email: 'victoria@example.com', phone_number: '+4915112345678', name: 'Mallory' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('widget_auth_token');
    expectNothingOfVictim(await contactOf(attacker), victimId);
    await expectVictimUntouched(victimId);
  });

  it('does not merge on an unproven identifier that belongs to another contact', async () => {
    const { id: victimId } = await victim();
    const attacker = await fx.visit();
    const res = await setUser(attacker, { identifier: 'victim-1', name: 'Mallory' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('widget_auth_token');
    expect(body.id).not.toBe(victimId);
    const own = await contactOf(attacker);
    expect(own).toMatchObject({ id: body.id, identifier: 'victim-1' });
    const destroyed = await (
      await fx.widget('/contact/destroy_custom_attributes', attacker, { method: 'POST', body: { custom_attributes: [] } })
    ).json();
    expect(destroyed).toMatchObject({ id: body.id, name: 'Mallory', email: null, phone_number: null, custom_attributes: {} });
    await expectVictimUntouched(victimId);
  });

  it('never makes an unproven claim of an identifier the contact its later proof merges into', async () => {
    const claimant = await fx.visit();
    await setUser(claimant, { identifier: 'alice', custom_attributes: { planted: true } });
    const alice = await fx.visit();
    const proven = await (await setUser(alice, { identifier: 'alice', identifier_hash: hash('alice'), email: 'alice@example.com' })).json();
    expect(proven).not.toHaveProperty('widget_auth_token');
    expect(proven.id).toBe((await contactOf(alice)).id);
    expect(JSON.stringify(await contactOf(claimant))).not.toContain('alice@example.com');
    // Her next proven browser joins her own contact, not the claimant's.
    const phone = await fx.visit();
    expect((await (await setUser(phone, { identifier: 'alice', identifier_hash: hash('alice') })).json()).id).toBe(proven.id);
  });

  it('PATCH /contact with an unproven identifier of another contact does not merge either', async () => {
    const { id: victimId } = await victim();
    const attacker = await fx.visit();
    const res = await patchContact(attacker, { identifier: 'victim-1' });
    expect(res.status).toBe(200);
    expectNothingOfVictim({ ...(await res.json()), identifier: undefined }, victimId);
    await expectVictimUntouched(victimId);
  });
});

describe('with hmac_mandatory, an identified contact', () => {
  beforeEach(async () => {
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { hmac_mandatory: true } });
  });

  it('needs the hash to change its e-mail or phone', async () => {
    const { visitor, id } = await victim();
    for (const body of [{ email: 'mallory@example.com' }, { phone_number: '+4915199999999' }]) {
      const res = await patchContact(visitor, body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'HMAC failed: Invalid Identifier Hash Provided' });
    }
    expect((await setUser(visitor, { email: 'mallory@example.com' })).status).toBe(401);
    await expectVictimUntouched(id);
    // The same values again, a name or attributes change nothing that identifies.
    expect((await patchContact(visitor, { email: 'victoria@example.com', name: 'Vicky' })).status).toBe(200);
    expect((await setUser(visitor, { identifier: 'victim-1', identifier_hash: hash('victim-1'), email: 'vicky@example.com' })).status).toBe(
      200,
    );
    expect((await search('victim-1'))[0]).toMatchObject({ id, email: 'vicky@example.com', name: 'Vicky' });
  });
});
