import { listEvents } from '../../server/repositories/events';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('widget conversations', () => {
  it('GET /conversations is {} before the first message', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/conversations', visitor);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('POST /conversations starts a conversation, names an anonymous contact and returns the first message', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/conversations', visitor, {
      method: 'POST',
      body: {
        contact: { name: 'Ada', email: 'ADA@example.com', phone_number: 'not a phone' },
        message: { content: 'Hello', timestamp: 'Mon Jun 10 2024', referer_url: 'https://shop.example/cart' },
        custom_attributes: { plan: 'pro' },
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: 1,
      inbox_id: 1,
      status: 'open',
      contact_last_seen_at: 0,
      custom_attributes: { plan: 'pro' },
      contact: { name: 'Ada', email: 'ada@example.com', phone_number: null },
    });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ content: 'Hello', message_type: 0, conversation_id: 1 });
    const second = await (
      await fx.widget('/conversations', visitor, { method: 'POST', body: { message: { content: 'New topic' } } })
    ).json();
    expect(second.id).toBe(2);
    expect((await (await fx.widget('/conversations', visitor)).json()).id).toBe(2);
  });

  it('POST /conversations starts a new one after a resolved one, once: a retry with its echo_id is answered with it', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'first');
    await fx.widget('/conversations/toggle_status', visitor);
    const start = () =>
      fx.widget('/conversations', visitor, {
        method: 'POST',
        body: { contact: {}, message: { content: 'A new question', echo_id: 'echo-new-1' }, custom_attributes: {} },
      });
    const first = await (await start()).json();
    const retried = await (await start()).json();
    expect(first).toMatchObject({ id: 2, status: 'open' });
    expect(retried).toMatchObject({ id: 2, messages: [{ id: first.messages[0].id, content: 'A new question' }] });
    const conversations = (await (await fx.agent('/conversations?status=all')).json()).data.payload;
    expect(conversations.map((c: { id: number; status: string }) => [c.id, c.status]).sort()).toEqual([
      [1, 'resolved'],
      [2, 'open'],
    ]);
  });

  it('update_last_seen stores the server time, reported in seconds', async () => {
    const visitor = await fx.visit();
    expect((await fx.widget('/conversations/update_last_seen', visitor, { method: 'POST' })).status).toBe(200);
    await sendMessage(fx, visitor, 'hi');
    const before = Math.floor(Date.now() / 1000);
    const res = await fx.widget('/conversations/update_last_seen', visitor, { method: 'POST', body: { contact_last_seen_at: 1 } });
    expect(res.status).toBe(200);
    const seen = (await (await fx.widget('/conversations', visitor)).json()).contact_last_seen_at;
    expect(seen).toBeGreaterThanOrEqual(before);
    expect((await (await fx.widget('/messages', visitor)).json()).meta.contact_last_seen_at).toBe(seen);
  });

  it('toggle_typing needs a conversation and validates the status', async () => {
    const visitor = await fx.visit();
    expect((await fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: 'on' } })).status).toBe(404);
    await sendMessage(fx, visitor, 'hi');
    const events = fx.listen(visitor.pubsubToken);
    expect((await fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: 'on' } })).status).toBe(200);
    expect((await fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: 'maybe' } })).status).toBe(
      422,
    );
    expect(events).toEqual([]);
  });

  it('toggle_status resolves, broadcasting conversation.status_changed to the visitor', async () => {
    const visitor = await fx.visit();
    expect((await fx.widget('/conversations/toggle_status', visitor)).status).toBe(404);
    await sendMessage(fx, visitor, 'hi');
    const events = fx.listen(visitor.pubsubToken);
    const res = await fx.widget('/conversations/toggle_status', visitor);
    expect(res.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'conversation.status_changed', data: { id: 1, status: 'resolved', account_id: 1 } });
  });

  it('toggle_status is 403 when the inbox disables end_conversation', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { selected_feature_flags: ['attachments'] } });
    const res = await fx.widget('/conversations/toggle_status', visitor);
    expect(res.status).toBe(403);
    expect((await (await fx.widget('/conversations', visitor)).json()).status).toBe('open');
  });
});

describe('widget contact', () => {
  it('GET /contact describes the anonymous visitor: empty before their first write, their stored contact after it', async () => {
    const visitor = await fx.visit();
    const before = await (await fx.widget('/contact', visitor)).json();
    expect(before).toEqual({ id: null, has_email: false, has_name: false, has_phone_number: false, identifier: null });
    await sendMessage(fx, visitor, 'hi');
    const after = await (await fx.widget('/contact', visitor)).json();
    expect(after).toEqual({ id: expect.any(Number), has_email: false, has_name: true, has_phone_number: false, identifier: null });
  });

  it('PATCH /contact stores valid details, drops invalid ones and merges attributes', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { custom_attributes: { a: 1 } } });
    const res = await fx.widget('/contact', visitor, {
      method: 'PATCH',
      body: {
        email: 'not-an-email',
        phone_number: '+44 20 7946 0958',
        name: 'Grace',
        custom_attributes: { b: 2 },
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.any(Number), has_email: false, has_name: true, has_phone_number: true });
    const [contact] = (await (await fx.agent('/contacts/search?q=grace')).json()).payload;
    expect(contact).toMatchObject({ name: 'Grace', phone_number: '+442079460958', custom_attributes: { a: 1, b: 2 } });
  });

  it('PATCH /contact answers 422 for wrong types', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: ['x'] } });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^email: /);
  });
});

describe('inbox members, campaigns and events', () => {
  it('inbox_members needs no visitor token and lists agents with the availability visitors see', async () => {
    const res = await fx.widget('/inbox_members', null);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ payload: [{ id: 1, name: 'Wren', avatar_url: '', availability_status: 'online' }] });
  });

  it('campaigns are public, cacheable and readable cross-origin', async () => {
    const empty = await fx.widget('/campaigns', null);
    expect(await empty.json()).toEqual([]);
    expect(empty.headers.get('cache-control')).toBe('public, max-age=60');
    expect(empty.headers.get('access-control-allow-origin')).toBe('*');
    // Created through the Application API, which drops the cached empty list at once.
    const create = (campaign: Record<string, unknown>) => fx.agent('/campaigns', { method: 'POST', body: { campaign } });
    await create({
      inbox_id: 1,
      sender_id: 1,
      title: 'Hello',
      message: 'Need help?',
      trigger_rules: { url: 'https://shop.example/*', time_on_page: 5 },
    });
    await create({
      inbox_id: 1,
      title: 'Off',
      message: 'x',
      enabled: false,
      trigger_rules: { url: 'https://shop.example/', time_on_page: 0 },
    });
    const list = await (await fx.widget('/campaigns', null)).json();
    expect(list).toEqual([
      {
        id: 1,
        trigger_rules: { url: 'https://shop.example/*', time_on_page: 5 },
        message: 'Need help?',
        trigger_only_during_business_hours: false,
        sender: expect.objectContaining({ id: 1, type: 'user' }),
      },
    ]);
    const unknown = await fx.request('/api/v1/widget/campaigns?website_token=nope');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('events are stored and answered with 204', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/events?locale=fr', visitor, {
      method: 'POST',
      body: { name: 'webwidget.triggered', event_info: { referer: 'https://shop.example/' } },
    });
    expect(res.status).toBe(204);
    const [event] = await listEvents(fx.db, 1);
    expect(event.name).toBe('webwidget.triggered');
    expect(JSON.parse(event.event_info)).toMatchObject({ referer: 'https://shop.example/', widget_language: 'fr' });
    expect((await fx.widget('/events', visitor, { method: 'POST', body: { name: '' } })).status).toBe(422);
  });

  it('widget API answers are never stored by shared caches', async () => {
    const visitor = await fx.visit();
    expect((await fx.widget('/contact', visitor)).headers.get('cache-control')).toBe('no-store');
  });
});
