import { createConversationModel, TYPING_TIMEOUT_MS } from '../../../src/widget/state/conversation';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import type { ConversationSummary } from '../../../src/shared/types';

const summary = (fields: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 10,
  inbox_id: 1,
  contact_last_seen_at: 1_700_000_000,
  status: 'open',
  ...fields,
});

function setup(answer: (endpoint: Endpoint) => unknown = () => summary()) {
  const endpoints: Endpoint[] = [];
  const request = (async (endpoint: Endpoint) => {
    endpoints.push(endpoint);
    return answer(endpoint);
  }) as Request;
  return { model: createConversationModel(request), endpoints };
}

describe('the agent-typing indicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows who is typing on typing_on', () => {
    const { model } = setup();
    model.startTyping('Ana');
    expect(model.isAgentTyping.value).toBe(true);
    expect(model.typist.value).toBe('Ana');
  });

  it('clears itself 30 s after typing_on', () => {
    const { model } = setup();
    model.startTyping('Ana');
    vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 1);
    expect(model.isAgentTyping.value).toBe(true);
    vi.advanceTimersByTime(1);
    expect(model.isAgentTyping.value).toBe(false);
  });

  it('waits 30 s from the last typing_on when a second one arrives', () => {
    const { model } = setup();
    model.startTyping('Ana');
    vi.advanceTimersByTime(20_000);
    model.startTyping('Ana');
    vi.advanceTimersByTime(20_000);
    expect(model.isAgentTyping.value).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(model.isAgentTyping.value).toBe(false);
  });

  it('clears at once on typing_off, and the old timer does not fire into a later typing_on', () => {
    const { model } = setup();
    model.startTyping('Ana');
    vi.advanceTimersByTime(10_000);
    model.stopTyping();
    expect(model.isAgentTyping.value).toBe(false);
    vi.advanceTimersByTime(15_000);
    model.startTyping('Ben');
    vi.advanceTimersByTime(10_000);
    expect(model.isAgentTyping.value).toBe(true);
    expect(model.typist.value).toBe('Ben');
  });

  it('uses a 30 second timeout', () => {
    expect(TYPING_TIMEOUT_MS).toBe(30_000);
  });
});

describe('the conversation status', () => {
  it('changes on a status update for the same conversation id', async () => {
    const { model } = setup();
    await model.fetch();
    model.applyStatus(10, 'resolved');
    expect(model.status.value).toBe('resolved');
  });

  it('ignores a status update for another conversation id', async () => {
    const { model } = setup();
    await model.fetch();
    model.applyStatus(11, 'resolved');
    expect(model.status.value).toBe('open');
  });

  it('ignores a status update before any conversation is known', () => {
    const { model } = setup();
    model.applyStatus(10, 'resolved');
    expect(model.summary.value).toBeNull();
    expect(model.status.value).toBeUndefined();
  });
});

describe('fetching the conversation', () => {
  it('holds the conversation the server returns', async () => {
    const { model, endpoints } = setup(() => summary({ id: 77, status: 'pending' }));
    await expect(model.fetch()).resolves.toMatchObject({ id: 77 });
    expect(endpoints[0]).toMatchObject({ method: 'GET', path: '/api/v1/widget/conversations' });
    expect(model.id.value).toBe(77);
    expect(model.status.value).toBe('pending');
  });

  it('holds none when the server answers {} (no conversation yet)', async () => {
    const { model } = setup(() => ({}));
    await expect(model.fetch()).resolves.toBeNull();
    expect(model.id.value).toBeUndefined();
  });
});

describe('marking the conversation seen', () => {
  it('updates the last-seen time and tells the server', async () => {
    const { model, endpoints } = setup();
    await model.fetch();
    await model.markSeen(1_700_000_999);
    expect(model.lastSeenAt.value).toBe(1_700_000_999);
    expect(endpoints[1]).toMatchObject({
      method: 'POST',
      path: '/api/v1/widget/conversations/update_last_seen',
      body: { contact_last_seen_at: 1_700_000_999 },
    });
  });
});

describe('ending the conversation', () => {
  it('asks the server to resolve it with GET toggle_status', async () => {
    const { model, endpoints } = setup();
    await model.fetch();
    await model.resolve();
    expect(endpoints[1]).toEqual({ method: 'GET', path: '/api/v1/widget/conversations/toggle_status', body: undefined, query: undefined });
  });

  it('shows it resolved at once when the server accepts', async () => {
    const { model } = setup((endpoint) => (endpoint.path.endsWith('/toggle_status') ? undefined : summary()));
    await model.fetch();
    await expect(model.resolve()).resolves.toBe(true);
    expect(model.status.value).toBe('resolved');
    expect(model.id.value).toBe(10);
  });

  it('answers false and keeps the status when the server refuses', async () => {
    const { model } = setup((endpoint) => {
      if (endpoint.path.endsWith('/toggle_status')) throw new Error('422');
      return summary({ status: 'pending' });
    });
    await model.fetch();
    await expect(model.resolve()).resolves.toBe(false);
    expect(model.status.value).toBe('pending');
  });

  it('answers true without inventing a conversation when none is known', async () => {
    const { model } = setup(() => undefined);
    await expect(model.resolve()).resolves.toBe(true);
    expect(model.summary.value).toBeNull();
  });
});
