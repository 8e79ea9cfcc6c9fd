import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

type Listed = { payload: { id: number; content: string; message_type: number; conversation_id: number }[]; meta: Record<string, unknown> };

async function seedMessages(count: number) {
  const visitor = await fx.visit();
  const { conversation_id: conversationId } = await sendMessage(fx, visitor, 'm1');
  // Agents write the rest so the visitor's flood guard stays out of the way.
  for (let i = 2; i <= count; i++) {
    await fx.agent(`/conversations/${conversationId}/messages`, { method: 'POST', body: { content: `m${i}` } });
  }
  return visitor;
}

describe('GET /api/v1/widget/messages', () => {
  it('returns the latest 20 in ascending order, with contact_last_seen_at', async () => {
    const visitor = await seedMessages(25);
    const body = (await (await fx.widget('/messages', visitor)).json()) as Listed;
    expect(body.payload.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(body.meta).toEqual({ contact_last_seen_at: 0 });
    // Wren adds the delivery status Chatwoot leaves out (docs/protocol.md#delivery-status).
    expect(body.payload[0]).toHaveProperty('status', 'sent');
  });

  it('pages back with before=<id> (20 older, ascending) and forward with after=<id>', async () => {
    const visitor = await seedMessages(25);
    const latest = (await (await fx.widget('/messages', visitor)).json()) as Listed;
    const older = (await (await fx.widget(`/messages?before=${latest.payload[0].id}`, visitor)).json()) as Listed;
    expect(older.payload.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const newer = (await (await fx.widget(`/messages?after=${latest.payload[17].id}`, visitor)).json()) as Listed;
    expect(newer.payload.map((m) => m.content)).toEqual(['m24', 'm25']);
    const none = (await (await fx.widget(`/messages?after=${latest.payload[19].id}`, visitor)).json()) as Listed;
    expect(none.payload).toEqual([]);
  });

  it('leaves out private notes and activity messages', async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello');
    await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'internal', private: true } });
    await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'assigned', message_type: 'activity' } });
    await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'hi there' } });
    const body = (await (await fx.widget('/messages', visitor)).json()) as Listed;
    expect(body.payload.map((m) => [m.content, m.message_type])).toEqual([
      ['hello', 0],
      ['hi there', 1],
    ]);
  });

  it("carries a visitor's message's echo_id, so a next page knows a message it was left to send is stored", async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'sent from the last page', { echo_id: 'e-left' });
    await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'an answer' } });
    const body = (await (await fx.widget('/messages', visitor)).json()) as { payload: { content: string; echo_id?: string }[] };
    expect(body.payload.map((m) => [m.content, m.echo_id])).toEqual([
      ['sent from the last page', 'e-left'],
      ['an answer', undefined],
    ]);
  });

  it('rejects a non-numeric cursor with 422', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages?before=abc', visitor);
    expect(res.status).toBe(422);
  });
});

describe('POST /api/v1/widget/messages', () => {
  it('creates the conversation with the first message and answers the created-message shape', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, {
      method: 'POST',
      body: { message: { content: 'Hi', echo_id: 'e-1', referer_url: 'https://shop.example/' } },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      content: 'Hi',
      inbox_id: 1,
      conversation_id: 1,
      message_type: 0,
      private: false,
      echo_id: 'e-1',
      content_attributes: {},
      sender: { type: 'contact' },
    });
    expect(body).not.toHaveProperty('content_type');
    expect(typeof body.created_at).toBe('number');
    const conversation = await (await fx.widget('/conversations', visitor)).json();
    expect(conversation).toEqual({ id: 1, inbox_id: 1, contact_last_seen_at: 0, status: 'open' });
  });

  it('stores a retried send (same echo_id) exactly once', async () => {
    const visitor = await fx.visit();
    const events = fx.listen(visitor.pubsubToken);
    const first = await sendMessage(fx, visitor, 'only once', { echo_id: 'retry-1' });
    const again = await sendMessage(fx, visitor, 'only once', { echo_id: 'retry-1' });
    expect(again.id).toBe(first.id);
    const concurrent = await Promise.all([1, 2, 3].map(() => sendMessage(fx, visitor, 'burst', { echo_id: 'retry-2' })));
    expect(new Set(concurrent.map((m) => m.id)).size).toBe(1);
    const listed = (await (await fx.widget('/messages', visitor)).json()) as Listed;
    expect(listed.payload.map((m) => m.content)).toEqual(['only once', 'burst']);
    expect(events.filter((e) => e.event === 'message.created')).toHaveLength(2);
  });

  it('broadcasts message.created with the echo_id to the visitor, and to nobody else', async () => {
    const visitor = await fx.visit();
    const other = await fx.visit();
    const mine = fx.listen(visitor.pubsubToken);
    const theirs = fx.listen(other.pubsubToken);
    await sendMessage(fx, visitor, 'ping', { echo_id: 'abc' });
    const created = mine.find((e) => e.event === 'message.created');
    expect(created?.data).toMatchObject({
      content: 'ping',
      echo_id: 'abc',
      account_id: 1,
      message_type: 0,
      sender_type: 'Contact',
      conversation: { contact_inbox: { source_id: expect.any(String) } },
    });
    expect(mine.map((e) => e.event)).toContain('conversation.created');
    expect(theirs).toEqual([]);
  });

  it('refuses more messages a minute in one conversation than CONVERSATION_MESSAGE_PER_MINUTE_LIMIT', async () => {
    const limited = await createFixture({ env: { CONVERSATION_MESSAGE_PER_MINUTE_LIMIT: '5' } });
    try {
      const visitor = await limited.visit();
      for (let i = 0; i < 5; i++) await sendMessage(limited, visitor, `n${i}`, { echo_id: `e${i}` });
      const res = await limited.widget('/messages', visitor, { method: 'POST', body: { message: { content: 'one too many' } } });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'Too many messages' });
      // A retry of one already stored is answered with it: it is not a new message.
      const again = await limited.widget('/messages', visitor, { method: 'POST', body: { message: { content: 'n0', echo_id: 'e0' } } });
      expect(again.status).toBe(200);
      const listed = (await (await limited.widget('/messages', visitor)).json()) as Listed;
      expect(listed.payload).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });

  it("takes a backlog of Chatwoot's default 200 messages a minute, as an outbox sends it after an outage", async () => {
    const visitor = await fx.visit();
    for (let i = 0; i < 30; i++) await sendMessage(fx, visitor, `n${i}`);
    const listed = (await (await fx.widget('/messages', visitor)).json()) as Listed;
    expect(listed.payload.at(-1)?.content).toBe('n29');
  });

  it('reopens a resolved conversation', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'first');
    await fx.widget('/conversations/toggle_status', visitor);
    expect((await (await fx.widget('/conversations', visitor)).json()).status).toBe('resolved');
    const again = await sendMessage(fx, visitor, 'back again');
    expect(again.conversation_id).toBe(1);
    expect((await (await fx.widget('/conversations', visitor)).json()).status).toBe('open');
  });

  it('starts a new conversation instead where the inbox takes no messages after resolving', async () => {
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { allow_messages_after_resolved: false } });
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'first');
    await fx.widget('/conversations/toggle_status', visitor);
    const again = await sendMessage(fx, visitor, 'a new question');
    expect(again.conversation_id).toBe(2);
    expect((await (await fx.agent('/conversations/1')).json()).status).toBe('resolved');
    expect(await (await fx.widget('/conversations', visitor)).json()).toMatchObject({ id: 2, status: 'open' });
  });

  it.each([
    ['blank content', { message: { content: '   ' } }, "Message content can't be blank"],
    ['missing content', { message: {} }, "Message content can't be blank"],
    ['too long content', { message: { content: 'x'.repeat(10_001) } }, 'Message content is too long (maximum is 10000 characters)'],
  ])('answers 422 for %s', async (_name, body, error) => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, { method: 'POST', body });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error });
  });

  it('accepts exactly 10000 characters', async () => {
    const visitor = await fx.visit();
    expect((await sendMessage(fx, visitor, 'y'.repeat(10_000))).content).toHaveLength(10_000);
  });

  it('answers 422 naming the field for wrong types', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: { message: { content: 42 } } });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^message\.content: /);
    const noMessage = await fx.widget('/messages', visitor, { method: 'POST', body: { content: 'hi' } });
    expect(noMessage.status).toBe(422);
  });

  it('answers 400 for malformed JSON and stores nothing', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: '{"message": {"content": "hi"' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Malformed JSON body' });
    expect(await (await fx.widget('/messages', visitor)).json()).toEqual({ payload: [], meta: {} });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: { message: { content: 'z'.repeat(1_100_000) } } });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/);
  });

  it('keeps in_reply_to only for a message of the same conversation', async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    const bobs = await sendMessage(fx, bob, 'bob');
    const first = await sendMessage(fx, alice, 'one');
    const reply = await fx.widget('/messages', alice, { method: 'POST', body: { message: { content: 'two', reply_to: first.id } } });
    expect((await reply.json()).content_attributes).toEqual({ in_reply_to: first.id });
    const foreign = await fx.widget('/messages', alice, { method: 'POST', body: { message: { content: 'three', reply_to: bobs.id } } });
    expect((await foreign.json()).content_attributes).toEqual({});
  });
});
