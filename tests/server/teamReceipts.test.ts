import { findConversation } from '../../server/repositories/conversations';
import { createFixture, sendMessage, type Fixture } from './helpers';

// The visitor's own messages: sent, delivered to the team, read by the team
// (docs/protocol.md#delivery-status), each change pushed to the visitor as message.updated.

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

type Pushed = { event: string; data: { content: string; status: string; previous_changes?: unknown } };
const statuses = (events: Pushed[]) => events.map((e) => [e.event, e.data.content, e.data.status]);
const widgetStatuses = async (visitor: Awaited<ReturnType<Fixture['visit']>>) =>
  ((await (await fx.widget('/messages', visitor)).json()) as { payload: { content: string; status: string }[] }).payload.map((m) => [
    m.content,
    m.status,
  ]);

describe('delivered', () => {
  it("is when an agent's client lists the messages, once, and the visitor hears it", async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hello');
    await sendMessage(fx, visitor, 'anyone there?');
    expect(await widgetStatuses(visitor)).toEqual([
      ['hello', 'sent'],
      ['anyone there?', 'sent'],
    ]);
    const events = fx.listen(visitor.pubsubToken) as Pushed[];
    const listed = await (await fx.agent('/conversations/1/messages')).json();
    expect(listed.payload.map((m: { status: string }) => m.status)).toEqual(['delivered', 'delivered']);
    expect(statuses(events)).toEqual([
      ['message.updated', 'hello', 'delivered'],
      ['message.updated', 'anyone there?', 'delivered'],
    ]);
    expect(events[0].data.previous_changes).toEqual({ status: ['sent', 'delivered'] });
    await fx.agent('/conversations/1/messages');
    expect(events).toHaveLength(2);
    expect(await widgetStatuses(visitor)).toEqual([
      ['hello', 'delivered'],
      ['anyone there?', 'delivered'],
    ]);
  });
});

describe('read', () => {
  it('is when an agent opens the conversation (update_last_seen), which stores agent_last_seen_at', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hello');
    await fx.agent('/conversations/1/messages');
    const events = fx.listen(visitor.pubsubToken) as Pushed[];
    const before = Date.now();
    const res = await fx.agent('/conversations/1/update_last_seen', { method: 'POST' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: 1, agent_last_seen_at: expect.any(Number) });
    expect(body.agent_last_seen_at * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect((await findConversation(fx.db, 1))?.agent_last_seen_at).toBeGreaterThanOrEqual(before);
    expect(statuses(events)).toEqual([['message.updated', 'hello', 'read']]);
    expect(events[0].data.previous_changes).toEqual({ status: ['delivered', 'read'] });
    const shown = await (await fx.agent('/conversations/1')).json();
    expect(shown.agent_last_seen_at).toBe(body.agent_last_seen_at);
  });

  it('is when an agent answers; never moves back to delivered; a private note reads nothing', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'first');
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'a note', private: true } });
    expect(await widgetStatuses(visitor)).toEqual([['first', 'sent']]);
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Hi!' } });
    await sendMessage(fx, visitor, 'second');
    await fx.agent('/conversations/1/messages');
    expect(await widgetStatuses(visitor)).toEqual([
      ['first', 'read'],
      ['Hi!', 'sent'],
      ['second', 'delivered'],
    ]);
  });

  it("touches only that conversation's visitor", async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    await sendMessage(fx, alice, 'a');
    await sendMessage(fx, bob, 'b');
    const bobEvents = fx.listen(bob.pubsubToken);
    await fx.agent('/conversations/1/update_last_seen', { method: 'POST' });
    expect(bobEvents).toEqual([]);
    expect(await widgetStatuses(bob)).toEqual([['b', 'sent']]);
  });

  it('answers 404 for an unknown conversation and 401 without a token', async () => {
    expect((await fx.agent('/conversations/99/update_last_seen', { method: 'POST' })).status).toBe(404);
    const anonymous = await fx.app.request('/api/v1/accounts/1/conversations/1/update_last_seen', { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});
