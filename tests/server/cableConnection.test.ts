import { agentRoomIdentifier, roomIdentifier } from '../../src/shared/cable';
import type { MessagesPage } from '../../src/shared/types';
import { CableConnection, MAX_SUBSCRIPTIONS_PER_SOCKET, type CableRooms } from '../../server/realtime/cableConnection';
import { CABLE_ACTION_RATES } from '../../server/realtime/cableLimits';
import { Hub, type HubTransport } from '../../server/realtime/hub';

const KNOWN = 'known-token';
const AGENT_TOKEN = 'agent-7-token';
const PRESENCE = { account_id: 1, users: { 1: 'online' } };
/** A contact room answers `catch_up` with the messages after `after` (only their ids matter here). */
const messagesAfter = async (after: number) => ({ payload: [{ id: after + 1 }, { id: after + 2 }], meta: {} }) as unknown as MessagesPage;

function setup(now?: () => number) {
  const hub = new Hub();
  const frames: Record<string, unknown>[] = [];
  const rooms: CableRooms = {
    open: async (token) =>
      token === KNOWN || token.startsWith('room-')
        ? { streams: [token, 'inbox_presence_1'], present: async () => (token === KNOWN ? PRESENCE : null), messagesAfter }
        : null,
    // Agent 7 owns AGENT_TOKEN and belongs to account 1 only.
    openAgent: async (token, { accountId, userId }) =>
      token === AGENT_TOKEN && userId === 7 && accountId === 1 ? { streams: [token, 'account_1'], present: async () => null } : null,
  };
  const connection = new CableConnection({ hub, rooms, now, send: (frame) => frames.push(JSON.parse(frame)) });
  const subscribe = (identifier: string) => connection.receive(JSON.stringify({ command: 'subscribe', identifier }));
  const perform = (identifier: string, data: object) =>
    connection.receive(JSON.stringify({ command: 'message', identifier, data: JSON.stringify(data) }));
  return { hub, frames, connection, subscribe, perform, rooms };
}

describe('CableConnection', () => {
  it('greets with welcome', () => {
    const { connection, frames } = setup();
    connection.open();
    expect(frames).toEqual([{ type: 'welcome' }]);
  });

  it('pings with the unix time in seconds', () => {
    const { connection, frames } = setup();
    connection.ping(1_718_000_000);
    expect(frames).toEqual([{ type: 'ping', message: 1_718_000_000 }]);
  });

  it('confirms a known token, echoing the identifier string byte-for-byte, then sends presence', async () => {
    const { frames, subscribe } = setup();
    // Unusual spacing and key order must survive untouched: the client matches by string.
    const identifier = `{ "pubsub_token":"${KNOWN}",  "channel":"RoomChannel" }`;
    await subscribe(identifier);
    expect(frames[0]).toEqual({ identifier, type: 'confirm_subscription' });
    expect(frames[1]).toEqual({ identifier, message: { event: 'presence.update', data: PRESENCE } });
  });

  it('rejects an unknown token, a foreign channel and a malformed identifier', async () => {
    const { frames, subscribe, connection } = setup();
    const unknown = roomIdentifier('who-knows');
    await subscribe(unknown);
    await subscribe(JSON.stringify({ channel: 'AdminChannel', pubsub_token: KNOWN }));
    await subscribe('{not json');
    expect(frames.map((f) => f.type)).toEqual(['reject_subscription', 'reject_subscription', 'reject_subscription']);
    expect(frames[0].identifier).toBe(unknown);
    expect(connection.subscriptionCount).toBe(0);
  });

  it('answers update_presence with presence.update to the asking subscription', async () => {
    const { frames, subscribe, connection } = setup();
    const identifier = roomIdentifier(KNOWN);
    await subscribe(identifier);
    frames.length = 0;
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'update_presence' }) }));
    expect(frames).toEqual([{ identifier, message: { event: 'presence.update', data: PRESENCE } }]);
  });

  it('answers catch_up to the asking subscription alone, and ignores a bad cursor or an agent asking', async () => {
    const { frames, connection, subscribe } = setup();
    const identifier = roomIdentifier(KNOWN);
    const other = roomIdentifier('room-2');
    const agent = agentRoomIdentifier(AGENT_TOKEN, 1, 7);
    for (const id of [identifier, other, agent]) await subscribe(id);
    frames.length = 0;
    const perform = (id: string, data: object) =>
      connection.receive(JSON.stringify({ command: 'message', identifier: id, data: JSON.stringify(data) }));
    await perform(identifier, { action: 'catch_up', after: 40 });
    await perform(identifier, { action: 'catch_up', after: 0 });
    for (const after of [-1, 1.5, '40', null, undefined]) await perform(identifier, { action: 'catch_up', after });
    await perform(agent, { action: 'catch_up', after: 40 });
    expect(frames).toEqual([
      { identifier, message: { event: 'catch_up', data: { payload: [{ id: 41 }, { id: 42 }], meta: {} } } },
      { identifier, message: { event: 'catch_up', data: { payload: [{ id: 1 }, { id: 2 }], meta: {} } } },
    ]);
  });

  it('ignores perform for a channel it is not subscribed to, and unknown actions', async () => {
    const { frames, connection, subscribe } = setup();
    const identifier = roomIdentifier(KNOWN);
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: '{"action":"update_presence"}' }));
    await subscribe(identifier);
    frames.length = 0;
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: '{"action":"self_destruct"}' }));
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: 'not json' }));
    expect(frames).toEqual([]);
  });

  it('delivers hub broadcasts for its token, wrapped with the identifier', async () => {
    const { frames, subscribe, hub } = setup();
    const identifier = roomIdentifier(KNOWN);
    await subscribe(identifier);
    frames.length = 0;
    hub.broadcast(KNOWN, 'message.created', { id: 1 });
    hub.broadcast('someone-else', 'message.created', { id: 2 });
    expect(frames).toEqual([{ identifier, message: { event: 'message.created', data: { id: 1 } } }]);
  });

  it("also delivers its room's other streams (the inbox's presence) under the same identifier, and leaves them with it", async () => {
    const { frames, subscribe, hub, connection } = setup();
    const identifier = roomIdentifier(KNOWN);
    await subscribe(identifier);
    frames.length = 0;
    hub.broadcast('inbox_presence_1', 'presence.update', { account_id: 1, users: { 1: 'offline' } });
    expect(frames).toEqual([{ identifier, message: { event: 'presence.update', data: { account_id: 1, users: { 1: 'offline' } } } }]);
    await connection.receive(JSON.stringify({ command: 'unsubscribe', identifier }));
    expect(hub.isSubscribed('inbox_presence_1')).toBe(false);
  });

  it('confirms only once the broker has joined every stream, so the gap fill that follows misses nothing', async () => {
    const joins: { stream: string; done: () => void }[] = [];
    const transport: HubTransport = {
      publish: () => {},
      join: (stream) => new Promise<void>((done) => joins.push({ stream, done })),
      leave: () => {},
    };
    const frames: Record<string, unknown>[] = [];
    const rooms: CableRooms = {
      open: async (token) => ({ streams: [token, 'inbox_presence_1'], present: async () => null }),
      openAgent: async () => null,
    };
    const connection = new CableConnection({ hub: new Hub(transport), rooms, send: (frame) => frames.push(JSON.parse(frame)) });
    const subscribed = connection.receive(JSON.stringify({ command: 'subscribe', identifier: roomIdentifier(KNOWN) }));
    await vi.waitFor(() => expect(joins.map((j) => j.stream)).toEqual([KNOWN, 'inbox_presence_1']));
    joins[0].done();
    await Promise.resolve();
    expect(frames).toEqual([]);
    joins[1].done();
    await subscribed;
    expect(frames).toEqual([{ identifier: roomIdentifier(KNOWN), type: 'confirm_subscription' }]);
  });

  it("confirms when the broker cannot be joined, and delivers this process's broadcasts meanwhile", async () => {
    const transport: HubTransport = {
      publish: () => {},
      join: async () => Promise.reject(new Error('redis is down')),
      leave: () => {},
    };
    const hub = new Hub(transport);
    const frames: Record<string, unknown>[] = [];
    const rooms: CableRooms = { open: async (token) => ({ streams: [token], present: async () => null }), openAgent: async () => null };
    const connection = new CableConnection({ hub, rooms, send: (frame) => frames.push(JSON.parse(frame)) });
    const identifier = roomIdentifier(KNOWN);
    await connection.receive(JSON.stringify({ command: 'subscribe', identifier }));
    hub.broadcast(KNOWN, 'message.created', { id: 1 });
    expect(frames).toEqual([
      { identifier, type: 'confirm_subscription' },
      { identifier, message: { event: 'message.created', data: { id: 1 } } },
    ]);
  });

  it('stops delivering after unsubscribe and after close', async () => {
    const { frames, subscribe, hub, connection } = setup();
    const identifier = roomIdentifier(KNOWN);
    await subscribe(identifier);
    await connection.receive(JSON.stringify({ command: 'unsubscribe', identifier }));
    expect(hub.isSubscribed(KNOWN)).toBe(false);
    await subscribe(identifier);
    connection.close();
    frames.length = 0;
    hub.broadcast(KNOWN, 'message.created', { id: 3 });
    expect(frames).toEqual([]);
    expect(hub.isSubscribed(KNOWN)).toBe(false);
  });

  it('ignores invalid frames without throwing', async () => {
    const { frames, connection } = setup();
    for (const raw of [
      '',
      'garbage',
      '[]',
      'null',
      '42',
      '{"command":"subscribe"}',
      '{"command":"subscribe","identifier":7}',
      '{"command":"dance","identifier":"x"}',
    ]) {
      await expect(connection.receive(raw)).resolves.toBeUndefined();
    }
    expect(frames).toEqual([]);
  });

  it('handles frames in order, so a perform right after subscribe is not lost', async () => {
    const { frames, connection } = setup();
    const identifier = roomIdentifier(KNOWN);
    void connection.receive(JSON.stringify({ command: 'subscribe', identifier }));
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: '{"action":"update_presence"}' }));
    expect(frames.map((f) => f.type ?? (f.message as { event: string }).event)).toEqual([
      'confirm_subscription',
      'presence.update',
      'presence.update',
    ]);
  });

  it('sends the disconnect frame', () => {
    const { frames, connection } = setup();
    connection.disconnect('server_restart', true);
    expect(frames).toEqual([{ type: 'disconnect', reason: 'server_restart', reconnect: true }]);
  });

  it('refuses a second subscription to the same token under a varied identifier, and delivers once', async () => {
    const { frames, subscribe, connection, hub } = setup();
    await subscribe(roomIdentifier(KNOWN));
    const varied = `{"pubsub_token":"${KNOWN}","channel":"RoomChannel","n":1}`;
    const spaced = ` ${roomIdentifier(KNOWN)}`;
    frames.length = 0;
    await subscribe(varied);
    await subscribe(spaced);
    expect(frames).toEqual([
      { identifier: varied, type: 'reject_subscription' },
      { identifier: spaced, type: 'reject_subscription' },
    ]);
    expect(connection.subscriptionCount).toBe(1);
    frames.length = 0;
    hub.broadcast(KNOWN, 'message.created', { id: 1 });
    expect(frames).toHaveLength(1);
  });

  it(`streams at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} rooms per socket`, async () => {
    const { frames, subscribe, connection } = setup();
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_SOCKET; i++) await subscribe(roomIdentifier(`room-${i}`));
    expect(connection.subscriptionCount).toBe(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(frames.at(-1)).toEqual({ identifier: roomIdentifier(`room-${MAX_SUBSCRIPTIONS_PER_SOCKET}`), type: 'reject_subscription' });
  });

  it('asks admitSubscription (the per-address limit) before a new subscription', async () => {
    const frames: Record<string, unknown>[] = [];
    const rooms: CableRooms = {
      open: async (token) => ({ streams: [token], present: async () => null }),
      openAgent: async (token) => ({ streams: [token, 'account_1'], present: async () => null }),
    };
    const connection = new CableConnection({
      hub: new Hub(),
      rooms,
      send: (frame) => frames.push(JSON.parse(frame)),
      admitSubscription: async () => false,
    });
    await connection.receive(JSON.stringify({ command: 'subscribe', identifier: roomIdentifier(KNOWN) }));
    expect(frames).toEqual([{ identifier: roomIdentifier(KNOWN), type: 'reject_subscription' }]);
    expect(connection.subscriptionCount).toBe(0);
  });

  describe("an agent subscription (user_id and account_id, as Chatwoot's dashboard sends)", () => {
    const agentIdentifier = agentRoomIdentifier(AGENT_TOKEN, 1, 7);

    it("streams the agent's own token and the account, and is told no presence", async () => {
      const { frames, subscribe, hub } = setup();
      await subscribe(agentIdentifier);
      expect(frames).toEqual([{ identifier: agentIdentifier, type: 'confirm_subscription' }]);
      hub.broadcast('account_1', 'message.created', { id: 1 });
      hub.broadcast(AGENT_TOKEN, 'conversation.updated', { id: 2 });
      hub.broadcast('account_2', 'message.created', { id: 3 });
      expect(frames.slice(1)).toEqual([
        { identifier: agentIdentifier, message: { event: 'message.created', data: { id: 1 } } },
        { identifier: agentIdentifier, message: { event: 'conversation.updated', data: { id: 2 } } },
      ]);
    });

    it("rejects another agent's ids, another account, ids that are not numbers, and a contact token posing as an agent", async () => {
      const { frames, subscribe, connection } = setup();
      const identifiers = [
        agentRoomIdentifier(AGENT_TOKEN, 1, 8),
        agentRoomIdentifier(AGENT_TOKEN, 2, 7),
        JSON.stringify({ channel: 'RoomChannel', pubsub_token: AGENT_TOKEN, account_id: '1', user_id: '7' }),
        JSON.stringify({ channel: 'RoomChannel', pubsub_token: AGENT_TOKEN, user_id: 7 }),
        agentRoomIdentifier(KNOWN, 1, 7),
      ];
      for (const identifier of identifiers) await subscribe(identifier);
      expect(frames).toEqual(identifiers.map((identifier) => ({ identifier, type: 'reject_subscription' })));
      expect(connection.subscriptionCount).toBe(0);
    });

    it('never lets a contact subscription read the account stream', async () => {
      const { frames, subscribe } = setup();
      await subscribe(roomIdentifier('account_1'));
      expect(frames).toEqual([{ identifier: roomIdentifier('account_1'), type: 'reject_subscription' }]);
    });

    it('answers update_presence with nothing, and stops both streams on unsubscribe and close', async () => {
      const { frames, subscribe, hub, connection } = setup();
      await subscribe(agentIdentifier);
      frames.length = 0;
      await connection.receive(JSON.stringify({ command: 'message', identifier: agentIdentifier, data: '{"action":"update_presence"}' }));
      expect(frames).toEqual([]);
      await connection.receive(JSON.stringify({ command: 'unsubscribe', identifier: agentIdentifier }));
      expect(hub.isSubscribed('account_1')).toBe(false);
      expect(hub.isSubscribed(AGENT_TOKEN)).toBe(false);
      await subscribe(agentIdentifier);
      connection.close();
      expect(hub.tokens()).toEqual([]);
    });
  });
});

describe('CableConnection limits per socket', () => {
  const identifier = roomIdentifier(KNOWN);
  const events = (frames: Record<string, unknown>[], event: string) =>
    frames.filter((f) => (f.message as { event?: string } | undefined)?.event === event).length;

  it.each([
    ['catch_up', 'catch_up', { action: 'catch_up', after: 0 }],
    ['update_presence', 'presence.update', { action: 'update_presence' }],
  ] as const)('answers %s up to its burst, ignores the rest, and answers again as the budget refills', async (action, event, data) => {
    let now = 1_000_000;
    const { frames, subscribe, perform } = setup(() => now);
    await subscribe(identifier);
    frames.length = 0;
    const { burst, refillMs } = CABLE_ACTION_RATES[action];
    for (let i = 0; i < 2500; i++) await perform(identifier, data);
    expect(events(frames, event)).toBe(burst);
    now += refillMs;
    await perform(identifier, data);
    await perform(identifier, data);
    expect(events(frames, event)).toBe(burst + 1);
  });

  it('lets an honest widget through: catch_up once and update_presence every 20 s, for an hour', async () => {
    let now = 1_000_000;
    const { frames, subscribe, perform } = setup(() => now);
    await subscribe(identifier);
    await perform(identifier, { action: 'catch_up', after: 0 });
    for (let ping = 0; ping < 180; ping++) {
      now += 20_000;
      await perform(identifier, { action: 'update_presence' });
    }
    expect(events(frames, 'catch_up')).toBe(1);
    expect(events(frames, 'presence.update')).toBe(1 + 180);
  });

  it("does not multiply a token's presence answers by its sockets", async () => {
    const sockets = Array.from({ length: 100 }, () => setup());
    // Every socket shares one hub here, as the sockets of one process do.
    const hub = new Hub();
    const shared = sockets.map(({ frames, rooms }) => {
      const connection = new CableConnection({ hub, rooms, send: (frame) => frames.push(JSON.parse(frame)) });
      return { frames, connection };
    });
    for (const { connection } of shared) await connection.receive(JSON.stringify({ command: 'subscribe', identifier }));
    for (const { frames } of shared) frames.length = 0;
    const presence = JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'update_presence' }) });
    for (const { connection } of shared) for (let i = 0; i < 3; i++) await connection.receive(presence);
    const deliveries = shared.reduce((sum, { frames }) => sum + events(frames, 'presence.update'), 0);
    expect(deliveries).toBe(300);
  });
});
