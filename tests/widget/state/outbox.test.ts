import { createConversationModel } from '../../../src/widget/state/conversation';
import { createMessagesModel } from '../../../src/widget/state/messages';
import { createOutbox } from '../../../src/widget/state/outbox';
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
  const conversation = createConversationModel(fake.request, vi.fn());
  const outbox = createOutbox({ messages, conversation, request: fake.request, referrer: () => 'https://shop.example/cart' });
  const sendText = (content: string, replyTo?: number) => outbox.post(messages.addLocal({ content }, replyTo));
  return { ...fake, conversation, model: { ...messages, ...outbox, sendText } };
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

// The transport an upload is sent by (api/uploadWithProgress.ts), carrying the progress callback it was given.
vi.mock('../../../src/widget/api/uploadWithProgress', () => ({
  uploadWithProgress: (onProgress: (sent: number) => void) =>
    Object.assign(() => Promise.reject(new Error('not sent in this test')), { onProgress }),
}));

describe('uploading a file', () => {
  const plan = () => new File(['x'.repeat(2048)], 'plan.pdf', { type: 'application/pdf' });
  /** The progress callback of the transport a call was asked to send by. */
  const progressOf = (call: PendingCall) => (call.options?.transport as unknown as { onProgress: (sent: number) => void }).onProgress;

  it("moves the bubble's bar a step per whole percent the browser reports, and drops it with the echo", async () => {
    const { model, calls } = setup();
    const sent = model.sendAttachment(plan(), 'file');
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
    await sent;
    expect(model.list.value).toEqual([expect.objectContaining({ id: 601 })]);
    expect(model.list.value[0].progress).toBeUndefined();
  });

  it('starts the bar over when a failed upload is sent again', async () => {
    const { model, calls } = setup();
    const sent = model.sendAttachment(plan(), 'file');
    const id = String(model.list.value[0].id);
    progressOf(calls[0])(0.6);
    calls[0].reject(new Error('offline'));
    await sent.catch(() => undefined);
    expect(model.map.value.get(id)).toMatchObject({ status: 'failed', progress: 60 });

    model.retry(id);
    expect(model.map.value.get(id)).toMatchObject({ status: 'in_progress', progress: undefined });
    expect(progressOf(calls[1])).toBeTypeOf('function');
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
    const first = model.sendText('A question about another order');
    const [{ endpoint }] = calls;
    expect(endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/conversations' });
    expect(endpoint.body).toMatchObject({
      contact: {},
      custom_attributes: {},
      message: { content: 'A question about another order', echo_id: model.list.value[0].id, referer_url: 'https://shop.example/cart' },
    });

    calls[0].resolve(startedWith(calls[0], 900));
    await first;
    expect(model.list.value).toEqual([expect.objectContaining({ id: 900, status: 'sent', conversation_id: 77 })]);
    expect(conversation.id.value).toBe(77);
    expect(conversation.afresh.value).toBe(false);

    model.sendText('And another thing');
    expect(calls[1].endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/messages' });
  });

  it('starts it on a retry too, with the same echo_id, when the first attempt failed', async () => {
    const { model, calls, conversation } = setup();
    conversation.forget();
    const first = model.sendText('Hello again');
    calls[0].reject(new Error('offline'));
    await first.catch(() => undefined);
    const id = String(model.list.value[0].id);

    model.retry(id);
    expect(calls[1].endpoint).toMatchObject({ method: 'POST', path: '/api/v1/widget/conversations' });
    expect((calls[1].endpoint.body as { message: { echo_id: string } }).message.echo_id).toBe(id);
  });
});
