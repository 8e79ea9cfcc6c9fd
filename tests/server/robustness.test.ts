import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

describe('a restart mid-conversation loses nothing', () => {
  it('keeps the conversation and answers a retried echo_id with the message stored before the restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wren-restart-'));
    const options = { databasePath: join(dir, 'wren.sqlite'), uploadsDir: join(dir, 'uploads') };
    try {
      const before = await createFixture(options);
      const visitor = await before.visit();
      const first = await sendMessage(before, visitor, 'sent just before the crash', { echo_id: 'echo-restart' });
      await before.agent(`/conversations/${first.conversation_id}/messages`, { method: 'POST', body: { content: 'agent reply' } });
      await before.close();

      const after = await createFixture(options);
      try {
        // The widget never saw the answer, so it retries with the same echo_id and the old token.
        const retried = await sendMessage(after, visitor, 'sent just before the crash', { echo_id: 'echo-restart' });
        expect(retried).toMatchObject({ id: first.id, conversation_id: first.conversation_id, echo_id: 'echo-restart' });
        const listed = await (await after.widget('/messages', visitor)).json();
        expect(listed.payload.map((m: { content: string }) => m.content)).toEqual(['sent just before the crash', 'agent reply']);
        expect(after.config.websiteToken).toBe(before.config.websiteToken);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('realtime isolation', () => {
  let fx: Fixture;
  beforeEach(async () => {
    fx = await createFixture();
  });
  afterEach(() => fx.close());

  it('delivers every kind of event only to the visitor it belongs to', async () => {
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { csat_survey_enabled: true } });
    await fx.agent('/labels', { method: 'POST', body: { title: 'vip' } });
    const alice = await fx.visit();
    const bob = await fx.visit();
    await sendMessage(fx, bob, 'bob here');
    const mine = fx.listen(alice.pubsubToken);
    const theirs = fx.listen(bob.pubsubToken);

    const { conversation_id: id } = await sendMessage(fx, alice, 'alice here');
    const ask = await (
      await fx.agent(`/conversations/${id}/messages`, {
        method: 'POST',
        body: { content: 'Pick', content_type: 'input_select', content_attributes: { items: [{ title: 'A' }] } },
      })
    ).json();
    await fx.agent(`/conversations/${id}/toggle_typing_status`, { method: 'POST', body: { typing_status: 'on' } });
    await fx.widget(`/messages/${ask.id}`, alice, { method: 'PATCH', body: { message: { submitted_values: [{ title: 'A' }] } } });
    await fx.widget('/conversations/update_last_seen', alice, { method: 'POST', body: {} });
    await fx.widget('/labels', alice, { method: 'POST', body: { label: 'vip' } });
    await fx.widget('/conversations/toggle_typing', alice, { method: 'POST', body: { typing_status: 'on' } });
    await fx.agent(`/conversations/${id}/toggle_status`, { method: 'POST', body: { status: 'resolved' } });
    await fx.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: 1, availability: 'busy' } },
    });

    expect(new Set(mine.map((e) => e.event))).toEqual(
      new Set([
        'conversation.created',
        'message.created',
        'conversation.typing_on',
        'message.updated',
        'conversation.updated',
        'conversation.status_changed',
      ]),
    );
    for (const event of mine.filter((e) => e.event.startsWith('message.') || e.event.startsWith('conversation.'))) {
      const data = event.data as { conversation_id?: number; id?: number; conversation?: { id: number } };
      expect(data.conversation_id ?? data.conversation?.id ?? data.id).toBe(id);
    }
    // Bob hears nothing of Alice's conversation; the agent's presence travels on the inbox's
    // presence stream, which both their sockets hear by design.
    expect(theirs).toEqual([]);
  });
});

describe('bad input', () => {
  let fx: Fixture;
  let visitor: Visitor;
  beforeEach(async () => {
    fx = await createFixture();
    visitor = await fx.visit();
    await sendMessage(fx, visitor, 'keep me');
  });
  afterEach(() => fx.close());

  it.each([
    ['POST', '/messages', '{"message":'],
    ['POST', '/messages', '[]'],
    ['POST', '/messages', { message: { content: ['x'] } }],
    ['POST', '/messages', { message: { content: 'x', echo_id: 'e'.repeat(300) } }],
    ['POST', '/conversations', { message: { content: 7 } }],
    ['PATCH', '/contact', { email: 42 }],
    ['PATCH', '/contact/set_user', { identifier: { nested: true } }],
    ['PATCH', '/messages/1', 'not json'],
    ['POST', '/conversations/toggle_typing', { typing_status: 'maybe' }],
    ['POST', '/conversations/transcript', { email: 5 }],
    ['POST', '/conversations/set_custom_attributes', { custom_attributes: [1] }],
    ['POST', '/events', { name: '' }],
    ['POST', '/labels', { label: 3 }],
    ['POST', '/integrations/dyte/add_participant_to_meeting', { message_id: -1 }],
  ])('%s %s with %j gets a 4xx JSON error and changes nothing', async (method, path, body) => {
    const res = await fx.widget(path, visitor, { method, body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const error = await res.json();
    expect(typeof (error.error ?? error.message)).toBe('string');
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.map((m: { content: string }) => m.content)).toEqual(['keep me']);
  });

  it('answers 404 JSON for unknown tokens everywhere a token is needed', async () => {
    for (const path of ['/messages', '/conversations', '/contact']) {
      const res = await fx.widget(path, 'eyJhbGciOiJIUzI1NiJ9.e30.bad');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Resource could not be found' });
    }
    const wrongSite = await fx.request('/api/v1/widget/campaigns?website_token=unknown');
    expect(wrongSite.status).toBe(404);
  });
});
