import type { Endpoint } from '../../../src/agent/api/endpoints';
import type { Request } from '../../../src/agent/state/request';
import { createThreadModel, MESSAGES_PAGE, TYPING_IDLE_MS, TYPING_REFRESH_MS } from '../../../src/agent/state/thread';
import { agentReply, message } from '../fixtures';

function setup(answer: (endpoint: Endpoint) => unknown = () => ({ payload: [] }), onScreen = () => true) {
  const calls: Endpoint[] = [];
  const request = (async (endpoint: Endpoint) => {
    calls.push(endpoint);
    return answer(endpoint);
  }) as Request;
  const model = createThreadModel(request, 1, onScreen);
  /** The pages of messages asked for, in order. */
  const reads = () => calls.filter((c) => c.method === 'GET');
  /** The conversations the server was told the agent has seen, in order. */
  const seen = () => calls.filter((c) => c.path.endsWith('/update_last_seen')).map((c) => Number(c.path.split('/')[6]));
  return { model, calls, reads, seen };
}

const page = (from: number, count: number) => ({ payload: Array.from({ length: count }, (_, i) => message({ id: from + i })) });

describe('the open conversation', () => {
  it('loads the newest page, pages back, and offers more only while pages come full', async () => {
    const { model, reads } = setup((endpoint) => (endpoint.query?.before ? page(80, 5) : page(100, MESSAGES_PAGE)));
    await model.open(1);
    expect(reads()[0]).toMatchObject({ method: 'GET', path: '/api/v1/accounts/1/conversations/1/messages' });
    expect(model.hasEarlier.value).toBe(true);
    await model.loadEarlier();
    expect(reads()[1].query).toEqual({ before: 100 });
    expect(model.messages.value[0].id).toBe(80);
    expect(model.messages.value).toHaveLength(MESSAGES_PAGE + 5);
    expect(model.hasEarlier.value).toBe(false);
  });

  it('keeps messages of its own conversation only, once each, in order', async () => {
    const { model } = setup(() => page(100, 2));
    await model.open(1);
    model.receive(message({ id: 103, content: 'new' }));
    model.receive(message({ id: 101, content: 'edited' }));
    model.receive(message({ id: 200, conversation_id: 2 }));
    expect(model.messages.value.map((m) => [m.id, m.content])).toEqual([
      [100, 'Hello?'],
      [101, 'edited'],
      [103, 'new'],
    ]);
  });

  it('leaves an update to a message before the loaded page for "Load earlier"', async () => {
    const { model } = setup(() => page(100, MESSAGES_PAGE));
    await model.open(1);
    model.receive(message({ id: 50, status: 'read' }));
    expect(model.messages.value[0].id).toBe(100);
  });

  it('catches up with what came after the newest message it holds', async () => {
    const { model, reads } = setup((endpoint) => (endpoint.query?.after ? page(102, 1) : page(100, 2)));
    await model.open(1);
    await model.catchUp();
    expect(reads()[1].query).toEqual({ after: 101 });
    expect(model.messages.value.map((m) => m.id)).toEqual([100, 101, 102]);
  });

  it('drops an answer that arrives after the agent moved to another conversation', async () => {
    let release: (value: unknown) => void = () => undefined;
    const { model } = setup((endpoint) =>
      endpoint.path.includes('/conversations/1/') ? new Promise((resolve) => (release = resolve)) : page(300, 1),
    );
    const first = model.open(1);
    await model.open(2);
    release(page(100, 3));
    await first;
    expect(model.id.value).toBe(2);
    expect(model.messages.value.map((m) => m.id)).toEqual([300]);
  });

  it('sends a reply and shows what the server stored', async () => {
    const { model, calls } = setup((endpoint) => (endpoint.method === 'POST' ? agentReply() : { payload: [] }));
    await model.open(1);
    await model.send('Hi! How can I help?');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/1/conversations/1/messages',
      body: { content: 'Hi! How can I help?' },
    });
    expect(model.messages.value.map((m) => m.id)).toEqual([101]);
    // The cable's echo of the same message changes nothing.
    model.receive(message({ ...agentReply(), id: 101 }));
    expect(model.messages.value).toHaveLength(1);
  });

  describe('what the agent has seen, which the visitor reads as "read"', () => {
    it('is the whole conversation once it opens, and each new message from the visitor', async () => {
      const { model, seen } = setup(() => page(100, 2));
      await model.open(1);
      expect(seen()).toEqual([1]);
      model.receive(message({ id: 102 }));
      expect(seen()).toEqual([1, 1]);
    });

    it("is not asked again by the agent's own messages, updates (the read marks it causes) or other conversations", async () => {
      const { model, seen } = setup(() => page(100, 2));
      await model.open(1);
      model.receive(message({ id: 101, status: 'read' }));
      model.receive(message({ ...agentReply(), id: 102 }));
      model.receive(message({ id: 200, conversation_id: 2 }));
      expect(seen()).toEqual([1]);
    });

    it('waits while the console is out of sight, and is asked when it comes back', async () => {
      let visible = false;
      const { model, seen } = setup(
        () => page(100, 2),
        () => visible,
      );
      await model.open(1);
      model.receive(message({ id: 102 }));
      expect(seen()).toEqual([]);
      visible = true;
      model.seen();
      expect(seen()).toEqual([1]);
    });
  });

  describe("the agent's typing, as the visitor sees it", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const typingCalls = (calls: Endpoint[]) =>
      calls
        .filter((c) => c.path.endsWith('/toggle_typing_status'))
        .map((c) => [c.path.split('/')[6], (c.body as { typing_status: string }).typing_status]);

    it('goes on at the first keystroke, is repeated while typing goes on, and off after a pause', async () => {
      const { model, calls } = setup();
      await model.open(1);
      model.typed();
      model.typed();
      expect(typingCalls(calls)).toEqual([['1', 'on']]);
      for (let t = 0; t < TYPING_REFRESH_MS; t += 1000) {
        vi.advanceTimersByTime(1000);
        model.typed();
      }
      expect(typingCalls(calls)).toEqual([
        ['1', 'on'],
        ['1', 'on'],
      ]);
      vi.advanceTimersByTime(TYPING_IDLE_MS);
      expect(typingCalls(calls)).toEqual([
        ['1', 'on'],
        ['1', 'on'],
        ['1', 'off'],
      ]);
    });

    it('goes off for the conversation left behind, and on sending', async () => {
      const { model, calls } = setup((endpoint) =>
        endpoint.method === 'POST' && endpoint.path.endsWith('/messages') ? agentReply({ conversation_id: 2 }) : { payload: [] },
      );
      await model.open(1);
      model.typed();
      await model.open(2);
      model.typed();
      await model.send('Hi');
      expect(typingCalls(calls)).toEqual([
        ['1', 'on'],
        ['1', 'off'],
        ['2', 'on'],
        ['2', 'off'],
      ]);
      model.stopTyping();
      expect(typingCalls(calls)).toHaveLength(4);
    });
  });
});
