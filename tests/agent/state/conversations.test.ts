import type { Endpoint } from '../../../src/agent/api/endpoints';
import { createConversationsModel } from '../../../src/agent/state/conversations';
import type { Request } from '../../../src/agent/state/request';
import { TYPING_TIMEOUT_MS } from '../../../src/shared/typing';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { contact, conversation, message } from '../fixtures';

function setup(pages: Record<number, ReturnType<typeof conversation>[]> = { 1: [] }, allCount?: number) {
  const calls: Endpoint[] = [];
  const request = (async (endpoint: Endpoint) => {
    calls.push(endpoint);
    if (endpoint.path.endsWith('/conversations')) {
      const payload = pages[Number(endpoint.query?.page)] ?? [];
      const count = allCount ?? Object.values(pages).flat().length;
      return { data: { meta: { all_count: count, mine_count: 0, assigned_count: 0, unassigned_count: count }, payload } };
    }
    return conversation({ id: Number(endpoint.path.split('/').at(-1)), last_activity_at: 1_718_000_900 });
  }) as Request;
  return { model: createConversationsModel(request, 1), calls };
}

describe('the conversation list', () => {
  it('loads every status, newest activity first, and pages on', async () => {
    const { model, calls } = setup(
      {
        1: [conversation({ id: 1, last_activity_at: 10 }), conversation({ id: 2, last_activity_at: 30 })],
        2: [conversation({ id: 3, last_activity_at: 20 })],
      },
      3,
    );
    await model.load();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/accounts/1/conversations', query: { status: 'all', page: 1 } });
    expect(model.list.value.map((c) => c.id)).toEqual([2, 1]);
    expect(model.total.value).toBe(3);
    await model.loadMore();
    expect(calls[1].query).toMatchObject({ page: 2 });
    expect(model.list.value.map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('adds a conversation the cable announces, and counts it', async () => {
    const { model } = setup({ 1: [conversation({ id: 1 })] });
    await model.load();
    model.upsert(conversation({ id: 2, last_activity_at: 1_718_000_500 }));
    expect(model.list.value.map((c) => c.id)).toEqual([2, 1]);
    expect(model.total.value).toBe(2);
    model.upsert(conversation({ id: 2, status: 'resolved', last_activity_at: 1_718_000_500 }));
    expect(model.total.value).toBe(2);
    expect(model.find(2)?.status).toBe('resolved');
  });

  it("moves a conversation up when a message arrives, with its preview, the contact's fresh details, and a mark unless seen", async () => {
    const { model } = setup({ 1: [conversation({ id: 1, last_activity_at: 50 }), conversation({ id: 2, last_activity_at: 60 })] });
    await model.load();
    const incoming = message({
      conversation_id: 1,
      content: 'Still there?',
      sender: contact({ email: 'ana@example.com' }),
      conversation: { assignee_id: null, unread_count: 0, last_activity_at: 70, contact_inbox: { source_id: 's' } },
    });
    model.noteMessage(incoming, false);
    expect(model.list.value.map((c) => c.id)).toEqual([1, 2]);
    expect(model.find(1)?.messages[0].content).toBe('Still there?');
    expect(model.find(1)?.meta.sender.email).toBe('ana@example.com');
    expect([...model.unread.value]).toEqual([1]);
    model.markRead(1);
    expect(model.unread.value.size).toBe(0);
    model.noteMessage(message({ id: 101, conversation_id: 2 }), true);
    expect(model.unread.value.size).toBe(0);
  });

  it("keeps a private note out of the preview and never marks the agents' own messages", async () => {
    const { model } = setup({ 1: [conversation({ id: 1, messages: [message({ content: 'Hello?' })] })] });
    await model.load();
    model.noteMessage(message({ id: 102, content: 'VIP', private: true, message_type: MESSAGE_TYPE.outgoing, sender_type: 'User' }), false);
    expect(model.find(1)?.messages[0].content).toBe('Hello?');
    expect(model.unread.value.size).toBe(0);
  });

  it('fetches a conversation it has not loaded when one of its messages arrives', async () => {
    const { model, calls } = setup({ 1: [] });
    await model.load();
    model.noteMessage(message({ conversation_id: 42 }), false);
    await vi.waitFor(() => expect(model.find(42)).toBeDefined());
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/accounts/1/conversations/42' });
  });

  describe("the visitor's typing", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('shows until typing_off, their message, or 30 s without news', async () => {
      const { model } = setup({ 1: [conversation({ id: 1 })] });
      await model.load();
      model.setTyping(1, true);
      expect(model.typing.value.has(1)).toBe(true);
      model.noteMessage(message(), true);
      expect(model.typing.value.has(1)).toBe(false);
      model.setTyping(1, true);
      vi.advanceTimersByTime(TYPING_TIMEOUT_MS - 1);
      expect(model.typing.value.has(1)).toBe(true);
      vi.advanceTimersByTime(1);
      expect(model.typing.value.has(1)).toBe(false);
    });
  });
});
