import { findConversation } from '../../server/repositories/conversations';
import { createCableRooms } from '../../server/services/cableRooms';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('visitor typing', () => {
  it('goes to the account stream for agents, is stored, and is never echoed to the visitor', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    const mine = fx.listen(visitor.pubsubToken);
    const agents = fx.listen('account_1');
    const typing = (status: string) =>
      fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: status } });
    expect((await typing('on')).status).toBe(200);
    expect((await findConversation(fx.db, 1))?.contact_typing_at).toEqual(expect.any(Number));
    await typing('off');
    expect((await findConversation(fx.db, 1))?.contact_typing_at).toBeNull();
    expect(mine).toEqual([]);
    expect(agents.map((e) => e.event)).toEqual(['conversation.typing_on', 'conversation.typing_off']);
    expect(agents[0].data).toMatchObject({ account_id: 1, is_private: false, user: { type: 'contact' }, conversation: { id: 1 } });
  });

  it('the agents stream cannot be subscribed to with a visitor subscription', async () => {
    const rooms = createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase);
    expect(await rooms.open('account_1')).toBeNull();
  });
});

describe('update_last_seen', () => {
  it('marks agent messages up to now as read and tells the visitor, once', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    for (const content of ['one', 'two']) await fx.agent('/conversations/1/messages', { method: 'POST', body: { content } });
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'note', private: true } });
    const events = fx.listen(visitor.pubsubToken);
    const seen = () => fx.widget('/conversations/update_last_seen', visitor, { method: 'POST', body: { contact_last_seen_at: 1 } });
    expect((await seen()).status).toBe(200);
    expect(events.map((e) => [e.event, (e.data as { content: string }).content, (e.data as { status: string }).status])).toEqual([
      ['message.updated', 'one', 'read'],
      ['message.updated', 'two', 'read'],
    ]);
    expect(events[0].data).toMatchObject({ previous_changes: { status: ['sent', 'read'] } });
    await seen();
    expect(events).toHaveLength(2);
    const listed = await (await fx.agent('/conversations/1/messages')).json();
    expect(listed.payload.map((m: { content: string; status: string }) => [m.content, m.status])).toEqual([
      // Answered, so read by the team (docs/protocol.md#delivery-status).
      ['hi', 'read'],
      ['one', 'read'],
      ['two', 'read'],
      ['note', 'sent'],
    ]);
  });

  it("only touches the visitor's own conversation", async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    await sendMessage(fx, alice, 'a');
    await sendMessage(fx, bob, 'b');
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'for alice' } });
    const aliceEvents = fx.listen(alice.pubsubToken);
    await fx.widget('/conversations/update_last_seen', bob, { method: 'POST', body: {} });
    expect(aliceEvents).toEqual([]);
    const listed = await (await fx.agent('/conversations/1/messages')).json();
    expect(listed.payload.at(-1).status).toBe('sent');
  });
});
