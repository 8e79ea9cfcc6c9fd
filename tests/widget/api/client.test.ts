import { ApiError, createApiClient, type ApiClientOptions, type OutgoingRequest, type Transport } from '../../../src/widget/api/client';
import { updateMessage } from '../../../src/widget/api/botReplyEndpoints';
import * as endpoints from '../../../src/widget/api/endpoints';
import { sendAttachment } from '../../../src/widget/api/attachmentEndpoints';
import { addLabel } from '../../../src/widget/api/siteCallEndpoints';

// The widget's page, which a relative address (`baseUrl: ''`) is resolved against.
beforeEach(() => vi.stubGlobal('location', new URL('https://chat.example/widget?website_token=web-tok')));
afterEach(() => vi.unstubAllGlobals());

interface Call {
  url: URL;
  init: RequestInit;
}

/** A fetch that records each call and answers with `reply` (default: 200 `{}`). */
function setup(reply: (call: Call) => Promise<Response> | Response = () => Response.json({}), options: Partial<ApiClientOptions> = {}) {
  const calls: Call[] = [];
  let token = 'jwt-1';
  const fakeFetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: new URL(String(input), location.href), init };
    calls.push(call);
    return reply(call);
  });
  const client = createApiClient({
    baseUrl: 'https://chat.example/',
    websiteToken: 'web-tok',
    getAuthToken: () => token,
    getLocale: () => 'pt_BR',
    fetch: fakeFetch as typeof fetch,
    ...options,
  });
  return { client, calls, setToken: (next: string) => (token = next) };
}

/** Resolves with the rejection, so a test can look at the error's fields. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('resolved'),
    (error: ApiError) => error,
  );

/** Answers only when the request is aborted, like a server that never replies. */
const hang = ({ init }: Call) =>
  new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('building requests', () => {
  it('sends website_token and locale first, then the endpoint query, and never the JWT', async () => {
    const { client, calls } = setup(() => Response.json({ payload: [], meta: {} }));
    await client.request(endpoints.getMessages({ after: 1042 }));
    const [{ url, init }] = calls;
    expect(url.origin + url.pathname).toBe('https://chat.example/api/v1/widget/messages');
    expect(url.search).toBe('?website_token=web-tok&locale=pt_BR&after=1042');
    expect(url.search).not.toContain('jwt');
    expect(init.method).toBe('GET');
  });

  it("asks the widget's own server when baseUrl is empty", async () => {
    const { client, calls } = setup(undefined, { baseUrl: '' });
    await client.request(endpoints.getContact());
    expect(calls[0].url.href).toBe('https://chat.example/api/v1/widget/contact?website_token=web-tok&locale=pt_BR');
  });

  it('leaves out query values that are undefined', async () => {
    const { client, calls } = setup();
    await client.request(endpoints.getMessages());
    expect(calls[0].url.search).toBe('?website_token=web-tok&locale=pt_BR');
  });

  it('sends the current JWT as X-Auth-Token on every call', async () => {
    const { client, calls, setToken } = setup();
    await client.request(endpoints.getContact());
    setToken('jwt-2');
    await client.request(endpoints.getContact());
    expect(calls.map(({ init }) => (init.headers as Record<string, string>)['X-Auth-Token'])).toEqual(['jwt-1', 'jwt-2']);
  });

  it('sends no credentials', async () => {
    const { client, calls } = setup();
    await client.request(endpoints.getCampaigns());
    expect(calls[0].init.credentials).toBe('omit');
  });

  it('sends JSON bodies as JSON', async () => {
    const { client, calls } = setup();
    await client.request(
      endpoints.sendMessage({ content: 'Hi', echo_id: 'e-1', timestamp: 'now', referer_url: 'https://shop.example/', reply_to: 7 }),
    );
    const [{ url, init }] = calls;
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/api/v1/widget/messages');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      message: { content: 'Hi', echo_id: 'e-1', timestamp: 'now', referer_url: 'https://shop.example/', reply_to: 7 },
    });
  });

  it('sends attachments as multipart, leaving the Content-Type to fetch', async () => {
    const { client, calls } = setup();
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    await client.request(sendAttachment({ attachments: [file], timestamp: 'now', referer_url: 'https://shop.example/' }));
    const { init } = calls[0];
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect((form.get('message[attachments][]') as File).name).toBe('shot.png');
    expect(form.get('message[referer_url]')).toBe('https://shop.example/');
    expect(form.has('message[reply_to]')).toBe(false);
  });

  it('sends no body and no Content-Type without a body', async () => {
    const { client, calls } = setup();
    await client.request(endpoints.toggleStatus());
    expect(calls[0].init.body).toBeUndefined();
    expect(calls[0].init.headers).toEqual({ 'X-Auth-Token': 'jwt-1' });
  });
});

describe('reading answers', () => {
  it('resolves with the parsed JSON body', async () => {
    const contact = { id: 5, has_email: true, has_name: false, has_phone_number: false, identifier: null };
    const { client } = setup(() => Response.json(contact));
    await expect(client.request(endpoints.getContact())).resolves.toEqual(contact);
  });

  it("types the answer from the endpoint's response type", async () => {
    const { client } = setup(() => Response.json({ payload: [], meta: {} }));
    const page = await client.request(endpoints.getMessages());
    expectTypeOf(page).toEqualTypeOf<endpoints.MessagesPage>();
    expect(page.payload).toEqual([]);
  });

  it('resolves with undefined for 204 and empty bodies', async () => {
    const { client } = setup(({ url }) => (url.pathname.endsWith('labels') ? new Response(null, { status: 204 }) : new Response('')));
    await expect(client.request(addLabel('vip'))).resolves.toBeUndefined();
    await expect(client.request(endpoints.updateLastSeen(1718000000))).resolves.toBeUndefined();
  });
});

describe('failures', () => {
  it('turns a 404 into bad_request with the status and the parsed body', async () => {
    const { client } = setup(() => Response.json({ error: 'Resource could not be found' }, { status: 404 }));
    const error = await failure(client.request(endpoints.getConversation()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'bad_request', status: 404, body: { error: 'Resource could not be found' } });
    expect(error.message).toBe('GET /api/v1/widget/conversations failed: bad_request (404)');
  });

  it('keeps a non-JSON error body as text', async () => {
    const { client } = setup(() => new Response('Too many messages', { status: 422 }));
    expect(await failure(client.request(endpoints.getContact()))).toMatchObject({
      kind: 'bad_request',
      status: 422,
      body: 'Too many messages',
    });
  });

  it('turns a 500 into bad_response', async () => {
    const { client } = setup(() => Response.json({ error: 'boom', message: 'failed' }, { status: 500 }));
    expect(await failure(client.request(updateMessage(3, { contact: { email: 'a@b.example' } })))).toMatchObject({
      kind: 'bad_response',
      status: 500,
      body: { error: 'boom', message: 'failed' },
    });
  });

  it('turns a 2xx body that is not JSON into bad_response', async () => {
    const { client } = setup(() => new Response('<html>proxy</html>', { status: 200 }));
    expect(await failure(client.request(endpoints.getContact()))).toMatchObject({
      kind: 'bad_response',
      status: 200,
      body: '<html>proxy</html>',
    });
  });

  it('turns a rejected fetch into network', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client.request(endpoints.getContact()));
    expect(error).toMatchObject({ kind: 'network', status: undefined });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('gives up with timeout once timeoutMs has passed', async () => {
    vi.useFakeTimers();
    try {
      const { client } = setup(hang, { timeoutMs: 10_000 });
      let settled = false;
      const pending = failure(client.request(endpoints.getInboxMembers())).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves no timer behind when the answer comes in time', async () => {
    vi.useFakeTimers();
    try {
      const { client } = setup(undefined, { timeoutMs: 10_000 });
      await client.request(endpoints.getContact());
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("turns the caller's abort into canceled", async () => {
    const { client } = setup(hang);
    const controller = new AbortController();
    const pending = failure(client.request(endpoints.getMessages({ before: 10 }), { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'canceled' });
  });

  it('does not send a request whose signal has already aborted', async () => {
    const { client, calls } = setup();
    const error = await failure(client.request(endpoints.getContact(), { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ kind: 'canceled' });
    expect(calls).toHaveLength(0);
  });

  it('turns an abort the widget did not ask for (the browser giving the request up) into aborted', async () => {
    const { client } = setup(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')));
    const error = await failure(client.request(endpoints.getContact()));
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(error.cause).toBeInstanceOf(DOMException);
  });

  it.each([
    ['credentials in it', 'https://visitor:secret@chat.example'],
    ['a scheme that is not http(s)', 'ftp://chat.example'],
    ['a host that does not parse', 'https://[chat.example'],
  ])('refuses an address with %s as invalid_url, sending nothing', async (_, baseUrl) => {
    const { client, calls } = setup(undefined, { baseUrl });
    const error = await failure(client.request(endpoints.getContact()));
    expect(error).toMatchObject({ kind: 'invalid_url', status: undefined });
    expect(error.message).toBe('GET /api/v1/widget/contact failed: invalid_url');
    expect(calls).toHaveLength(0);
  });
});

describe("a caller's transport", () => {
  /** A transport that records what it was handed and answers with `reply`. */
  function transportAnswering(reply: (url: string, request: OutgoingRequest) => Promise<{ status: number; text: string }>) {
    const sent: { url: string; request: OutgoingRequest }[] = [];
    const transport: Transport = (url, request) => {
      sent.push({ url, request });
      return reply(url, request);
    };
    return { transport, sent };
  }
  const upload = () =>
    sendAttachment({
      attachments: [new File(['x'.repeat(1000)], 'plan.pdf', { type: 'application/pdf' })],
      timestamp: 'now',
      referer_url: 'https://shop.example/',
      echo_id: 'e-9',
    });

  it('sends instead of fetch, with the session headers and the form as it is', async () => {
    const { client, calls } = setup();
    const { transport, sent } = transportAnswering(async () => ({ status: 200, text: '{"id":41}' }));
    await expect(client.request(upload(), { transport })).resolves.toEqual({ id: 41 });
    expect(calls).toHaveLength(0);
    const [{ url, request }] = sent;
    expect(url).toBe('https://chat.example/api/v1/widget/messages?website_token=web-tok&locale=pt_BR');
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({ 'X-Auth-Token': 'jwt-1' });
    expect((request.body as FormData).get('message[echo_id]')).toBe('e-9');
  });

  it('fails in the same classes as fetch', async () => {
    const { client } = setup();
    const refused = transportAnswering(async () => ({ status: 422, text: '{"error":"File type not allowed"}' }));
    expect(await failure(client.request(upload(), { transport: refused.transport }))).toMatchObject({
      kind: 'bad_request',
      status: 422,
      body: { error: 'File type not allowed' },
    });
    const cut = transportAnswering(() => Promise.reject(new TypeError()));
    expect(await failure(client.request(upload(), { transport: cut.transport }))).toMatchObject({ kind: 'network' });

    const controller = new AbortController();
    const hanging = transportAnswering(
      (_, request) =>
        new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('', 'AbortError')))),
    );
    const canceled = failure(client.request(upload(), { transport: hanging.transport, signal: controller.signal }));
    controller.abort();
    expect(await canceled).toMatchObject({ kind: 'canceled' });
  });

  it('is given up with timeout as fetch is', async () => {
    vi.useFakeTimers();
    try {
      const { client } = setup(undefined, { timeoutMs: 10_000 });
      const { transport, sent } = transportAnswering(
        (_, request) =>
          new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new DOMException('', 'AbortError')))),
      );
      const pending = failure(client.request(upload(), { transport }));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await pending).toMatchObject({ kind: 'timeout' });
      expect(sent[0].request.signal.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('identical GETs in flight', () => {
  it('share one request and its answer; a later one, another query or another visitor asks again', async () => {
    const pending: (() => void)[] = [];
    const { client, calls, setToken } = setup(
      () => new Promise<Response>((resolve) => pending.push(() => resolve(Response.json({ id: 7, status: 'open' })))),
    );
    const three = [
      client.request(endpoints.getConversation()),
      client.request(endpoints.getConversation()),
      client.request(endpoints.getConversation()),
    ];
    expect(calls).toHaveLength(1);
    pending.shift()!();
    expect(await Promise.all(three)).toEqual([
      { id: 7, status: 'open' },
      { id: 7, status: 'open' },
      { id: 7, status: 'open' },
    ]);

    const later = [client.request(endpoints.getConversation()), client.request(endpoints.getMessages({ after: 1 }))];
    setToken('jwt-2');
    later.push(client.request(endpoints.getConversation()));
    expect(calls).toHaveLength(4);
    for (const answer of pending.splice(0)) answer();
    await Promise.all(later);
  });

  it('shares a failure too, and never merges writes', async () => {
    const { client, calls } = setup(() => new Response('nope', { status: 500 }));
    const [a, b] = [client.request(endpoints.getContact()), client.request(endpoints.getContact())];
    expect(calls).toHaveLength(1);
    expect((await failure(a)).kind).toBe('bad_response');
    expect((await failure(b)).kind).toBe('bad_response');
    client.request(endpoints.updateLastSeen(1)).catch(() => undefined);
    client.request(endpoints.updateLastSeen(1)).catch(() => undefined);
    expect(calls).toHaveLength(3);
  });
});
