// @vitest-environment happy-dom
import { signal } from '@preact/signals-react';
import { ApiError } from '../../../src/widget/api/client';
import { createConversationModel } from '../../../src/widget/state/conversation';
import { createMessagesModel } from '../../../src/widget/state/messages';
import { sendFile } from '../../../src/widget/state/fileUpload';
import { createOutbox, FIRST_RETRY_MS, MAX_RETRY_MS, refusalOf } from '../../../src/widget/state/outbox';
import { MESSAGE_TYPE, type WidgetMessage } from '../../../src/shared/types';
import { fakeRequest, serverMessage, type PendingCall } from './messageFixtures';

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

/**
 * The messages model and the outbox sending through it, as the conversation flow uses them: a
 * text message is shown (`addLocal`) and posted.
 */
function setup() {
  const fake = fakeRequest();
  const messages = createMessagesModel(fake.request);
  const connectionLost = signal(false);
  const stored = vi.fn();
  const conversation = createConversationModel(fake.request);
  const outbox = createOutbox({
    messages,
    conversation,
    request: fake.request,
    referrer: () => 'https://shop.example/cart',
    connectionLost,
    stored,
  });
  const sendText = (content: string, replyTo?: number) => outbox.send(messages.addLocal({ content }, replyTo));
  /** A file, as the attachments chunk sends it through this outbox (state/fileUpload.ts). */
  const sendAttachment = (file: File) => sendFile({ messages, request: fake.request, outbox }, file);
  return { ...fake, connectionLost, stored, conversation, model: { ...messages, ...outbox, sendText, sendAttachment } };
}

/** The client's errors: no answer at all, and an answer with this status. */
const unreachable = () => new ApiError('network');
const answered = (status: number) => new ApiError(status < 500 ? 'bad_request' : 'bad_response', status, { error: 'no' });
/** Lets the outbox's awaits run. */
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

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
    model.sendText('Hello');
    calls[0].resolve(created(501, calls[0]));
    await flushPromises();
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ id: 501, content: 'Hello', status: 'sent' });
  });

  it('hands the stored message on (the first may have started the conversation)', async () => {
    const { model, calls, stored } = setup();
    model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await flushPromises();
    expect(stored).toHaveBeenCalledExactlyOnceWith(message);
  });

  it('keeps one copy when the realtime echo (same echo_id) arrives before the HTTP response', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const message = created(501, calls[0]);
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    calls[0].resolve(message);
    await flushPromises();
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    expect(model.list.value[0].status).toBe('sent');
  });

  it('keeps one copy when the realtime echo (same content, no echo_id) arrives before the HTTP response', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const message = created(501, calls[0]);
    model.merge({ ...message, echo_id: undefined });
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
    calls[0].resolve(message);
    await flushPromises();
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps one copy when the realtime echo (same echo_id) arrives after the HTTP response', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await flushPromises();
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps one copy when the realtime echo (same content, no echo_id) arrives after the HTTP response', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const message = created(501, calls[0]);
    calls[0].resolve(message);
    await flushPromises();
    model.merge({ ...message, echo_id: undefined });
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('keeps two messages with the same text sent one after the other', async () => {
    const { model, calls } = setup();
    model.sendText('ok');
    calls[0].resolve(created(501, calls[0]));
    await flushPromises();
    model.sendText('ok');
    calls[1].resolve(created(502, calls[1]));
    await flushPromises();
    expect(model.list.value.map((m) => m.id)).toEqual([501, 502]);
  });

  it('sends one message at a time, in the order written', async () => {
    const { model, calls } = setup();
    model.sendText('one');
    model.sendText('two');
    expect(calls).toHaveLength(1);
    calls[0].resolve(created(501, calls[0]));
    await flushPromises();
    await flushPromises();
    expect(calls).toHaveLength(2);
    expect((calls[1].endpoint.body as { message: { content: string } }).message.content).toBe('two');
  });
});

describe('a message sent while the server cannot be reached', () => {
  async function offlineSend() {
    const context = setup();
    context.model.sendText('Hello');
    context.calls[0].reject(unreachable());
    await flushPromises();
    return context;
  }

  it('waits, still sending, without a retry to press', async () => {
    const { model } = await offlineSend();
    expect(model.list.value[0]).toMatchObject({ content: 'Hello', status: 'in_progress', waiting: true });
    expect(model.list.value[0].meta).toBeUndefined();
  });

  it('goes by itself, with the same echo_id, when the realtime connection comes back', async () => {
    const { model, calls, connectionLost, stored } = await offlineSend();
    connectionLost.value = true;
    expect(calls).toHaveLength(1);
    connectionLost.value = false;
    expect(calls).toHaveLength(2);
    const echoOf = (call: PendingCall) => (call.endpoint.body as { message: { echo_id: string } }).message.echo_id;
    expect(echoOf(calls[1])).toBe(echoOf(calls[0]));
    calls[1].resolve(created(501, calls[1]));
    await flushPromises();
    expect(stored).toHaveBeenCalledWith(expect.objectContaining({ id: 501 }));
    expect(model.list.value).toEqual([expect.objectContaining({ id: 501, status: 'sent' })]);
  });

  it('goes by itself when the browser is back online', async () => {
    const { calls } = await offlineSend();
    dispatchEvent(new Event('online'));
    expect(calls).toHaveLength(2);
  });

  it('goes by itself when the page becomes visible again (a laptop woken, a tab switched back to)', async () => {
    const { calls } = await offlineSend();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(calls).toHaveLength(1);
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(calls).toHaveLength(2);
    } finally {
      visibility.mockRestore();
    }
  });

  it('goes by itself after a wait that doubles up to 30 s, when nothing says the connection is back', async () => {
    vi.useFakeTimers();
    try {
      const { model, calls } = setup();
      model.sendText('Hello');
      calls[0].reject(unreachable());
      await vi.advanceTimersByTimeAsync(0);
      let wait = FIRST_RETRY_MS;
      for (let attempt = 1; attempt <= 6; attempt++) {
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(calls).toHaveLength(attempt);
        await vi.advanceTimersByTimeAsync(1);
        expect(calls).toHaveLength(attempt + 1);
        calls[attempt].reject(answered(503));
        await vi.advanceTimersByTimeAsync(0);
        wait = Math.min(wait * 2, MAX_RETRY_MS);
      }
      expect(wait).toBe(MAX_RETRY_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits no longer because the visitor wrote on meanwhile: only the waits’ own tries lengthen the wait', async () => {
    vi.useFakeTimers();
    try {
      const { model, calls } = setup();
      model.sendText('Hello');
      for (let more = 1; more <= 6; more++) {
        calls[calls.length - 1].reject(unreachable());
        await vi.advanceTimersByTimeAsync(0);
        model.sendText(`And ${more}`);
      }
      calls[calls.length - 1].reject(unreachable());
      await vi.advanceTimersByTimeAsync(0);
      const tries = calls.length;
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS - 1);
      expect(calls).toHaveLength(tries);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(tries + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the order: a message written meanwhile waits behind it, and both go in turn', async () => {
    const { model, calls, connectionLost } = await offlineSend();
    const contents = () => calls.map((call) => (call.endpoint.body as { message: { content: string } }).message.content);
    // A new message tries the queue again, oldest first: still no answer, so both wait.
    model.sendText('Are you there?');
    expect(contents()).toEqual(['Hello', 'Hello']);
    calls[1].reject(unreachable());
    await flushPromises();
    expect(model.list.value.map((m) => m.waiting)).toEqual([true, true]);
    connectionLost.value = true;
    connectionLost.value = false;
    expect(contents()).toEqual(['Hello', 'Hello', 'Hello']);
    calls[2].resolve(created(501, calls[2]));
    await flushPromises();
    expect(contents()).toEqual(['Hello', 'Hello', 'Hello', 'Are you there?']);
  });

  it('is not sent again when its echo came back meanwhile (stored before the answer was lost)', async () => {
    const { model, calls, connectionLost, stored } = await offlineSend();
    // The reconnect's gap fill brings the stored message, with the echo id it was sent with.
    model.merge(created(501, calls[0]));
    connectionLost.value = true;
    connectionLost.value = false;
    await flushPromises();
    expect(stored).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it.each([
    ['no answer', unreachable()],
    ['a time-out', new ApiError('timeout')],
    ['a server error', answered(500)],
    ['a gateway error', answered(502)],
    ['408 Request Timeout', answered(408)],
    ['429 Too Many Requests', answered(429)],
  ])('counts %s as worth sending again', (_, error) => {
    expect(refusalOf(error)).toBeUndefined();
  });
});

describe('a message the server refuses', () => {
  it.each([
    [401, 'session'],
    [403, 'session'],
    [413, 'refused'],
    [400, 'refused'],
    [404, 'refused'],
    [422, 'refused'],
  ] as const)('is failed on %i, saying why (%s), and the next one still goes', async (status, reason) => {
    const { model, calls } = setup();
    model.sendText('Hello');
    model.sendText('Next');
    calls[0].reject(answered(status));
    await flushPromises();
    expect(model.list.value[0]).toMatchObject({ content: 'Hello', status: 'failed', meta: { error: reason } });
    await flushPromises();
    expect(calls).toHaveLength(2);
  });
});

describe('retrying a failed message', () => {
  async function failedSend() {
    const context = setup();
    context.model.sendText('Hello');
    context.calls[0].reject(answered(422));
    await flushPromises();
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
    model.retry(id);
    calls[1].resolve(created(501, calls[1]));
    await flushPromises();
    expect(model.list.value).toHaveLength(1);
    expect(model.list.value[0]).toMatchObject({ id: 501, status: 'sent' });
  });

  it('ends as one sent message when the realtime echo of the retry also arrives', async () => {
    const { model, calls, id } = await failedSend();
    model.retry(id);
    const message = created(501, calls[1]);
    model.merge(message);
    calls[1].resolve(message);
    await flushPromises();
    model.merge(message);
    expect(model.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('marks the message failed again when the server refuses it again', async () => {
    const { model, calls, id } = await failedSend();
    model.retry(id);
    calls[1].reject(answered(422));
    await flushPromises();
    expect(model.list.value[0]).toMatchObject({ id, status: 'failed', meta: { error: 'refused' } });
  });

  it('does nothing for a message that has not failed', async () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    const id = String(model.list.value[0].id);
    model.retry(id);
    expect(calls).toHaveLength(1);
  });

  it('does nothing for an unknown id', async () => {
    const { model, calls } = setup();
    model.retry('nope');
    expect(calls).toHaveLength(0);
  });
});

// The transport an upload is sent by (api/uploadWithProgress.ts), carrying the progress callback it was given.
vi.mock('../../../src/widget/api/uploadWithProgress', () => ({
  uploadWithProgress: (onProgress: (sent: number) => void) =>
    Object.assign(() => Promise.reject(new Error('not sent in this test')), { onProgress }),
}));

describe('uploading a file', () => {
  const plan = () => new File(['x'.repeat(2048)], 'plan.pdf', { type: 'application/pdf' });
  /** The progress callback of the transport a call was asked to send by. */
  const progressOf = (call: PendingCall) => {
    const transport = call.options?.transport as unknown as { onProgress: (sent: number) => void } | undefined;
    if (!transport) throw new Error('the call was sent without a transport of its own');
    return transport.onProgress;
  };

  it("moves the bubble's bar a step per whole percent the browser reports, and drops it with the echo", async () => {
    const { model, calls } = setup();
    model.sendAttachment(plan());
    const [local] = model.list.value;
    expect(local.status).toBe('in_progress');
    expect(local.progress).toBeUndefined();
    const onProgress = progressOf(calls[0]);

    const seen: (number | undefined)[] = [];
    for (const sentShare of [0.1, 0.104, 0.5, 1]) {
      const before = model.map.value;
      onProgress(sentShare);
      if (model.map.value !== before) seen.push(model.map.value.get(local.id)?.progress);
    }
    expect(seen).toEqual([10, 50, 100]);

    calls[0].resolve(serverMessage(601, { message_type: MESSAGE_TYPE.incoming, content: null, echo_id: String(local.id) }));
    await flushPromises();
    expect(model.list.value).toEqual([expect.objectContaining({ id: 601 })]);
    expect(model.list.value[0].progress).toBeUndefined();
  });

  it('starts the bar over when a refused upload is sent again', async () => {
    const { model, calls } = setup();
    model.sendAttachment(plan());
    const id = String(model.list.value[0].id);
    progressOf(calls[0])(0.6);
    expect(model.map.value.get(id)).toMatchObject({ progress: 60 });
    calls[0].reject(answered(422));
    await flushPromises();
    expect(model.map.value.get(id)).toMatchObject({ status: 'failed', progress: undefined });

    model.retry(id);
    expect(model.map.value.get(id)).toMatchObject({ status: 'in_progress', progress: undefined });
    expect(progressOf(calls[1])).toBeTypeOf('function');
  });

  it("lets go of the file's preview when its echo came back before it could be sent again", async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    try {
      const { model, calls, connectionLost } = setup();
      model.sendAttachment(plan());
      const [local] = model.list.value;
      const preview = local.attachments?.[0].data_url;
      calls[0].reject(unreachable());
      await flushPromises();
      // The reconnect's gap fill brings it stored (its answer was lost), then the outbox tries the queue.
      model.merge(serverMessage(601, { message_type: MESSAGE_TYPE.incoming, content: null, echo_id: String(local.id) }));
      connectionLost.value = true;
      connectionLost.value = false;
      await flushPromises();
      expect(calls).toHaveLength(1);
      expect(revoke).toHaveBeenCalledWith(preview);
    } finally {
      revoke.mockRestore();
    }
  });

  it('sends a text message by fetch, with no transport of its own', () => {
    const { model, calls } = setup();
    model.sendText('Hello');
    expect(calls[0].options).toBeUndefined();
  });
});

describe("the first message after 'Start a new conversation'", () => {
  /** The server's answer to `POST /conversations`: the new conversation with the message it stored. */
  const startedWith = (call: PendingCall, id: number) => {
    const { message } = call.endpoint.body as { message: { content: string; echo_id: string } };
    return {
      id: 77,
      inbox_id: 1,
      status: 'open',
      contact_last_seen_at: 0,
      messages: [
        serverMessage(id, { conversation_id: 77, message_type: MESSAGE_TYPE.incoming, content: message.content, echo_id: message.echo_id }),
      ],
      custom_attributes: {},
      contact: { id: 3, name: 'Visitor', email: null, phone_number: null, identifier: null },
    };
  };

  it('starts a new conversation with it, and the next message goes into that one', async () => {
    const { model, calls, conversation } = setup();
    conversation.forget();
    model.sendText('A question about another order');
    const [{ endpoint }] = calls;
    expect(endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/conversations' });
    expect(endpoint.body).toMatchObject({
      contact: {},
      custom_attributes: {},
      message: { content: 'A question about another order', echo_id: model.list.value[0].id, referer_url: 'https://shop.example/cart' },
    });

    calls[0].resolve(startedWith(calls[0], 900));
    await flushPromises();
    expect(model.list.value).toEqual([expect.objectContaining({ id: 900, status: 'sent', conversation_id: 77 })]);
    expect(conversation.id.value).toBe(77);
    expect(conversation.afresh.value).toBe(false);

    model.sendText('And another thing');
    expect(calls[1].endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/messages' });
  });

  it('starts it on a retry too, with the same echo_id, when the first attempt was refused', async () => {
    const { model, calls, conversation } = setup();
    conversation.forget();
    model.sendText('Hello again');
    calls[0].reject(answered(422));
    await flushPromises();
    const id = String(model.list.value[0].id);

    model.retry(id);
    expect(calls[1].endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/conversations' });
    expect((calls[1].endpoint.body as { message: { echo_id: string } }).message.echo_id).toBe(id);
  });
});
