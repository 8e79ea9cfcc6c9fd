import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { AgentProfile } from '../../src/shared/applicationApi';
import { agentRoomIdentifier, CABLE_PROTOCOLS, type RealtimeEnvelope } from '../../src/shared/cable';
import { attachCableServer } from '../../server/realtime/cableServer';
import { createAccount } from '../../server/repositories/inboxes';
import { addAccountUser, createUser } from '../../server/repositories/users';
import { createCableRooms } from '../../server/services/cableRooms';
import { createFixture, sendMessage, type Fixture } from './helpers';

// The agents' side of the cable (docs/protocol.md#agents-on-the-cable): an agent subscribes with
// their own pubsub token, account and user ids, and reads the account's stream, where every
// conversation event of the account arrives, private notes and the visitor's typing included.

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

async function profile(): Promise<AgentProfile> {
  return (await fx.request('/api/v1/profile', { headers: { api_access_token: fx.config.apiAccessToken } })).json();
}

const summary = (events: RealtimeEnvelope[]) =>
  events.map(({ event, data }) => {
    const d = data as { content?: string; status?: string; user?: { type: string } };
    return [event, d.content ?? d.status ?? d.user?.type];
  });

describe('who may read the account stream', () => {
  it("accepts an agent's own token for an account they belong to", async () => {
    const rooms = createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase);
    const { pubsub_token: token } = await profile();
    expect((await rooms.openAgent(token, { accountId: 1, userId: 1 }))?.streams ?? null).toEqual([token, 'account_1']);
  });

  it("refuses another agent's ids, an account the agent is not in, a visitor's token and an access token", async () => {
    const rooms = createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase);
    const { pubsub_token: token } = await profile();
    await createAccount(fx.db, { id: 2, name: 'Other' });
    const other = await createUser(fx.db, { name: 'Other', email: 'other@example.com', access_token: 'other-access' });
    await addAccountUser(fx.db, 2, other.id, 'agent');
    const visitor = await fx.visit();
    expect((await rooms.openAgent(token, { accountId: 1, userId: other.id }))?.streams ?? null).toBeNull();
    expect((await rooms.openAgent(token, { accountId: 2, userId: 1 }))?.streams ?? null).toBeNull();
    expect((await rooms.openAgent(other.pubsub_token, { accountId: 1, userId: other.id }))?.streams ?? null).toBeNull();
    expect((await rooms.openAgent(visitor.pubsubToken, { accountId: 1, userId: 1 }))?.streams ?? null).toBeNull();
    expect((await rooms.openAgent(fx.config.apiAccessToken, { accountId: 1, userId: 1 }))?.streams ?? null).toBeNull();
    // A new agent's token is their own, different from every other.
    expect(other.pubsub_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(other.pubsub_token).not.toBe(token);
  });
});

describe('what the account stream carries', () => {
  it('a new conversation and its first message, then each visitor message', async () => {
    const agents = fx.listen('account_1');
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    await sendMessage(fx, visitor, 'Anyone there?');
    expect(summary(agents)).toEqual([
      ['conversation.created', 'open'],
      ['message.created', 'Hello?'],
      ['message.created', 'Anyone there?'],
    ]);
    expect(agents[0].data).toMatchObject({ id: 1, account_id: 1, meta: { sender: { type: 'contact' } } });
    expect(agents[1].data).toMatchObject({ conversation_id: 1, message_type: 0, sender: { type: 'contact' }, account_id: 1 });
  });

  it("an agent's reply with its performer, and private notes the visitor never gets", async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    const agents = fx.listen('account_1');
    const mine = fx.listen(visitor.pubsubToken);
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Hi!' } });
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'VIP customer', private: true } });
    // The reply, then the visitor's own message read by the team that answered it
    // (docs/protocol.md#delivery-status), then the note.
    expect(summary(agents)).toEqual([
      ['message.created', 'Hi!'],
      ['message.updated', 'Hello?'],
      ['message.created', 'VIP customer'],
    ]);
    expect(agents[0].data).toMatchObject({ message_type: 1, performer: { id: 1, type: 'user' } });
    expect(agents[1].data).toMatchObject({ status: 'read' });
    expect(agents[2].data).toMatchObject({ private: true });
    expect(summary(mine)).toEqual([
      ['message.created', 'Hi!'],
      ['message.updated', 'Hello?'],
    ]);
  });

  it('status changes, and the read receipts the visitor causes', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Hi!' } });
    const agents = fx.listen('account_1');
    await fx.widget('/conversations/update_last_seen', visitor, { method: 'POST', body: {} });
    await fx.agent('/conversations/1/toggle_status', { method: 'POST', body: { status: 'resolved' } });
    await fx.agent('/conversations/1/toggle_status', { method: 'POST', body: {} });
    expect(summary(agents)).toEqual([
      ['message.updated', 'Hi!'],
      ['conversation.status_changed', 'resolved'],
      ['conversation.status_changed', 'open'],
    ]);
    expect(agents[0].data).toMatchObject({ status: 'read', previous_changes: { status: ['sent', 'read'] } });
  });

  it("the visitor's typing and the agents' own, private typing only to agents", async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    const agents = fx.listen('account_1');
    const mine = fx.listen(visitor.pubsubToken);
    await fx.widget('/conversations/toggle_typing', visitor, { method: 'POST', body: { typing_status: 'on' } });
    await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'on' } });
    await fx.agent('/conversations/1/toggle_typing_status', { method: 'POST', body: { typing_status: 'off', is_private: true } });
    expect(summary(agents)).toEqual([
      ['conversation.typing_on', 'contact'],
      ['conversation.typing_on', 'user'],
      ['conversation.typing_off', 'user'],
    ]);
    expect(agents[2].data).toMatchObject({ is_private: true, account_id: 1 });
    expect(summary(mine)).toEqual([['conversation.typing_on', 'user']]);
  });

  it("never another account's events", async () => {
    const other = fx.listen('account_2');
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    expect(other).toEqual([]);
  });
});

describe('an agent over a real WebSocket', () => {
  let http: Server;
  let url: string;
  let closeCable: () => Promise<void>;
  beforeEach(async () => {
    http = createServer((_req, res) => res.end());
    const cable = attachCableServer(http, {
      hub: fx.hub,
      rooms: createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase),
      pingIntervalMs: 50,
    });
    closeCable = () => cable.close();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/cable`;
  });
  afterEach(async () => {
    await closeCable();
    await new Promise((resolve) => http.close(resolve));
  });

  it('subscribes with the token GET /api/v1/profile gives and sees a visitor write live', async () => {
    const me = await profile();
    const ws = new WebSocket(url, CABLE_PROTOCOLS);
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    const identifier = agentRoomIdentifier(me.pubsub_token, me.accounts[0].id, me.id);
    ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    await vi.waitFor(() => expect(frames).toContainEqual({ identifier, type: 'confirm_subscription' }));
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Is this live?');
    await vi.waitFor(() =>
      expect(frames).toContainEqual({
        identifier,
        message: { event: 'message.created', data: expect.objectContaining({ content: 'Is this live?', conversation_id: 1 }) },
      }),
    );
    ws.close();
  });
});
