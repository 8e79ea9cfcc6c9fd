import { createMessagesModel } from '../../../src/widget/state/messages';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import { fakeRequest, serverMessage } from './messageFixtures';

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

/** A full page of history (20 messages) starting at `from`. */
const page = (from: number) => Array.from({ length: 20 }, (_, i) => serverMessage(from + i));

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
    const { request, endpoints } = answeringRequest((endpoint) => ({
      payload: page(endpoint.query?.before ? 80 : 100),
      meta: {},
    }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchOlder();
    expect(queryOf(endpoints[1])).toMatchObject({ before: 100 });
    expect(model.list.value.map((m) => m.id)).toEqual(Array.from({ length: 40 }, (_, i) => 80 + i));
    expect(model.allLoaded.value).toBe(false);
  });

  it('asks for nothing older on a render after a latest page of fewer than 20: a short conversation opens without a request', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [serverMessage(1), serverMessage(2)], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    expect(model.fetchOlder()).toBeUndefined();
    expect(endpoints).toHaveLength(1);
  });

  it('knows it from the latest page the widget page carried, too', () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request);
    model.applyLatest({ payload: [serverMessage(1)], meta: {} });
    expect(model.fetchOlder()).toBeUndefined();
    expect(endpoints).toHaveLength(0);
  });

  it("ends the history only at an empty page, as Chatwoot's widget does: a short page leaves the visitor's scroll one more ask", async () => {
    const { request, endpoints } = answeringRequest((endpoint) => ({
      payload: endpoint.query?.before === 100 ? [serverMessage(5)] : endpoint.query?.before ? [] : page(100),
      meta: {},
    }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchOlder();
    expect(model.allLoaded.value).toBe(false);
    expect(model.fetchOlder()).toBeUndefined();
    await model.fetchOlder(true);
    expect(queryOf(endpoints[2])).toMatchObject({ before: 5 });
    expect(model.allLoaded.value).toBe(true);
    expect(model.fetchOlder(true)).toBeUndefined();
    expect(endpoints).toHaveLength(3);
  });

  it('ends the history at an empty latest page', async () => {
    const { request } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    expect(model.allLoaded.value).toBe(true);
  });

  it('does not mark all history loaded when a missed-messages page is empty', async () => {
    const { request } = answeringRequest((endpoint) => ({ payload: endpoint.query?.after ? [] : page(100), meta: {} }));
    const model = createMessagesModel(request);
    await model.fetchLatest();
    await model.fetchMissed();
    expect(model.allLoaded.value).toBe(false);
  });

  it('does not ask for older messages when it holds none', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request);
    expect(model.fetchOlder()).toBeUndefined();
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
