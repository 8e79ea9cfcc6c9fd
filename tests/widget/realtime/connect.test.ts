import type { WidgetInitialData } from '../../../src/shared/types';
import { connectRealtime, FIRST_FILL_RETRY_MS } from '../../../src/widget/realtime/connect';
import { CONVERSATION_ID, fakeWidget, LAST_SEEN_AT, widgetMessage, type FakeServer } from '../state/widgetFixture';

/** The socket `connectRealtime` opens; the test plays the server. */
class FakeSocket {
  static last: FakeSocket;
  readyState = 0;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  /** What the widget sent, parsed. */
  sent: Record<string, unknown>[] = [];
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  /** The handshake, ActionCable's welcome and the subscription's confirmation. */
  confirm(token: string) {
    this.readyState = 1;
    this.receive({ type: 'welcome' });
    this.receive({ identifier: JSON.stringify({ channel: 'RoomChannel', pubsub_token: token }), type: 'confirm_subscription' });
  }
}

const PAGE_DATA: WidgetInitialData = {
  contact: { id: null, has_email: false, has_name: false, has_phone_number: false, identifier: null },
  conversation: null,
  messages: { payload: [], meta: {} },
  inboxMembers: [],
  campaigns: [],
  catchUp: 'cable',
};

const origin = { protocol: 'https:', host: 'chat.example' };
const IDENTIFIER = JSON.stringify({ channel: 'RoomChannel', pubsub_token: 'pubsub-1' });
/** The GETs the widget made, with the query values it set. */
const gets = (endpoints: { method: string; path: string; query?: object }[]) =>
  endpoints
    .filter((e) => e.method === 'GET')
    .map((e) => {
      const query = Object.entries(e.query ?? {}).filter(([, value]) => value !== undefined);
      return `${e.path.replace('/api/v1/widget', '')}${query.length ? JSON.stringify(Object.fromEntries(query)) : ''}`;
    });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A visitor whose page carried a conversation of messages 41 and 42, subscribed; `server` answers their requests. */
function connectedWithConversation(server: FakeServer = {}) {
  const { state, endpoints } = fakeWidget(server);
  state.hydrate({
    ...PAGE_DATA,
    conversation: { id: CONVERSATION_ID, inbox_id: 1, contact_last_seen_at: LAST_SEEN_AT, status: 'open' },
    messages: { payload: [widgetMessage(41), widgetMessage(42)], meta: { contact_last_seen_at: LAST_SEEN_AT } },
  });
  const cable = connectRealtime(state, origin);
  FakeSocket.last.confirm('pubsub-1');
  return { state, endpoints, cable };
}

describe('catching up after sleep', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeSocket));

  it('replaces the socket as the page wakes, then fills the gap once the new subscription is confirmed', async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    // What an agent wrote while the laptop slept.
    const missed = (endpoint: { path: string; query?: { after?: number } }) =>
      endpoint.path.endsWith('/messages') && endpoint.query?.after === 42 ? { payload: [widgetMessage(43)], meta: {} } : undefined;
    const { state, endpoints, cable } = connectedWithConversation({ answer: missed });
    const asleep = FakeSocket.last;
    // A laptop asleep for a minute: the clock moves on, no timer runs and no ping arrives.
    vi.setSystemTime(Date.now() + 60_000);
    page.dispatchEvent(new Event('online'));
    expect(asleep.readyState).toBe(3);
    expect(state.session.connectionLost.value).toBe(true);
    // The new socket is opened at once; nothing is fetched before its subscription is live.
    expect(FakeSocket.last).not.toBe(asleep);
    expect(gets(endpoints)).toEqual([]);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual(['/messages{"after":42}', '/conversations']);
    expect(state.session.connectionLost.value).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.messages.list.value.map((m) => m.id)).toEqual([41, 42, 43]);
    cable.stop();
  });
});

describe('catching up a gap longer than one page', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeSocket));

  /** The server's `after=` pages: the oldest 100 after the cursor, of messages 43 to 292. */
  const missedAfter = (after: number) => ({
    payload: Array.from({ length: Math.max(0, Math.min(100, 292 - after)) }, (_, i) => widgetMessage(after + 1 + i)),
    meta: {},
  });
  const server = {
    answer: (endpoint: { path: string; query?: { after?: number } }) =>
      endpoint.path.endsWith('/messages') && endpoint.query?.after !== undefined ? missedAfter(endpoint.query.after) : undefined,
  };

  it('reads on by GETs to the end of what an outage missed, not only its first 100', async () => {
    const { state, endpoints, cable } = connectedWithConversation(server);
    FakeSocket.last.close();
    vi.advanceTimersByTime(20_000);
    FakeSocket.last.confirm('pubsub-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(endpoints).filter((get) => get.startsWith('/messages'))).toEqual([
      '/messages{"after":42}',
      '/messages{"after":142}',
      '/messages{"after":242}',
    ]);
    expect(state.messages.list.value.map((m) => m.id)).toEqual(Array.from({ length: 252 }, (_, i) => 41 + i));
    cable.stop();
  });

  it('reads on by GETs after a full page answered on the socket', async () => {
    const { state, endpoints, cable } = connectedWithConversation(server);
    FakeSocket.last.receive({ identifier: IDENTIFIER, message: { event: 'catch_up', data: missedAfter(42) } });
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(endpoints)).toEqual(['/messages{"after":142}', '/messages{"after":242}']);
    expect(state.messages.list.value.at(-1)?.id).toBe(292);
    cable.stop();
  });
});

describe('catching up when the subscription is confirmed', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeSocket));

  it('asks for nothing the first time for a visitor without a conversation, whose data came with the page', () => {
    const { state, endpoints } = fakeWidget();
    state.hydrate(PAGE_DATA);
    const cable = connectRealtime(state, origin);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual([]);

    // After an outage the socket may have missed anything: catch up.
    const first = FakeSocket.last;
    first.close();
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.last).not.toBe(first);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual(['/messages', '/conversations']);
    cable.stop();
  });

  it('asks the socket for the messages after the newest one the page carried when there is a conversation', () => {
    const { state, endpoints, cable } = connectedWithConversation();
    expect(gets(endpoints)).toEqual([]);
    expect(FakeSocket.last.sent.at(-1)).toEqual({ command: 'message', identifier: IDENTIFIER, data: '{"after":42,"action":"catch_up"}' });

    // The answer is merged as history: the missed message shows, the one also heard live once.
    FakeSocket.last.receive({ identifier: IDENTIFIER, message: { event: 'message.created', data: widgetMessage(43) } });
    FakeSocket.last.receive({
      identifier: IDENTIFIER,
      message: { event: 'catch_up', data: { payload: [widgetMessage(43), widgetMessage(44)], meta: {} } },
    });
    expect(state.messages.list.value.map((m) => m.id)).toEqual([41, 42, 43, 44]);
    cable.stop();
  });

  it("asks for the messages after the page's newest by a GET when the page's cable has no catch_up (a gateway page)", () => {
    const { state, endpoints } = fakeWidget();
    state.hydrate({
      ...PAGE_DATA,
      conversation: { id: CONVERSATION_ID, inbox_id: 1, contact_last_seen_at: LAST_SEEN_AT, status: 'open' },
      messages: { payload: [widgetMessage(41), widgetMessage(42)], meta: { contact_last_seen_at: LAST_SEEN_AT } },
      catchUp: 'request',
    });
    const cable = connectRealtime(state, origin);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual(['/messages{"after":42}']);
    expect(FakeSocket.last.sent.map((frame) => frame.command)).not.toContain('message');
    cable.stop();
  });

  it('catches up after the newest message held when the connection dropped, not after one the visitor stored since', () => {
    const { state, endpoints, cable } = connectedWithConversation();
    const first = FakeSocket.last;
    first.close();
    // While the socket is down an agent writes 43, and the visitor's waiting message is stored as 44.
    state.messages.merge(widgetMessage(44, { message_type: 0 }));
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.last).not.toBe(first);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual(['/messages{"after":42}', '/conversations']);
    cable.stop();
  });

  it('fills a gap whose fill failed from where it started, again by itself and after the next outage', async () => {
    let fillsFail = true;
    const { state, endpoints, cable } = connectedWithConversation({
      answer: (endpoint) => {
        if (fillsFail && endpoint.method === 'GET' && endpoint.query?.after !== undefined) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    // Down while an agent writes 43; back, but the network goes again during the gap fill.
    FakeSocket.last.close();
    vi.advanceTimersByTime(20_000);
    FakeSocket.last.confirm('pubsub-1');
    await vi.advanceTimersByTimeAsync(0);
    // The visitor's waiting message is stored as 44, and the socket drops again before the fill is retried.
    state.messages.merge(widgetMessage(44, { message_type: 0 }));
    FakeSocket.last.close();
    vi.advanceTimersByTime(20_000);
    FakeSocket.last.confirm('pubsub-1');
    await vi.advanceTimersByTimeAsync(0);
    fillsFail = false;
    // Tried again by itself, the wait doubling from FIRST_FILL_RETRY_MS up to 30 s.
    expect(FIRST_FILL_RETRY_MS).toBeLessThan(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    const fills = gets(endpoints).filter((get) => get.startsWith('/messages'));
    expect(fills.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fills)).toEqual(new Set(['/messages{"after":42}']));
    // Answered: the next outage starts from the newest message held.
    endpoints.length = 0;
    FakeSocket.last.close();
    vi.advanceTimersByTime(20_000);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints).filter((get) => get.startsWith('/messages'))).toEqual(['/messages{"after":44}']);
    cable.stop();
  });

  it('catches up on the first confirmation too when the data came from the API (a gateway page)', async () => {
    const { state, endpoints } = fakeWidget({ conversation: null });
    await state.load();
    endpoints.length = 0;
    const cable = connectRealtime(state, origin);
    FakeSocket.last.confirm('pubsub-1');
    expect(gets(endpoints)).toEqual(['/messages', '/conversations']);
    cable.stop();
  });
});
