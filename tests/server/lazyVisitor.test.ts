import { createHmac } from 'node:crypto';
import { signWidgetToken } from '../../server/auth/widgetToken';
import { CableConnection } from '../../server/realtime/cableConnection';
import { listEvents } from '../../server/repositories/events';
import { findInbox } from '../../server/repositories/inboxes';
import { createCableRooms } from '../../server/services/cableRooms';
import { roomIdentifier } from '../../src/shared/cable';
import { createFixture, readBootConfig, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const count = async (table: 'contacts' | 'contact_inboxes' | 'conversations' | 'messages') =>
  Number(
    (
      await fx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const contactsListed = async () => (await (await fx.agent('/contacts')).json()).meta.count as number;
const json = async (res: Response | Promise<Response>) => (await res).json();

describe('a visitor who only looks', () => {
  it('is a signed token, not a row: /widget, POST /config and every read store nothing', async () => {
    const visitor = await fx.visit();
    expect(visitor.authToken.split('.')).toHaveLength(3);
    expect(visitor.config.initialData).toEqual({
      contact: { id: null, has_email: false, has_name: false, has_phone_number: false, identifier: null },
      conversation: null,
      messages: { payload: [], meta: {} },
      inboxMembers: [{ id: 1, name: 'Wren', avatar_url: '', availability_status: 'online' }],
      campaigns: [],
      catchUp: 'cable',
    });

    expect(await json(fx.widget('/conversations', visitor))).toEqual({});
    expect(await json(fx.widget('/messages', visitor))).toEqual({ payload: [], meta: {} });
    expect(await json(fx.widget('/messages?before=10', visitor))).toEqual({ payload: [], meta: {} });
    expect(await json(fx.widget('/contact', visitor))).toEqual(visitor.config.initialData?.contact);
    expect((await fx.widget('/conversations/update_last_seen', visitor, { method: 'POST', body: {} })).status).toBe(200);
    expect((await fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: 'on' } })).status).toBe(404);
    expect((await fx.widget('/conversations/toggle_status', visitor)).status).toBe(404);
    expect((await fx.widget('/conversations/transcript', visitor, { method: 'POST', body: { email: 'a@example.com' } })).status).toBe(429);
    expect(
      (await fx.widget('/conversations/set_custom_attributes', visitor, { method: 'POST', body: { custom_attributes: { a: 1 } } })).status,
    ).toBe(404);
    expect((await fx.widget('/labels', visitor, { method: 'POST', body: { label: 'vip' } })).status).toBe(204);
    expect((await fx.widget('/labels/vip', visitor, { method: 'DELETE' })).status).toBe(204);
    expect((await fx.widget('/messages/1', visitor, { method: 'PATCH', body: { contact: { email: 'a@example.com' } } })).status).toBe(404);
    expect(
      (await fx.widget('/integrations/dyte/add_participant_to_meeting', visitor, { method: 'POST', body: { message_id: 1 } })).status,
    ).toBe(422);
    const destroyed = await json(
      fx.widget('/contact/destroy_custom_attributes', visitor, { method: 'POST', body: { custom_attributes: ['plan'] } }),
    );
    expect(destroyed).toMatchObject({ id: null, custom_attributes: {}, additional_attributes: {}, email: null });
    // Nothing to store is not a first write: `$chatwoot.setCustomAttributes({})`, an e-mail that is not one.
    expect(
      await json(fx.widget('/contact', visitor, { method: 'PATCH', body: { custom_attributes: {}, email: 'not-an-address' } })),
    ).toEqual({
      id: null,
      has_email: false,
      has_name: false,
      has_phone_number: false,
    });

    const config = await json(fx.widget('/config', visitor, { method: 'POST' }));
    expect(config.contact).toEqual({
      id: null,
      name: null,
      email: null,
      phone_number: null,
      identifier: null,
      pubsub_token: visitor.pubsubToken,
    });
    const fresh = await json(fx.widget('/config', null, { method: 'POST' }));
    expect(fresh.contact).toMatchObject({ id: null, pubsub_token: expect.stringMatching(/^1\./) });

    expect(await count('contacts')).toBe(0);
    expect(await count('contact_inboxes')).toBe(0);
    expect(await contactsListed()).toBe(0);
  });

  it('opening the window (`webwidget.triggered`) is recorded for the inbox without storing the visitor', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/events', visitor, {
      method: 'POST',
      body: { name: 'webwidget.triggered', event_info: { referer: 'https://shop.example/' } },
    });
    expect(res.status).toBe(204);
    const [event] = await listEvents(fx.db, 1);
    expect(event).toMatchObject({ name: 'webwidget.triggered', contact_inbox_id: null });
    expect(await count('contacts')).toBe(0);
  });

  it('keeps the same source id and pubsub token across page loads until they write', async () => {
    const first = await fx.visit();
    const again = await fx.visit(first.authToken);
    expect(again.pubsubToken).toBe(first.pubsubToken);
    await sendMessage(fx, again, 'hello');
    // The token of the first page still names the same (now stored) visitor.
    expect((await json(fx.widget('/contact', first))).id).toEqual(expect.any(Number));
    expect(await count('contacts')).toBe(1);
  });

  it('a request refused for bad input stores nothing, the visitor included', async () => {
    const visitor = await fx.visit();
    expect((await fx.widget('/messages', visitor, { method: 'POST', body: { message: { content: '   ' } } })).status).toBe(422);
    expect((await fx.widget('/conversations', visitor, { method: 'POST', body: { message: { content: '' } } })).status).toBe(422);
    expect((await fx.widget('/contact', visitor, { method: 'PATCH', body: { name: 42 } })).status).toBe(422);
    const unknownCampaign = await fx.widget('/events', visitor, {
      method: 'POST',
      body: { name: 'campaign.triggered', event_info: { campaign_id: 99 } },
    });
    expect(unknownCampaign.status).toBe(404);
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { hmac_mandatory: true } });
    expect((await fx.widget('/contact', visitor, { method: 'PATCH', body: { identifier: 'u-1' } })).status).toBe(401);
    expect(
      (await fx.widget('/contact/set_user', visitor, { method: 'PATCH', body: { identifier: 'u-1', identifier_hash: 'bad' } })).status,
    ).toBe(401);
    expect(await count('contacts')).toBe(0);
    expect(await listEvents(fx.db, 1)).toEqual([]);
  });
});

describe('the first write', () => {
  it('stores exactly one contact and contact-inbox under 20 concurrent first writes of every kind', async () => {
    const visitor = await fx.visit();
    const writes = Array.from({ length: 20 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return fx.widget('/messages', visitor, { method: 'POST', body: { message: { content: `message ${i}`, echo_id: `e${i}` } } });
        case 1:
          return fx.widget('/contact', visitor, { method: 'PATCH', body: { custom_attributes: { [`k${i}`]: i } } });
        case 2:
          return fx.widget('/contact/set_user', visitor, { method: 'PATCH', body: { identifier: 'shopper-7', name: 'Sam' } });
        default:
          return fx.widget('/events', visitor, { method: 'POST', body: { name: 'page.viewed', event_info: { i } } });
      }
    });
    const statuses = (await Promise.all(writes)).map((res) => res.status);
    expect(statuses.every((status) => status === 200 || status === 204)).toBe(true);
    expect(await count('contacts')).toBe(1);
    expect(await count('contact_inboxes')).toBe(1);
    expect(await count('conversations')).toBe(1);
    expect(await count('messages')).toBe(5);
    expect(await contactsListed()).toBe(1);
    const [contact] = (await json(fx.agent('/contacts'))).payload;
    expect(contact).toMatchObject({ identifier: 'shopper-7', name: 'Sam' });
    const stored = await fx.db.selectFrom('contact_inboxes').selectAll().executeTakeFirstOrThrow();
    expect(stored.pubsub_token).toBe(visitor.pubsubToken);
  });

  it('set_user as the first write stores the visitor, and with a proven identifier merges them into its owner', async () => {
    const hmac = (await findInbox(fx.db, 1))!.hmac_token;
    const hash = (identifier: string) => createHmac('sha256', hmac).update(identifier).digest('hex');
    const owner = await fx.visit();
    const first = await fx.widget('/contact/set_user', owner, {
      method: 'PATCH',
      body: { identifier: 'user-9', identifier_hash: hash('user-9'), email: 'nine@example.com', name: 'Nina' },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: expect.any(Number), has_email: true, has_name: true, has_phone_number: false });
    await sendMessage(fx, owner, 'from my laptop');
    expect(await count('contacts')).toBe(1);

    // The same person on another browser: no second contact survives, and they see their history.
    const phone = await fx.visit();
    const again = await json(
      fx.widget('/contact/set_user', phone, { method: 'PATCH', body: { identifier: 'user-9', identifier_hash: hash('user-9') } }),
    );
    expect(again).toMatchObject({ has_email: true, widget_auth_token: expect.any(String), pubsub_token: phone.pubsubToken });
    expect(await count('contacts')).toBe(1);
    const history = await json(fx.widget('/messages', again.widget_auth_token));
    expect(history.payload.map((m: { content: string }) => m.content)).toEqual(['from my laptop']);
  });

  it('a campaign the visitor triggers stores them with the campaign conversation', async () => {
    await fx.agent('/campaigns', {
      method: 'POST',
      body: {
        campaign: { title: 'Hi', message: 'Need help?', inbox_id: 1, trigger_rules: { url: 'https://shop.example/', time_on_page: 3 } },
      },
    });
    const visitor = await fx.visit();
    expect(visitor.config.initialData?.campaigns).toMatchObject([{ id: 1, message: 'Need help?' }]);
    const res = await fx.widget('/events', visitor, {
      method: 'POST',
      body: { name: 'campaign.triggered', event_info: { campaign_id: 1 } },
    });
    expect(res.status).toBe(204);
    expect(await count('contacts')).toBe(1);
    expect((await json(fx.widget('/messages', visitor))).payload.map((m: { content: string }) => m.content)).toEqual(['Need help?']);
  });
});

describe('the data block of a returning visitor', () => {
  it('carries their contact, conversation and first page of messages, as the API would answer them', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'ada@example.com' } });
    for (let i = 1; i <= 25; i++) {
      // Backdated, so the flood guard (20 a minute) lets the test write a long history at once.
      await fx.db.updateTable('messages').set({ created_at: 0 }).execute();
      await sendMessage(fx, visitor, `m${i}`);
    }
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'note', private: true } });
    const returning = await fx.visit(visitor.authToken);
    const data = returning.config.initialData!;
    expect(data.contact).toEqual(await json(fx.widget('/contact', returning)));
    expect(data.contact).toMatchObject({ id: expect.any(Number), has_email: true });
    expect(data.conversation).toEqual(await json(fx.widget('/conversations', returning)));
    expect(data.messages).toEqual(await json(fx.widget('/messages', returning)));
    expect(data.messages.payload).toHaveLength(20);
    expect(data.messages.payload.at(-1)?.content).toBe('m25');
  });
});

describe('visitor tokens', () => {
  it('an expired token of a visitor never stored starts a new visitor at /widget and is refused by the API', async () => {
    const visitor = await fx.visit();
    const { source_id, pubsub_token } = JSON.parse(Buffer.from(visitor.authToken.split('.')[1], 'base64url').toString());
    const longAgo = Math.floor(Date.now() / 1000) - 200 * 24 * 3600;
    const expired = await signWidgetToken(fx.config.secretKeyBase, { source_id, inbox_id: 1, pubsub_token }, longAgo);
    expect((await fx.widget('/contact', expired)).status).toBe(404);
    expect((await fx.widget('/messages', expired, { method: 'POST', body: { message: { content: 'hi' } } })).status).toBe(404);
    const next = await fx.visit(expired);
    expect(next.pubsubToken).not.toBe(pubsub_token);
    expect(await count('contacts')).toBe(0);
  });

  it('a token whose pubsub token this server did not sign names nobody', async () => {
    const forged = await signWidgetToken(fx.config.secretKeyBase, { source_id: 'made-up', inbox_id: 1, pubsub_token: 'anything' });
    expect((await fx.widget('/contact', forged)).status).toBe(404);
    // A real visitor's claims moved to another inbox: their pubsub token names inbox 1.
    const visitor = await fx.visit();
    const { source_id, pubsub_token } = JSON.parse(Buffer.from(visitor.authToken.split('.')[1], 'base64url').toString());
    const moved = await signWidgetToken(fx.config.secretKeyBase, { source_id, inbox_id: 2, pubsub_token });
    expect((await fx.widget('/contact', moved)).status).toBe(404);
  });
});

describe('the cable before the first write', () => {
  const subscribe = async (token: string) => {
    const frames: Record<string, unknown>[] = [];
    const connection = new CableConnection({
      send: (frame) => frames.push(JSON.parse(frame)),
      hub: fx.hub,
      rooms: createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase),
    });
    connection.open();
    await connection.receive(JSON.stringify({ command: 'subscribe', identifier: roomIdentifier(token) }));
    return frames;
  };

  it('accepts the subscription of a visitor not stored yet, who then receives the reply to their first message', async () => {
    const visitor: Visitor = await fx.visit();
    const frames = await subscribe(visitor.pubsubToken);
    expect(frames.map((f) => f.type ?? (f.message as { event: string }).event)).toEqual([
      'welcome',
      'confirm_subscription',
      'presence.update',
    ]);
    expect(await count('contacts')).toBe(0);

    const { conversation_id } = await sendMessage(fx, visitor, 'anyone there?');
    await fx.agent(`/conversations/${conversation_id}/messages`, { method: 'POST', body: { content: 'Hello! How can I help?' } });
    const events = frames.flatMap((f) => (f.message ? [f.message as { event: string; data: { content?: string } }] : []));
    expect(events.map((e) => [e.event, e.data.content])).toEqual([
      ['presence.update', undefined],
      ['conversation.created', undefined],
      ['message.created', 'anyone there?'],
      ['message.created', 'Hello! How can I help?'],
      // The visitor's message, read by the agent who answered (docs/protocol.md#delivery-status).
      ['message.updated', 'anyone there?'],
    ]);
  });

  it('still rejects a token nobody was given, and hears agent presence before the first write', async () => {
    const made = await subscribe('1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA');
    expect(made.at(-1)).toMatchObject({ type: 'reject_subscription' });
    const visitor = await fx.visit();
    const frames = await subscribe(visitor.pubsubToken);
    await fx.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: 1, availability: 'busy' } },
    });
    expect(frames.at(-1)).toMatchObject({ message: { event: 'presence.update', data: { users: { 1: 'busy' } } } });
  });

  it('the page embeds the realtime token the cable accepts (unescaped from the data block)', async () => {
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}`);
    const boot = readBootConfig(await res.text());
    expect((await subscribe(boot.chatwootPubsubToken)).map((f) => f.type).filter(Boolean)).toContain('confirm_subscription');
  });
});
