import { createMessagesModel } from '../../../src/widget/state/messages';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import { MESSAGE_TYPE, type WidgetMessage } from '../../../src/shared/types';

interface PendingCall {
  endpoint: Endpoint;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A `request` that records each endpoint and answers only when the test says so. */
function fakeRequest() {
  const calls: PendingCall[] = [];
  const request = vi.fn(
    (endpoint: Endpoint) => new Promise((resolve, reject) => calls.push({ endpoint, resolve, reject })),
  ) as unknown as Request;
  return { request, calls };
}

function setup() {
  const fake = fakeRequest();
  return { ...fake, model: createMessagesModel(fake.request) };
}

/** A `request` that answers every call at once with `answer(endpoint)`. */
function answeringRequest(answer: (endpoint: Endpoint) => unknown) {
  const endpoints: Endpoint[] = [];
  const request = vi.fn(async (endpoint: Endpoint) => {
    endpoints.push(endpoint);
    return answer(endpoint);
  }) as unknown as Request;
  return { request, endpoints };
}

const serverMessage = (id: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  content: `message ${id}`,
  message_type: MESSAGE_TYPE.outgoing,
  content_attributes: {},
  created_at: 1_700_000_000 + id,
  conversation_id: 10,
  ...fields,
});

describe('fetching history', () => {
  const queryOf = (endpoint: Endpoint) => endpoint.query ?? {};

  it('fetches the latest page without a cursor and merges it', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [serverMessage(3), serverMessage(1), serverMessage(2)], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    expect(queryOf(endpoints[0])).toEqual({ before: undefined, after: undefined });
    expect(model.list.value.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(model.hasFetched.value).toBe(true);
    expect(model.isFetching.value).toBe(false);
  });

  it('fetches missed messages after the newest id it holds', async () => {
    const { request, endpoints } = answeringRequest((endpoint) =>
      endpoint.query?.after
        ? { payload: [serverMessage(43), serverMessage(44)], meta: {} }
        : { payload: [serverMessage(40), serverMessage(42)], meta: {} },
    );
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchMissed();
    expect(queryOf(endpoints[1])).toMatchObject({ after: 42 });
    expect(queryOf(endpoints[1]).before).toBeUndefined();
    expect(model.list.value.map((m) => m.id)).toEqual([40, 42, 43, 44]);
  });

  it('ignores optimistic copies when choosing where missed messages start', async () => {
    const { request, endpoints } = answeringRequest((endpoint) =>
      endpoint.method === 'POST' ? new Promise(() => undefined) : { payload: endpoint.query?.after ? [] : [serverMessage(42)], meta: {} },
    );
    const model = createMessagesModel(request);
    await model.fetchLatest();
    // A message on its way: shown, not yet stored.
    model.addLocal({ content: 'pending' });
    await model.fetchMissed();
    expect(queryOf(endpoints.at(-1)!)).toMatchObject({ after: 42 });
  });

  it('fetches the latest page for missed messages when it holds none', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchMissed();
    expect(queryOf(endpoints[0])).toEqual({ before: undefined, after: undefined });
  });

  it('fetches older messages before the oldest id it holds', async () => {
    const { request, endpoints } = answeringRequest((endpoint) =>
      endpoint.query?.before
        ? { payload: [serverMessage(10), serverMessage(11)], meta: {} }
        : { payload: [serverMessage(20), serverMessage(21)], meta: {} },
    );
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchOlder();
    expect(queryOf(endpoints[1])).toMatchObject({ before: 20 });
    expect(model.list.value.map((m) => m.id)).toEqual([10, 11, 20, 21]);
    expect(model.allLoaded.value).toBe(false);
  });

  it('marks all history loaded when an older page comes back empty, and stops asking', async () => {
    const { request, endpoints } = answeringRequest((endpoint) => ({
      payload: endpoint.query?.before ? [] : [serverMessage(20)],
      meta: {},
    }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchOlder();
    expect(model.allLoaded.value).toBe(true);
    await model.fetchOlder();
    expect(endpoints).toHaveLength(2);
  });

  it('does not mark all history loaded when a missed-messages page is empty', async () => {
    const { request } = answeringRequest((endpoint) => ({ payload: endpoint.query?.after ? [] : [serverMessage(20)], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchMissed();
    expect(model.allLoaded.value).toBe(false);
  });

  it('does not ask for older messages when it holds none', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request);
    await expect(model.fetchOlder()).resolves.toBeUndefined();
    expect(endpoints).toHaveLength(0);
  });

  it('is fetching while a page is on its way, and not after it fails', async () => {
    const { model, calls } = setup();
    const page = model.fetchLatest();
    expect(model.isFetching.value).toBe(true);
    calls[0].reject(new Error('offline'));
    await expect(page).rejects.toThrow('offline');
    expect(model.isFetching.value).toBe(false);
    expect(model.hasFetched.value).toBe(true);
  });
});

describe('other actions', () => {
  it('removes a message by id', () => {
    const { model } = setup();
    model.merge(serverMessage(1));
    model.merge(serverMessage(2));
    model.remove(1);
    expect(model.list.value.map((m) => m.id)).toEqual([2]);
  });

  it('clears messages and the loaded flags', async () => {
    const { request } = answeringRequest((endpoint) => ({ payload: endpoint.query?.before ? [] : [serverMessage(1)], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchOlder();
    model.clear();
    expect(model.list.value).toEqual([]);
    expect(model.allLoaded.value).toBe(false);
    expect(model.hasFetched.value).toBe(false);
  });

  it('tells the newest server id', () => {
    const { model } = setup();
    model.merge(serverMessage(5));
    model.merge(serverMessage(9));
    expect(model.lastServerId()).toBe(9);
  });
});
