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

/** A browser that signs in as `identifier`; `verified: false` sends no hash. Returns its session. */
async function signIn(identifier: string, verified = true): Promise<Visitor> {
  const visitor = await fx.visit();
  const res = await fx.widget('/contact/set_user', visitor, {
    method: 'PATCH',
    body: { identifier, ...(verified && { identifier_hash: hash(identifier) }) },
  });
  const body = await res.json();
  return body.widget_auth_token ? { ...visitor, authToken: body.widget_auth_token, pubsubToken: body.pubsub_token } : visitor;
}

const contents = async (visitor: Visitor) =>
  (await (await fx.widget('/messages', visitor)).json()).payload.map((m: { content: string }) => m.content);

describe('history shared by HMAC-verified sessions (docs/protocol.md#common-rules, docs/protocol.md#events)', () => {
  it('shows a signed-in user the same conversation in every verified browser, live', async () => {
    const laptop = await signIn('carol');
    await sendMessage(fx, laptop, 'from my laptop');
    const phone = await signIn('carol');
    expect(await (await fx.widget('/conversations', phone)).json()).toMatchObject({ id: 1 });
    expect(await contents(phone)).toEqual(['from my laptop']);

    const onLaptop = fx.listen(laptop.pubsubToken);
    const onPhone = fx.listen(phone.pubsubToken);
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'hi Carol' } });
    await sendMessage(fx, phone, 'answering from my phone');
    for (const events of [onLaptop, onPhone]) {
      expect(events.filter((e) => e.event === 'message.created').map((e) => (e.data as { content: string }).content)).toEqual([
        'hi Carol',
        'answering from my phone',
      ]);
    }
    expect(await contents(laptop)).toEqual(['from my laptop', 'hi Carol', 'answering from my phone']);
  });

  it('brings the history back after a logout and a new sign-in on the same browser', async () => {
    const before = await signIn('dave');
    await sendMessage(fx, before, 'my order is late');
    // Logout: the widget drops its token, so the next visit is a fresh anonymous visitor.
    const anonymous = await fx.visit();
    expect(await contents(anonymous)).toEqual([]);
    const again = await signIn('dave');
    expect(await contents(again)).toEqual(['my order is late']);
  });

  it('never shares with a session that claimed the identifier without a valid hash', async () => {
    const real = await signIn('erin');
    await sendMessage(fx, real, 'private matter');
    const claimer = await signIn('erin', false);
    const overheard = fx.listen(claimer.pubsubToken);
    expect(await contents(claimer)).toEqual([]);
    expect(await (await fx.widget('/conversations', claimer)).json()).toEqual({});
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'about your matter' } });
    expect(overheard).toEqual([]);
    const listed = await (await fx.agent('/conversations/1/messages')).json();
    const answerable = listed.payload.at(-1).id;
    expect(
      (await fx.widget(`/messages/${answerable}`, claimer, { method: 'PATCH', body: { message: { submitted_values: [] } } })).status,
    ).toBe(404);
  });
});
