import { createAccount } from '../../server/repositories/inboxes';
import { inboxPresenceStream } from '../../server/services/presence';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('Application API authentication', () => {
  it('requires api_access_token', async () => {
    for (const [path, method] of [
      ['/api/v1/accounts/1/inboxes/1', 'GET'],
      ['/api/v1/accounts/1/conversations', 'GET'],
      ['/api/v1/profile/availability', 'POST'],
      ['/api/v1/profile', 'GET'],
    ] as const) {
      const missing = await fx.request(path, { method });
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ error: 'Invalid Access Token' });
      const wrong = await fx.request(path, { method, headers: { api_access_token: 'wrong' } });
      expect(wrong.status).toBe(401);
    }
  });

  it("refuses an account the agent doesn't belong to", async () => {
    await createAccount(fx.db, { id: 2, name: 'Other' });
    for (const path of ['/api/v1/accounts/2/inboxes/1', '/api/v1/accounts/9/conversations', '/api/v1/accounts/x/conversations']) {
      const res = await fx.request(path, { headers: { api_access_token: fx.config.apiAccessToken } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'You are not authorized to access this account' });
    }
  });
});

describe('inboxes', () => {
  it('shows the channel settings', async () => {
    const body = await (await fx.agent('/inboxes/1')).json();
    expect(body).toMatchObject({
      id: 1,
      name: 'Wren demo',
      channel_type: 'Channel::WebWidget',
      website_token: fx.config.websiteToken,
      widget_color: '#1f93ff',
      reply_time: 'in_a_few_minutes',
      working_hours_enabled: false,
      timezone: 'UTC',
      selected_feature_flags: ['attachments', 'emoji_picker', 'end_conversation'],
      hmac_mandatory: false,
      allowed_domains: '',
    });
    expect(body.working_hours).toHaveLength(7);
    expect(body.hmac_token).toEqual(expect.any(String));
    expect((await fx.agent('/inboxes/99')).status).toBe(404);
  });

  it('updates flat and nested (channel) settings and merges working hours by day', async () => {
    const res = await fx.agent('/inboxes/1', {
      method: 'PATCH',
      body: {
        working_hours_enabled: true,
        timezone: 'Asia/Kolkata',
        out_of_office_message: 'Back soon',
        working_hours: [{ day_of_week: 6, closed_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 14, close_minutes: 30 }],
        channel: {
          widget_color: '#ff0000',
          reply_time: 'in_a_day',
          welcome_title: 'Hello',
          hmac_mandatory: true,
          pre_chat_form_enabled: true,
          pre_chat_form_options: { pre_chat_message: 'Who are you?' },
        },
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      working_hours_enabled: true,
      timezone: 'Asia/Kolkata',
      widget_color: '#ff0000',
      reply_time: 'in_a_day',
      welcome_title: 'Hello',
      hmac_mandatory: true,
      pre_chat_form_enabled: true,
      out_of_office_message: 'Back soon',
    });
    expect(body.pre_chat_form_options.pre_chat_message).toBe('Who are you?');
    expect(body.pre_chat_form_options.pre_chat_fields).toHaveLength(3);
    expect(body.working_hours[6]).toMatchObject({ day_of_week: 6, closed_all_day: false, open_hour: 10, close_minutes: 30 });
    expect(body.working_hours[1]).toMatchObject({ day_of_week: 1, open_hour: 9, close_hour: 17 });
    const page = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text();
    expect(page).toContain('"utcOffset":"+05:30"');
  });

  it.each([
    [{ widget_color: 'red' }, /^widget_color: /],
    [{ working_hours_enabled: 'yes' }, /^working_hours_enabled: /],
    [{ timezone: 'Mars/Olympus' }, /^timezone: Unknown timezone/],
    [{ channel: { selected_feature_flags: ['teleport'] } }, /^channel\.selected_feature_flags\.0: /],
    [{ working_hours: [{ day_of_week: 9 }] }, /^working_hours\.0\.day_of_week: /],
  ])('answers 422 for %j and changes nothing', async (body, error) => {
    const res = await fx.agent('/inboxes/1', { method: 'PATCH', body });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(error);
    expect((await (await fx.agent('/inboxes/1')).json()).widget_color).toBe('#1f93ff');
  });
});

describe('conversations', () => {
  it('lists by status with counts, and shows one by display id', async () => {
    const a = await fx.visit();
    const b = await fx.visit();
    await sendMessage(fx, a, 'one');
    await sendMessage(fx, b, 'two');
    await fx.agent('/conversations/1/toggle_status', { method: 'POST', body: { status: 'resolved' } });
    const open = await (await fx.agent('/conversations')).json();
    expect(open.data.payload.map((c: { id: number }) => c.id)).toEqual([2]);
    expect(open.data.meta).toEqual({ mine_count: 0, assigned_count: 0, unassigned_count: 1, all_count: 1 });
    const all = await (await fx.agent('/conversations?status=all')).json();
    expect(all.data.payload.map((c: { id: number }) => c.id).sort()).toEqual([1, 2]);
    expect((await fx.agent('/conversations?status=weird')).status).toBe(422);
    const one = await (await fx.agent('/conversations/2')).json();
    expect(one).toMatchObject({
      id: 2,
      inbox_id: 1,
      status: 'open',
      channel: 'Channel::WebWidget',
      account_id: 1,
      meta: { sender: { type: 'contact' }, assignee: null },
      contact_inbox: { pubsub_token: b.pubsubToken },
    });
    expect(one.messages[0]).toMatchObject({ content: 'two' });
    expect((await fx.agent('/conversations/77')).status).toBe(404);
  });

  it('toggle_status sets or flips the status and broadcasts to that contact only', async () => {
    const a = await fx.visit();
    const b = await fx.visit();
    await sendMessage(fx, a, 'one');
    const aEvents = fx.listen(a.pubsubToken);
    const bEvents = fx.listen(b.pubsubToken);
    const flipped = await (await fx.agent('/conversations/1/toggle_status', { method: 'POST' })).json();
    expect(flipped).toEqual({ meta: {}, payload: { success: true, conversation_id: 1, current_status: 'resolved', snoozed_until: null } });
    const back = await (await fx.agent('/conversations/1/toggle_status', { method: 'POST', body: { status: 'open' } })).json();
    expect(back.payload.current_status).toBe('open');
    expect(aEvents.map((e) => [e.event, (e.data as { status: string }).status])).toEqual([
      ['conversation.status_changed', 'resolved'],
      ['conversation.status_changed', 'open'],
    ]);
    expect(bEvents).toEqual([]);
  });

  it('toggle_typing_status sends typing_on/off with conversation, user and is_private', async () => {
    const a = await fx.visit();
    await sendMessage(fx, a, 'one');
    const events = fx.listen(a.pubsubToken);
    expect((await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'on' } })).status).toBe(200);
    await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'off' } });
    await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'on', is_private: true } });
    expect(events.map((e) => e.event)).toEqual(['conversation.typing_on', 'conversation.typing_off']);
    expect(events[0].data).toMatchObject({ conversation: { id: 1 }, user: { id: 1, type: 'user' }, is_private: false, account_id: 1 });
    expect((await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'loud' } })).status).toBe(422);
  });
});

describe('messages', () => {
  it('an agent message is broadcast as message.created to the right visitor only', async () => {
    const a = await fx.visit();
    const b = await fx.visit();
    await sendMessage(fx, a, 'help');
    await sendMessage(fx, b, 'hello');
    const aEvents = fx.listen(a.pubsubToken);
    const bEvents = fx.listen(b.pubsubToken);
    const res = await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'On it!', echo_id: 'agent-1' } });
    expect(res.status).toBe(200);
    const message = await res.json();
    expect(message).toMatchObject({
      content: 'On it!',
      message_type: 1,
      content_type: 'text',
      status: 'sent',
      private: false,
      conversation_id: 1,
      echo_id: 'agent-1',
      sender: { id: 1, type: 'user' },
    });
    // The message, then the visitor's own message read: an agent who answers has read it.
    expect(aEvents.map((e) => e.event)).toEqual(['message.created', 'message.updated']);
    expect(aEvents[1].data).toMatchObject({ content: 'help', status: 'read', previous_changes: { status: ['sent', 'read'] } });
    expect(aEvents[0]).toMatchObject({
      event: 'message.created',
      data: {
        id: message.id,
        content: 'On it!',
        sender_type: 'User',
        sender: { name: 'Wren Admin', available_name: 'Wren' },
        account_id: 1,
        performer: { id: 1 },
      },
    });
    expect(bEvents).toEqual([]);
    const visible = await (await fx.widget('/messages', a)).json();
    expect(visible.payload.at(-1)).toMatchObject({ content: 'On it!', message_type: 1, sender: { type: 'user' } });
  });

  it('private notes and activities are stored but not broadcast', async () => {
    const a = await fx.visit();
    await sendMessage(fx, a, 'help');
    const events = fx.listen(a.pubsubToken);
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'note', private: true } });
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Assigned', message_type: 'activity' } });
    expect(events).toEqual([]);
    const listed = await (await fx.agent('/conversations/1/messages')).json();
    expect(listed.payload.map((m: { content: string }) => m.content)).toEqual(['help', 'note', 'Assigned']);
    expect(listed.meta.contact).toMatchObject({ type: 'contact' });
  });

  it('accepts content_attributes as an object or a JSON string, and validates the rest', async () => {
    const a = await fx.visit();
    await sendMessage(fx, a, 'help');
    const items = [{ title: 'Yes', value: 'yes' }];
    const asString = await fx.agent('/conversations/1/messages', {
      method: 'POST',
      body: {
        content: 'Pick one',
        content_type: 'input_select',
        content_attributes: JSON.stringify({ items }),
      },
    });
    expect((await asString.json()).content_attributes).toEqual({ items });
    const bad = [
      [{ content: 'x', content_attributes: '{nope' }, 422],
      [{ content: 'x', message_type: 'incoming' }, 422],
      [{ content: '' }, 422],
      [{ content: 'x', content_type: 'hologram' }, 422],
      [{ content: 'x', private: 'yes' }, 422],
    ] as const;
    for (const [body, status] of bad) expect((await fx.agent('/conversations/1/messages', { method: 'POST', body })).status).toBe(status);
  });

  it('delete marks the message deleted and broadcasts message.updated', async () => {
    const a = await fx.visit();
    await sendMessage(fx, a, 'help');
    const sent = await (await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'oops' } })).json();
    const events = fx.listen(a.pubsubToken);
    const res = await fx.agent(`/conversations/1/messages/${sent.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: sent.id, content_attributes: { deleted: true } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'message.updated',
      data: { id: sent.id, content_attributes: { deleted: true }, previous_changes: { content: ['oops', 'This message was deleted'] } },
    });
    expect((await fx.agent('/conversations/1/messages/999999', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('contacts list', () => {
  it('pages 15 at a time with the total in meta.count, latest activity first, and sorts by a column', async () => {
    for (let i = 1; i <= 17; i++) {
      const visitor = await fx.visit();
      await fx.widget('/contact', visitor, { method: 'PATCH', body: { name: `Person ${String(i).padStart(2, '0')}` } });
      if (i % 2) await sendMessage(fx, visitor, 'hi');
    }
    const first = await (await fx.agent('/contacts')).json();
    expect(first.meta).toEqual({ count: 17, current_page: 1 });
    expect(first.payload).toHaveLength(15);
    // Those who wrote last come first; those without activity after everyone who has some.
    expect(first.payload[0]).toMatchObject({ name: 'Person 17', last_activity_at: expect.any(Number) });
    expect(first.payload.at(-1).last_activity_at).toBeNull();
    const second = await (await fx.agent('/contacts?page=2')).json();
    expect(second.meta).toEqual({ count: 17, current_page: 2 });
    expect(second.payload).toHaveLength(2);
    const ids = [...first.payload, ...second.payload].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(17);
    expect((await (await fx.agent('/contacts?page=3')).json()).payload).toEqual([]);

    const byName = await (await fx.agent('/contacts?sort=name')).json();
    expect(byName.payload.slice(0, 2).map((c: { name: string }) => c.name)).toEqual(['Person 01', 'Person 02']);
    const byNameDesc = await (await fx.agent('/contacts?sort=-name')).json();
    expect(byNameDesc.payload[0]).toMatchObject({ name: 'Person 17', email: null, custom_attributes: {}, blocked: false });
  });

  it('answers 422 for an unknown sort or a page that is not a number, and 401 without a token', async () => {
    expect(await (await fx.agent('/contacts?sort=password')).json()).toEqual({
      error: 'sort must be one of name, email, phone_number, last_activity_at, created_at, with a leading - for descending order',
    });
    expect((await fx.agent('/contacts?page=two')).status).toBe(422);
    expect((await fx.request('/api/v1/accounts/1/contacts')).status).toBe(401);
  });
});

describe('contacts search', () => {
  it('matches name, email, phone and identifier, case-insensitively, with paging meta', async () => {
    const a = await fx.visit();
    await fx.widget('/contact', a, {
      method: 'PATCH',
      body: { name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+441234567890', identifier: 'user-42' },
    });
    for (const q of ['lovelace', 'ADA@EX', '1234567', 'user-4']) {
      const body = await (await fx.agent(`/contacts/search?q=${encodeURIComponent(q)}`)).json();
      expect(body.meta).toEqual({ count: 1, current_page: 1, has_more: false });
      expect(body.payload[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', identifier: 'user-42' });
    }
    expect((await (await fx.agent('/contacts/search?q=%25')).json()).meta.count).toBe(0);
  });

  it('answers 422 without q', async () => {
    const res = await fx.agent('/contacts/search');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'Specify search string with parameter q' });
  });
});

describe('GET /api/v1/profile', () => {
  it("answers the token's agent with their own cable token and their accounts", async () => {
    const res = await fx.request('/api/v1/profile', { headers: { api_access_token: fx.config.apiAccessToken } });
    expect(res.status).toBe(200);
    const profile = await res.json();
    expect(profile).toEqual({
      id: 1,
      name: 'Wren Admin',
      display_name: 'Wren',
      available_name: 'Wren',
      email: 'admin@wren.localhost',
      avatar_url: '',
      pubsub_token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      availability: 'online',
      availability_status: 'online',
      auto_offline: false,
      accounts: [
        { id: 1, name: 'Wren', role: 'administrator', availability: 'online', availability_status: 'online', auto_offline: false },
      ],
    });
    // The agent's cable token is theirs alone: it is not the access token, nor any visitor's.
    expect(profile.pubsub_token).not.toBe(fx.config.apiAccessToken);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/v1/profile/availability', () => {
  it("updates the agent and pushes presence.update to their inboxes' presence stream, which every visitor subscription hears", async () => {
    const events = fx.listen(inboxPresenceStream(1));
    const res = await fx.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: 1, availability: 'busy' } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, availability_status: 'busy' });
    expect(events).toEqual([{ event: 'presence.update', data: { account_id: 1, users: { 1: 'busy' } } }]);
    expect((await (await fx.widget('/inbox_members', null)).json()).payload[0].availability_status).toBe('busy');
  });

  it('validates the body', async () => {
    const res = await fx.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: 1, availability: 'asleep' } },
    });
    expect(res.status).toBe(422);
  });
});
