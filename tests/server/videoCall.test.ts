import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const join = (visitor: Visitor | string, body: unknown) =>
  fx.widget('/integrations/dyte/add_participant_to_meeting', visitor, { method: 'POST', body });

async function agentSends(visitor: Visitor, body: Record<string, unknown>): Promise<number> {
  const { conversation_id: id } = await sendMessage(fx, visitor, 'can we talk?');
  return (await (await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body })).json()).id;
}

describe('video calls', () => {
  it('delivers a plain join URL (Wren video_call) to the visitor as an integrations message', async () => {
    const visitor = await fx.visit();
    const events = fx.listen(visitor.pubsubToken);
    await agentSends(visitor, {
      content: 'Join the call',
      content_type: 'integrations',
      content_attributes: { type: 'video_call', data: { join_url: 'https://meet.example/abc' } },
    });
    expect(events.filter((e) => e.event === 'message.created').at(-1)?.data).toMatchObject({
      content_type: 'integrations',
      content_attributes: { type: 'video_call', data: { join_url: 'https://meet.example/abc' } },
    });
  });

  it('answers dyte_not_configured for a Dyte message of the visitor’s conversation', async () => {
    const visitor = await fx.visit();
    const id = await agentSends(visitor, {
      content: 'Call',
      content_type: 'integrations',
      content_attributes: { type: 'dyte', data: { meeting_id: 'm-1' } },
    });
    const res = await join(visitor, { message_id: id });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'Dyte is not configured', error_code: 'dyte_not_configured' });
    expect((await join(visitor, { message_id: String(id) })).status).toBe(422);
  });

  it('refuses a message that is not a call, or not in the visitor’s conversation', async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    const text = await agentSends(alice, { content: 'plain' });
    const call = await agentSends(alice, {
      content: 'Call',
      content_type: 'integrations',
      content_attributes: { type: 'dyte', data: { meeting_id: 'm-1' } },
    });
    const invalid = { error: 'Invalid message type. Action not permitted' };
    expect(await (await join(alice, { message_id: text })).json()).toEqual(invalid);
    expect(await (await join(bob, { message_id: call })).json()).toEqual(invalid);
    expect((await join(alice, {})).status).toBe(422);
    expect((await join(alice, { message_id: 'x' })).status).toBe(422);
    expect((await join('not-a-token', { message_id: call })).status).toBe(404);
  });
});
