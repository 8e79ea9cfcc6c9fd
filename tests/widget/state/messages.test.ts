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

/** The server's answer to `POST /messages`: what it stored, with the echo id it was given. */
const created = (id: number, call: PendingCall, fields: Partial<WidgetMessage> = {}) => {
  const body = (call.endpoint.body as { message: { content: string; echo_id: string } }).message;
  return serverMessage(id, {
    message_type: MESSAGE_TYPE.incoming,
    content: body.content,
    echo_id: body.echo_id,
    status: 'sent',
    ...fields,
  });
};

function setup() {
  const fake = fakeRequest();
  const model = createMessagesModel(fake.request, () => 'https://shop.example/cart');
  return { ...fake, model };
}

describe('sending a text message', () => {
  it('shows the message as in_progress at once, before the server answers', () => {
    const { model } = setup();
    model.sendText('Hello');
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ content: 'Hello', status: 'in_progress', message_type: MESSAGE_TYPE.incoming });
  });

  it('posts the content, its echo_id and the referrer', () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const [{ endpoint }] = calls;
    expect(endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/messages' });
    const body = (endpoint.body as { message: Record<string, unknown> }).message;
    expect(body).toMatchObject({ content: 'Hello', referer_url: 'https://shop.example/cart' });
    expect(body.echo_id).toBe(model.list.value[0].id);
  });

  it('replaces the local copy with the server message, marked sent', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    calls[0].resolve(created(501, calls[0]));
    await sent;
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ id: 501, content: 'Hello', status: 'sent' });
  });

  it('resolves with the server message', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await expect(sent).resolves.toEqual(message);
  });

  it('keeps one copy when the realtime echo (same echo_id) arrives before the HTTP response', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    const message = created(501, calls[0]);
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    calls[0].resolve(message);
    await sent;
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    expect(model.list.value[0].status).toBe('sent');
  });

  it('keeps one copy when the realtime echo (same content, no echo_id) arrives before the HTTP response', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    const message = created(501, calls[0]);
    model.merge({ ...message, echo_id: undefined });
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    calls[0].resolve(message);
    await sent;
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps one copy when the realtime echo (same echo_id) arrives after the HTTP response', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await sent;
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps one copy when the realtime echo (same content, no echo_id) arrives after the HTTP response', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await sent;
    model.merge({ ...message, echo_id: undefined });
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps two messages with the same text sent one after the other', async () => {
    const { model, calls } = setup();
    const first = model.sendText('ok');
    calls[0].resolve(created(501, calls[0]));
    await first;
    const second = model.sendText('ok');
    calls[1].resolve(created(502, calls[1]));
    await second;
    expect(model.list.value.map((m) => m.id)).toEqual([501, 502]);
  });

  it('marks the message failed with an empty error when the request fails', async () => {
    const { model, calls } = setup();
    const sent = model.sendText('Hello');
    calls[0].reject(new Error('offline'));
    await expect(sent).rejects.toThrow('offline');
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ content: 'Hello', status: 'failed', meta: { error: '' } });
  });
});

describe('retrying a failed message', () => {
  async function failedSend() {
    const context = setup();
    const sent = context.model.sendText('Hello');
    context.calls[0].reject(new Error('offline'));
    await sent.catch(() => undefined);
    const id = String(context.model.list.value[0].id);
    return { ...context, id };
  }

  it('shows the message as in_progress again while it is re-posted', async () => {
    const { model, id } = await failedSend();
    model.retry(id);
    expect(model.list.value[0]).toMatchObject({ id, status: 'in_progress' });
  });

  it('re-posts with the same echo_id as the first attempt', async () => {
    const { model, calls, id } = await failedSend();
    model.retry(id);
    expect(calls).toHaveLength(2);
    const echoOf = (call: PendingCall) => (call.endpoint.body as { message: { echo_id: string } }).message.echo_id;
    expect(echoOf(calls[1])).toBe(id);
    expect(echoOf(calls[1])).toBe(echoOf(calls[0]));
  });

  it('ends as one sent message', async () => {
    const { model, calls, id } = await failedSend();
    const retried = model.retry(id);
    calls[1].resolve(created(501, calls[1]));
    await retried;
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ id: 501, status: 'sent' });
  });

  it('ends as one sent message when the realtime echo of the retry also arrives', async () => {
    const { model, calls, id } = await failedSend();
    const retried = model.retry(id);
    const message = created(501, calls[1]);
    model.merge(message);
    calls[1].resolve(message);
    await retried;
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('marks the message failed again when the retry fails', async () => {
    const { model, calls, id } = await failedSend();
    const retried = model.retry(id);
    calls[1].reject(new Error('still offline'));
    await expect(retried).rejects.toThrow('still offline');
    expect(model.list.value[0]).toMatchObject({ id, status: 'failed', meta: { error: '' } });
  });

  it('does nothing for a message that has not failed', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const id = String(model.list.value[0].id);
    await expect(model.retry(id)).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('does nothing for an unknown id', async () => {
    const { model, calls } = setup();
    await expect(model.retry('nope')).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});

describe('fetching history', () => {
  const queryOf = (endpoint: Endpoint) => endpoint.query ?? {};

  it('fetches the latest page without a cursor and merges it', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [serverMessage(3), serverMessage(1), serverMessage(2)], meta: {} }));
    const model = createMessagesModel(request, () => '');
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
    const model = createMessagesModel(request, () => '');
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
    const model = createMessagesModel(request, () => '');
    await model.fetchLatest();
    model.sendText('pending');
    await model.fetchMissed();
    expect(queryOf(endpoints.at(-1)!)).toMatchObject({ after: 42 });
  });

  it('fetches the latest page for missed messages when it holds none', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request, () => '');
    await model.fetchMissed();
    expect(queryOf(endpoints[0])).toEqual({ before: undefined, after: undefined });
  });

  it('fetches older messages before the oldest id it holds', async () => {
    const { request, endpoints } = answeringRequest((endpoint) =>
      endpoint.query?.before
        ? { payload: [serverMessage(10), serverMessage(11)], meta: {} }
        : { payload: [serverMessage(20), serverMessage(21)], meta: {} },
    );
    const model = createMessagesModel(request, () => '');
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
    const model = createMessagesModel(request, () => '');
    await model.fetchLatest();
    await model.fetchOlder();
    expect(model.allLoaded.value).toBe(true);
    expect(model.fetchOlder()).toBeUndefined();
    expect(endpoints).toHaveLength(2);
  });

  it('does not mark all history loaded when a missed-messages page is empty', async () => {
    const { request } = answeringRequest((endpoint) => ({ payload: endpoint.query?.after ? [] : [serverMessage(20)], meta: {} }));
    const model = createMessagesModel(request, () => '');
    await model.fetchLatest();
    await model.fetchMissed();
    expect(model.allLoaded.value).toBe(false);
  });

  it('does not ask for older messages when it holds none', async () => {
    const { request, endpoints } = answeringRequest(() => ({ payload: [], meta: {} }));
    const model = createMessagesModel(request, () => '');
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
    const model = createMessagesModel(request, () => '');
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
