import { createCable, pollInterval, type CableOptions } from '../../src/shared/actionCable';
import { agentRoomIdentifier, PING_INTERVAL_MS, type RealtimeEnvelope } from '../../src/shared/cable';

const URL = 'wss://chat.example/cable';
const TOKEN = 'tok-visitor-1';
const ID = '{"channel":"RoomChannel","pubsub_token":"tok-visitor-1"}';
const PRESENCE = { command: 'message', identifier: ID, data: '{"action":"update_presence"}' };

/** A WebSocket whose server side the test plays. */
class FakeSocket {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }

  /** Server: the handshake succeeds and ActionCable says welcome. */
  accept() {
    this.readyState = 1;
    this.receive({ type: 'welcome' });
  }

  receive(frame: object | string) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) } as MessageEvent);
  }

  confirm(identifier = ID) {
    this.receive({ identifier, type: 'confirm_subscription' });
  }

  ping() {
    this.receive({ type: 'ping', message: Math.floor(Date.now() / 1000) });
  }

  /** Server or network: the connection goes away. */
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

class FakeVisibility {
  hidden = true;
  listeners = new Set<() => void>();
  addEventListener(_type: string, listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: string, listener: () => void) {
    this.listeners.delete(listener);
  }
  show() {
    this.hidden = false;
    for (const listener of this.listeners) listener();
  }
}

function setup(options: Partial<CableOptions> & { refuse?: () => boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const created: number[] = [];
  const events: RealtimeEnvelope[] = [];
  const onDisconnected = vi.fn();
  const onReconnected = vi.fn();
  const visibility = new FakeVisibility();
  const page = new EventTarget();
  const cable = createCable({
    url: URL,
    pubsubToken: TOKEN,
    onEvent: (envelope) => events.push(envelope),
    onDisconnected,
    onReconnected,
    visibility,
    page,
    createSocket(url, protocols) {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      created.push(Date.now());
      if (options.refuse?.()) setTimeout(() => socket.drop(), 0);
      return socket;
    },
    ...options,
  });
  const socket = () => sockets[sockets.length - 1];
  /** Starts, completes the handshake and confirms the subscription. */
  const connect = () => {
    cable.start();
    socket().accept();
    socket().confirm();
  };
  /** Lets time pass on a healthy connection: the server pings every 3 s. */
  const liveFor = (ms: number) => {
    for (let left = ms; left > 0; left -= PING_INTERVAL_MS) {
      vi.advanceTimersByTime(Math.min(PING_INTERVAL_MS, left));
      socket().ping();
    }
  };
  return { cable, sockets, created, socket, connect, liveFor, events, onDisconnected, onReconnected, visibility, page };
}

/** What the client performed (`message` frames). */
const actionFrames = (socket: FakeSocket) => socket.sent.filter((frame) => frame.command === 'message');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('connecting', () => {
  it('opens the socket with the ActionCable sub-protocols', () => {
    const { cable, socket } = setup();
    cable.start();
    expect(socket().url).toBe(URL);
    expect(socket().protocols).toEqual(['actioncable-v1-json', 'actioncable-unsupported']);
  });

  it('subscribes with the exact RoomChannel identifier once welcomed', () => {
    const { cable, socket } = setup();
    cable.start();
    expect(socket().sent).toEqual([]);
    socket().accept();
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: ID }]);
    expect(socket().sent[0].identifier).toBe(ID);
  });

  it("subscribes as an agent with Chatwoot's dashboard identifier: own token, account and user ids", () => {
    const agentId = '{"channel":"RoomChannel","pubsub_token":"tok-agent","account_id":1,"user_id":7}';
    const { cable, socket, events } = setup({ pubsubToken: 'tok-agent', identifierFor: (token) => agentRoomIdentifier(token, 1, 7) });
    cable.start();
    socket().accept();
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: agentId }]);
    socket().confirm(agentId);
    socket().receive({ identifier: agentId, message: { event: 'conversation.created', data: { id: 3 } } });
    expect(events).toEqual([{ event: 'conversation.created', data: { id: 3 } }]);
  });

  it('counts as connected only once the subscription is confirmed', () => {
    const { cable, socket } = setup();
    cable.start();
    socket().accept();
    expect(cable.connected).toBe(false);
    socket().confirm();
    expect(cable.connected).toBe(true);
  });

  it('opens one socket however often it is started', () => {
    const { cable, sockets } = setup();
    cable.start();
    cable.start();
    expect(sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1); // one monitor poll chain
  });
});

describe('receiving', () => {
  it('delivers broadcasts for its identifier and ignores other identifiers', () => {
    const { connect, socket, events } = setup();
    connect();
    const mine = { event: 'message.created', data: { id: 1 } };
    socket().receive({ identifier: ID, message: mine });
    socket().receive({
      identifier: '{"channel":"RoomChannel","pubsub_token":"other"}',
      message: { event: 'message.created', data: { id: 2 } },
    });
    expect(events).toEqual([mine]);
  });

  it('survives malformed frames and keeps delivering', () => {
    const { connect, socket, events } = setup();
    connect();
    for (const junk of ['not json', 'null', '42', '"text"', '[]', '{"identifier":5}', `{"identifier":${JSON.stringify(ID)}}`]) {
      expect(() => socket().receive(junk)).not.toThrow();
    }
    expect(() => socket().onmessage?.({ data: new ArrayBuffer(4) } as MessageEvent)).not.toThrow();
    socket().receive({ identifier: ID, message: { event: 'presence.update', data: { users: {} } } });
    expect(events).toEqual([{ event: 'presence.update', data: { users: {} } }]);
  });
});

describe('the connection monitor', () => {
  it('keeps a connection that the server keeps pinging', () => {
    const { connect, sockets, liveFor, onDisconnected } = setup();
    connect();
    liveFor(120_000);
    expect(sockets).toHaveLength(1);
    expect(onDisconnected).not.toHaveBeenCalled();
  });

  it('reopens a stale connection 500 ms after two missed pings', () => {
    const { connect, sockets } = setup();
    connect();
    // The monitor polls every 3 s and needs more than 6 s of silence: the 9 s poll notices.
    vi.advanceTimersByTime(8_999);
    expect(sockets[0].readyState).toBe(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0].readyState).toBe(3);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('resubscribes on every new socket', () => {
    const { connect, sockets, socket } = setup();
    connect();
    vi.advanceTimersByTime(9_500);
    expect(sockets).toHaveLength(2);
    socket().accept();
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: ID }]);
  });

  it('reports an outage at once and the recovery once resubscribed, so the widget can fetch the gap', () => {
    const { cable, connect, sockets, socket, onDisconnected, onReconnected } = setup();
    connect();
    socket().drop();
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    expect(cable.connected).toBe(false);
    // ActionCable leaves a socket that dropped less than 6 s ago alone, then reconnects on a poll.
    vi.advanceTimersByTime(8_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    socket().accept();
    expect(onReconnected).not.toHaveBeenCalled();
    socket().confirm();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    expect(cable.connected).toBe(true);
  });

  it('leaves a socket that dropped less than 6 s ago alone for that poll', () => {
    const { connect, sockets, socket } = setup();
    connect();
    vi.advanceTimersByTime(5_000);
    socket().drop();
    // Stale from the 9 s poll on, but the drop was only 4 s earlier; the next poll comes
    // pollInterval(1) = 3.466 s later.
    vi.advanceTimersByTime(7_465);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('reports a stale connection as an outage too', () => {
    const { connect, socket, onDisconnected, onReconnected } = setup();
    connect();
    vi.advanceTimersByTime(9_500);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    socket().accept();
    socket().confirm();
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('waits longer after each failed attempt, never more than 30 s', () => {
    let refusing = false;
    const { connect, socket, created, onDisconnected } = setup({ refuse: () => refusing });
    connect();
    refusing = true;
    socket().drop();
    vi.advanceTimersByTime(4 * 60 * 60_000);
    const gaps = created.slice(2).map((at, i) => at - created[i + 1]);
    expect(gaps.slice(0, 4)).toEqual([3_466, 5_493, 6_931, 8_047]);
    expect(gaps.every((gap, i) => gap <= 30_000 && (i === 0 || gap >= gaps[i - 1]))).toBe(true);
    expect(gaps[gaps.length - 1]).toBe(30_000);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
  });

  it('computes the poll interval as clamp(5 · ln(attempts + 1), 3, 30) seconds', () => {
    expect(pollInterval(0)).toBe(3_000);
    expect(pollInterval(1)).toBe(3_466);
    expect(pollInterval(10)).toBe(11_989);
    expect(pollInterval(10_000)).toBe(30_000);
  });

  it('reconnects after the server says it is restarting', () => {
    const { connect, sockets, socket, onDisconnected } = setup();
    connect();
    socket().receive({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    expect(sockets[0].readyState).toBe(3);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up for good when the server disconnects without reconnect', () => {
    const { connect, sockets, socket, visibility } = setup();
    connect();
    socket().receive({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    expect(sockets[0].readyState).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    expect(visibility.listeners.size).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops subscribing with a token the server rejected', () => {
    const { cable, socket, sockets } = setup();
    cable.start();
    socket().accept();
    socket().receive({ identifier: ID, type: 'reject_subscription' });
    vi.advanceTimersByTime(9_500);
    expect(sockets).toHaveLength(2);
    socket().accept();
    expect(socket().sent).toEqual([]);
    cable.setPubsubToken('tok-visitor-2');
    expect(socket().sent.at(-1)).toEqual({ command: 'subscribe', identifier: '{"channel":"RoomChannel","pubsub_token":"tok-visitor-2"}' });
  });
});

describe('a page coming back (visible, resumed, online, out of the back-forward cache)', () => {
  it('replaces at once a socket that heard nothing for longer than a ping period, and reports the outage', () => {
    const { connect, sockets, socket, visibility, onDisconnected, onReconnected } = setup();
    connect();
    // Asleep: the timers stop, and no ping arrives.
    vi.advanceTimersByTime(PING_INTERVAL_MS + 1);
    visibility.show();
    expect(sockets[0].readyState).toBe(3);
    expect(sockets).toHaveLength(2);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    socket().accept();
    socket().confirm();
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it.each(['online', 'pageshow'])('does the same on %s', (type) => {
    const { connect, sockets, visibility, page } = setup();
    visibility.hidden = false;
    connect();
    vi.advanceTimersByTime(PING_INTERVAL_MS + 1);
    page.dispatchEvent(new Event(type));
    expect(sockets).toHaveLength(2);
  });

  it('reconnects a dropped socket at once', () => {
    const { connect, sockets, socket, visibility } = setup();
    connect();
    socket().drop();
    visibility.show();
    expect(sockets).toHaveLength(2);
  });

  it('leaves a live connection alone', () => {
    const { connect, sockets, liveFor, visibility } = setup();
    connect();
    liveFor(3_000);
    visibility.show();
    liveFor(3_000);
    expect(sockets).toHaveLength(1);
  });

  it('leaves a hidden page to the monitor', () => {
    const { connect, sockets, page } = setup();
    connect();
    vi.advanceTimersByTime(PING_INTERVAL_MS + 1);
    page.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(1);
  });
});

describe('presence', () => {
  it('performs update_presence every 20 s while subscribed', () => {
    const { connect, socket, liveFor } = setup();
    connect();
    liveFor(19_000);
    expect(actionFrames(socket())).toEqual([]);
    liveFor(1_000);
    expect(actionFrames(socket())).toEqual([PRESENCE]);
    liveFor(40_000);
    expect(actionFrames(socket())).toHaveLength(3);
  });

  it('pauses presence while disconnected', () => {
    const { connect, socket } = setup();
    connect();
    socket().drop();
    vi.advanceTimersByTime(8_000);
    expect(actionFrames(socket())).toEqual([]);
    expect(vi.getTimerCount()).toBe(1); // only the monitor's poll
  });

  it('performs channel actions only once subscribed', () => {
    const { cable, socket } = setup();
    cable.start();
    socket().accept();
    cable.perform('catch_up', { after: 1 });
    expect(actionFrames(socket())).toEqual([]);
    socket().confirm();
    cable.perform('catch_up', { after: 1 });
    expect(actionFrames(socket())).toEqual([{ command: 'message', identifier: ID, data: '{"after":1,"action":"catch_up"}' }]);
  });
});

describe('switching pubsub tokens', () => {
  const NEXT = '{"channel":"RoomChannel","pubsub_token":"tok-visitor-2"}';

  it('unsubscribes the old identifier and subscribes the new one', () => {
    const { cable, connect, socket, events } = setup();
    connect();
    cable.setPubsubToken('tok-visitor-2');
    expect(socket().sent.slice(-2)).toEqual([
      { command: 'unsubscribe', identifier: ID },
      { command: 'subscribe', identifier: NEXT },
    ]);
    expect(cable.connected).toBe(false);
    socket().confirm(NEXT);
    expect(cable.connected).toBe(true);
    socket().receive({ identifier: ID, message: { event: 'message.created', data: { id: 1 } } });
    socket().receive({ identifier: NEXT, message: { event: 'message.created', data: { id: 2 } } });
    expect(events).toEqual([{ event: 'message.created', data: { id: 2 } }]);
  });

  it('resubscribes with the new token after a reconnect', () => {
    const { cable, connect, socket } = setup();
    connect();
    cable.setPubsubToken('tok-visitor-2');
    vi.advanceTimersByTime(9_500);
    socket().accept();
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: NEXT }]);
  });

  it('does nothing when the token is unchanged', () => {
    const { cable, connect, socket } = setup();
    connect();
    cable.setPubsubToken(TOKEN);
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: ID }]);
  });
});

describe('stopping', () => {
  it('closes the socket and leaves no timer or listener behind', () => {
    const { cable, connect, sockets, visibility, page, onDisconnected } = setup();
    connect();
    cable.stop();
    expect(sockets[0].readyState).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    expect(visibility.listeners.size).toBe(0);
    expect(cable.connected).toBe(false);
    expect(onDisconnected).not.toHaveBeenCalled();
    // A page coming back after the stop opens nothing.
    vi.advanceTimersByTime(7_000);
    page.dispatchEvent(new Event('online'));
    visibility.show();
    expect(sockets).toHaveLength(1);
  });

  it('clears a pending reopen', () => {
    const { cable, connect, sockets } = setup();
    connect();
    vi.advanceTimersByTime(9_200);
    cable.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('can be started again', () => {
    const { cable, connect, sockets, socket } = setup();
    connect();
    cable.stop();
    cable.start();
    expect(sockets).toHaveLength(2);
    socket().accept();
    expect(socket().sent).toEqual([{ command: 'subscribe', identifier: ID }]);
  });
});
