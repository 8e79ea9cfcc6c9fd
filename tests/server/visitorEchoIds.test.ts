/**
 * A visitor's `echo_id` names their own sends only (docs/protocol.md#messages): one that equals
 * a private note's, an agent's or another visitor's is a new message of theirs, stored; and no
 * path that gives a visitor messages shows an agent's `echo_id` or a private note. On SQLite and,
 * in the `postgres` project, on PostgreSQL.
 */
import type { RealtimeEnvelope } from '../../src/shared/cable';
import { gatewayInFrontOf, sendThrough } from './gateway/gatewayFixture';
import { createFixture, readBootConfig, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

type Listed = { id: number; content: string; message_type: number; echo_id?: string; private?: boolean };

async function agentWrites(conversationId: number, body: Record<string, unknown>) {
  const res = await fx.agent(`/conversations/${conversationId}/messages`, { method: 'POST', body });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; echo_id?: string };
}

const listed = async (visitor: Visitor) => ((await (await fx.widget('/messages', visitor)).json()) as { payload: Listed[] }).payload;

/** Every message-shaped object anywhere in `value`, however deep. */
function messagesIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(messagesIn);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = 'message_type' in record && 'content' in record ? [record] : [];
  return [...own, ...Object.values(record).flatMap(messagesIn)];
}

describe("a visitor's echo_id matches only their own messages", () => {
  it("stores the visitor's message when its echo_id is a private note's, and never answers with the note", async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello', { echo_id: 'v-1' });
    for (const n of [1, 2, 3]) await agentWrites(id, { content: `secret note ${n}`, private: true, echo_id: `note-${n}` });

    for (const n of [1, 2, 3]) {
      const res = await fx.widget('/messages', visitor, {
        method: 'POST',
        body: { message: { content: `mine ${n}`, echo_id: `note-${n}` } },
      });
      expect(res.status).toBe(200);
      const answer = await res.json();
      expect(answer).toMatchObject({ content: `mine ${n}`, message_type: 0, private: false, echo_id: `note-${n}` });
      expect(JSON.stringify(answer)).not.toContain('secret');
    }
    expect((await listed(visitor)).map((m) => [m.content, m.echo_id])).toEqual([
      ['hello', 'v-1'],
      ['mine 1', 'note-1'],
      ['mine 2', 'note-2'],
      ['mine 3', 'note-3'],
    ]);
    // The agents still have their notes, each once, and the visitor's messages beside them.
    const agentList = await (await fx.agent(`/conversations/${id}/messages`)).json();
    const contents = (agentList.payload as { content: string }[]).map((m) => m.content);
    expect(contents.filter((c) => c.startsWith('secret note'))).toHaveLength(3);
    expect(contents.filter((c) => c.startsWith('mine'))).toHaveLength(3);
  });

  it("stores the visitor's message when its echo_id is an agent's or another visitor's", async () => {
    const other = await fx.visit();
    await sendMessage(fx, other, "the other visitor's", { echo_id: 'shared-1' });
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'first', { echo_id: 'shared-1' });
    await agentWrites(id, { content: 'an answer', echo_id: 'agent-1' });
    const mine = await sendMessage(fx, visitor, 'second', { echo_id: 'agent-1' });
    expect(mine).toMatchObject({ content: 'second', echo_id: 'agent-1' });
    expect((await listed(visitor)).map((m) => [m.content, m.message_type])).toEqual([
      ['first', 0],
      ['an answer', 1],
      ['second', 0],
    ]);
    expect((await listed(other)).map((m) => m.content)).toEqual(["the other visitor's"]);
    // The visitor's own retry is still answered with what was stored, once.
    const again = await sendMessage(fx, visitor, 'second', { echo_id: 'agent-1' });
    expect(again.id).toBe(mine.id);
    expect(await listed(visitor)).toHaveLength(3);
  });

  it("keeps an agent's retried send once, by its own echo_id", async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hi', { echo_id: 'same' });
    const first = await agentWrites(id, { content: 'once', echo_id: 'same' });
    const again = await agentWrites(id, { content: 'once', echo_id: 'same' });
    expect(again.id).toBe(first.id);
    expect(first.echo_id).toBe('same');
    expect((await listed(visitor)).map((m) => m.content)).toEqual(['hi', 'once']);
  });
});

describe('what a visitor is given carries no agent echo_id and no private note', () => {
  it('holds for the lists, the page data block, the answers and every cable frame', async () => {
    const visitor = await fx.visit();
    const frames: RealtimeEnvelope[] = fx.listen(visitor.pubsubToken);
    const started = await fx.widget('/conversations', visitor, {
      method: 'POST',
      body: { message: { content: 'hello', echo_id: 'v-1' } },
    });
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: number };
    const note = await agentWrites(id, { content: 'secret note', private: true, echo_id: 'note-1' });
    await agentWrites(id, { content: 'an answer', echo_id: 'agent-1' });
    // A status change pushes the conversation with its last message (the agent's) to the visitor.
    await fx.agent(`/conversations/${id}/toggle_status`, { method: 'POST', body: { status: 'pending' } });
    await sendMessage(fx, visitor, 'thanks', { echo_id: 'v-2' });

    const page = readBootConfig(
      await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&cw_conversation=${visitor.authToken}`)).text(),
    );
    const given = [
      ...messagesIn(await listed(visitor)),
      ...messagesIn(page.initialData?.messages),
      ...messagesIn(frames.map((frame) => frame.data)),
    ];
    expect(given.length).toBeGreaterThan(6);
    for (const message of given) {
      expect(message.content).not.toBe('secret note');
      expect(message.private ?? false).toBe(false);
      if (message.message_type !== 0) expect(message, JSON.stringify(message)).not.toHaveProperty('echo_id');
    }
    expect(given.filter((m) => m.echo_id).map((m) => m.echo_id)).toEqual(expect.arrayContaining(['v-1', 'v-2']));
    expect(frames.map((frame) => frame.event)).toContain('conversation.status_changed');

    // Nor can a visitor reach the note by its id.
    const answered = await fx.widget(`/messages/${note.id}`, visitor, { method: 'PATCH', body: { message: { submitted_values: [] } } });
    expect(answered.status).toBe(404);

    // Agents see every echo_id: theirs and the visitor's.
    const agentList = (await (await fx.agent(`/conversations/${id}/messages`)).json()).payload as Listed[];
    expect(agentList.map((m) => m.echo_id)).toEqual(expect.arrayContaining(['v-1', 'note-1', 'agent-1', 'v-2']));
  });
});

describe('through the gateway', () => {
  it("stores the visitor's message when its echo_id is a private note's or another visitor's, and lists no agent echo_id", async () => {
    const gateway = await gatewayInFrontOf(fx);
    const visitor = await fx.visit();
    const other = await fx.visit();
    const send = async (who: Visitor, content: string, echoId: string) => {
      const res = await sendThrough(gateway, who.authToken, { content, echo_id: echoId });
      expect(res.status).toBe(200);
      return res.json();
    };
    const { conversation_id: id } = await send(visitor, 'hello', 'v-1');
    await send(other, "the other visitor's", 'shared-1');
    await agentWrites(id, { content: 'secret note', private: true, echo_id: 'note-1' });
    await agentWrites(id, { content: 'an answer', echo_id: 'agent-1' });

    expect(await send(visitor, 'mine', 'note-1')).toMatchObject({ content: 'mine', message_type: 0, private: false });
    expect(await send(visitor, 'mine too', 'shared-1')).toMatchObject({ content: 'mine too', message_type: 0 });
    expect(await send(visitor, 'and this', 'agent-1')).toMatchObject({ content: 'and this', message_type: 0 });

    const res = await gateway.app.request(`/api/v1/widget/messages?website_token=${gateway.token}`, {
      headers: { 'x-auth-token': visitor.authToken },
    });
    const { payload } = (await res.json()) as { payload: Listed[] };
    expect(payload.map((m) => [m.content, m.echo_id])).toEqual([
      ['hello', 'v-1'],
      ['an answer', undefined],
      ['mine', 'note-1'],
      ['mine too', 'shared-1'],
      ['and this', 'agent-1'],
    ]);
  });
});
