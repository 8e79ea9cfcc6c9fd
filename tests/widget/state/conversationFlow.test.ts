import { type Signal, signal } from '@preact/signals-react';
import { ApiError } from '../../../src/widget/api/client';
import { sendFile } from '../../../src/widget/state/fileUpload';
import { createConversationFlow, type FlowDeps } from '../../../src/widget/state/conversationFlow';
import { createMessagesModel } from '../../../src/widget/state/messages';
import { createConversationModel } from '../../../src/widget/state/conversation';
import { createComposerModel } from '../../../src/widget/state/composer';
import { createContactModel } from '../../../src/widget/state/contact';
import { fromChunk, loadOnce } from '../../../src/widget/lib/loadOnce';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import type { ChatMessage } from '../../../src/widget/state/chatMessage';
import { MESSAGE_TYPE, type WidgetMessage } from '../../../src/shared/types';
import { fakeWidget } from './widgetFixture';

const CONVERSATION_ID = 10;
const PAGE = 'https://shop.example/pricing';

const agentMessage = (id: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  content: `message ${id}`,
  message_type: MESSAGE_TYPE.outgoing,
  content_attributes: {},
  created_at: 1_700_000_000 + id,
  conversation_id: CONVERSATION_ID,
  sender_type: 'User',
  ...fields,
});

/** A file of `size` bytes without allocating them. */
function file(name: string, type: string, size = 1_000): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

type Answer = (endpoint: Endpoint) => unknown;

/**
 * The flow over real models and a fake server: the conversation (id 10) with two agent
 * messages is loaded. `answer` may override any reply; a thrown error is a failed request.
 */
async function setup({ answer }: { answer?: Answer } = {}) {
  const endpoints: Endpoint[] = [];
  let nextId = 900;
  const server: Answer = (endpoint) => {
    const path = endpoint.path.replace('/api/v1/widget', '');
    if (endpoint.method === 'GET' && path === '/conversations')
      return { id: CONVERSATION_ID, inbox_id: 1, contact_last_seen_at: 0, status: 'resolved' };
    if (endpoint.method === 'GET' && path === '/messages') return { payload: [agentMessage(1), agentMessage(2)], meta: {} };
    if (endpoint.method === 'POST' && path === '/messages') {
      const form = endpoint.body instanceof FormData ? endpoint.body : undefined;
      const sent = form ? undefined : (endpoint.body as { message: { content: string; echo_id: string } }).message;
      return {
        ...agentMessage(nextId++, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact', content: sent?.content ?? null }),
        echo_id: sent?.echo_id ?? form?.get('message[echo_id]'),
        created_at: 1_800_000_000 + nextId,
      };
    }
    return {};
  };
  const request = vi.fn(async (endpoint: Endpoint) => {
    endpoints.push(endpoint);
    const answered = answer?.(endpoint);
    return answered === undefined ? server(endpoint) : answered;
  }) as unknown as Request;
  const conversation = createConversationModel(request);
  const refuse = vi.fn();
  const deps: FlowDeps = {
    request,
    messages: createMessagesModel(request),
    referrer: () => PAGE,
    conversation,
    composer: createComposerModel(request, () => conversation.id.value !== undefined),
    contact: createContactModel(request),
    connectionLost: signal(false),
    // The outbox's storage has tests of its own (outbox.test.ts, outboxStore.test.ts).
    websiteToken: 'web-token',
    storageAllowed: signal(false),
    hostOutbox: { kept: () => undefined, keep: vi.fn() },
    session: { pubsubToken: signal('visitor-pubsub-token') },
    emitHost: vi.fn(),
    postback: vi.fn(),
    outgoingFiles: fromChunk(
      loadOnce(() => import('../../../src/widget/state/outgoingFiles')),
      (code) => code.createOutgoingFiles({ rules: { extensions: ['png', 'pdf'], maxSizeMb: 40 }, refuse }),
    ),
  };
  await conversation.fetch();
  await deps.messages.fetchLatest();
  endpoints.length = 0;
  const flow = createConversationFlow(deps);
  const calls = () => endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  /** Lets sends that were not awaited finish. */
  const settle = () => new Promise((done) => setTimeout(done, 0));
  return { flow, deps, endpoints, calls, settle, refuse };
}

/** The server fails the one call `method` to a path ending in `path`. */
const failing =
  (method: Endpoint['method'], path: string): Answer =>
  (endpoint) => {
    if (endpoint.method === method && endpoint.path.endsWith(path)) throw new ApiError('bad_request', 422, { error: 'refused' });
  };

describe('sending a text message', () => {
  it('shows it at once, then stores it', async () => {
    const { flow, deps, calls } = await setup();
    const sent = flow.sendMessage('  Hello  ');
    expect(deps.messages.list.value.at(-1)).toMatchObject({ content: 'Hello', status: 'in_progress' });
    await sent;
    expect(calls()).toEqual(['POST /api/v1/widget/messages']);
  });

  it('leaves a send the server refused with a retry, which sends it again', async () => {
    let fail = true;
    const { flow, deps, calls } = await setup({
      answer: (endpoint) => {
        if (fail && endpoint.method === 'POST') throw new ApiError('bad_request', 422, { error: 'refused' });
      },
    });
    await flow.sendMessage('Hello');
    const local = deps.messages.list.value.at(-1)!;
    expect(local).toMatchObject({ content: 'Hello', status: 'failed', meta: { error: 'refused' } });
    fail = false;
    await flow.retry(String(local.id));
    expect(calls()).toEqual(['POST /api/v1/widget/messages', 'POST /api/v1/widget/messages']);
  });

  it('sends a message written while the server was down by itself once the connection is back', async () => {
    let down = true;
    const { flow, deps, calls } = await setup({
      answer: (endpoint) => {
        if (down && endpoint.method === 'POST') throw new ApiError('network');
      },
    });
    const sent = flow.sendMessage('Hello');
    await vi.waitFor(() => expect(deps.messages.list.value.at(-1)).toMatchObject({ content: 'Hello', waiting: true }));
    (deps.connectionLost as Signal<boolean>).value = true;
    down = false;
    (deps.connectionLost as Signal<boolean>).value = false;
    await sent;
    await vi.waitFor(() => expect(deps.messages.list.value.at(-1)).toMatchObject({ content: 'Hello', status: 'sent' }));
    expect(calls()).toEqual(['POST /api/v1/widget/messages', 'POST /api/v1/widget/messages']);
  });
});

describe('sending files', () => {
  it('sends each file as its own multipart message', async () => {
    const { flow, endpoints, settle } = await setup();
    const photo = file('photo.png', 'image/png');
    const invoice = file('invoice.pdf', 'application/pdf');
    await flow.sendFiles([photo, invoice], sendFile);
    await settle();
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      'POST /api/v1/widget/messages',
      'POST /api/v1/widget/messages',
    ]);
    const forms = endpoints.map((endpoint) => endpoint.body as FormData);
    expect(forms.every((form) => form instanceof FormData)).toBe(true);
    expect(forms.map((form) => form.getAll('message[attachments][]').map((f) => (f as File).name))).toEqual([
      ['photo.png'],
      ['invoice.pdf'],
    ]);
    expect(forms[0].get('message[referer_url]')).toBe(PAGE);
  });

  it('shows each file at once as an uploading message of its kind', async () => {
    const uploading = (endpoint: Endpoint) => (endpoint.method === 'POST' ? new Promise(() => undefined) : undefined);
    const { flow, deps } = await setup({ answer: uploading });
    await flow.sendFiles([file('photo.png', 'image/png'), file('invoice.pdf', 'application/pdf')], sendFile);
    const local = deps.messages.list.value.filter((m) => typeof m.id === 'string');
    expect(local.map((m) => m.status)).toEqual(['in_progress', 'in_progress']);
    expect(local.map((m) => m.attachments?.[0].file_type)).toEqual(['image', 'file']);
  });

  it('replaces the uploading messages with the stored ones', async () => {
    const { flow, deps, settle } = await setup();
    await flow.sendFiles([file('photo.png', 'image/png')], sendFile);
    await settle();
    expect(deps.messages.list.value.map((m) => m.id)).toEqual([1, 2, 900]);
    expect(deps.messages.list.value.at(-1)!.status).toBe('sent');
  });

  it('quotes the message being replied to on every file, then clears the quote', async () => {
    const { flow, deps, endpoints, settle } = await setup();
    deps.composer.quote(deps.messages.list.value[0]);
    await flow.sendFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], sendFile);
    await settle();
    expect(endpoints.map((endpoint) => (endpoint.body as FormData).get('message[reply_to]'))).toEqual(['1', '1']);
    expect(deps.composer.replyTo.value).toBeNull();
  });

  it('marks a file the server refuses as failed, without throwing', async () => {
    const { flow, deps, settle } = await setup({ answer: failing('POST', '/messages') });
    await flow.sendFiles([file('photo.png', 'image/png')], sendFile);
    await settle();
    expect(deps.messages.list.value.at(-1)!.status).toBe('failed');
  });
});

describe('a file the visitor picks', () => {
  /** What each send carried, in the order the server got them: a text's content, a file's name. */
  const sent = (endpoints: Endpoint[]) =>
    endpoints
      .filter((endpoint) => endpoint.method === 'POST')
      .map((endpoint) =>
        endpoint.body instanceof FormData
          ? (endpoint.body.get('message[attachments][]') as File).name
          : (endpoint.body as { message: { content: string } }).message.content,
      );

  it('is sent at once, with no Send, each file its own message quoting the message replied to', async () => {
    const { flow, deps, endpoints, settle } = await setup();
    deps.composer.quote(deps.messages.list.value[0]);
    await flow.attach([file('photo.png', 'image/png'), file('invoice.pdf', 'application/pdf')]);
    await settle();
    expect(sent(endpoints)).toEqual(['photo.png', 'invoice.pdf']);
    expect(endpoints.map((endpoint) => (endpoint.body as FormData).get('message[reply_to]'))).toEqual(['1', '1']);
    expect(deps.composer.replyTo.value).toBeNull();
  });

  it('that the inbox refuses never leaves, and the visitor is told', async () => {
    const { flow, endpoints, settle, refuse } = await setup();
    await flow.attach([file('setup.exe', 'application/x-msdownload'), file('photo.png', 'image/png')]);
    await settle();
    expect(sent(endpoints)).toEqual(['photo.png']);
    // Once, for the first file refused; its words are outgoingFiles.test.ts's.
    expect(refuse).toHaveBeenCalledOnce();
  });

  it('goes in order with the texts: a text sent while a file picked before it is on its way waits for it', async () => {
    const { flow, endpoints, settle } = await setup();
    flow.sendMessage('Before');
    const attached = flow.attach([file('photo.png', 'image/png')]);
    // The attachments chunk is still on its way: the text waits behind the file (the composer holds it).
    const after = flow.send('After');
    expect(after).toBeInstanceOf(Promise);
    await Promise.all([attached, after]);
    await settle();
    expect(sent(endpoints)).toEqual(['Before', 'photo.png', 'After']);
  });

  it('sends a text at once again once no file is on its way', async () => {
    const { flow, endpoints, settle } = await setup();
    await flow.attach([file('photo.png', 'image/png')]);
    await settle();
    expect(flow.send('Then this')).toBeUndefined();
    await settle();
    expect(sent(endpoints)).toEqual(['photo.png', 'Then this']);
  });
});

describe('answering an interactive message', () => {
  const form = (): ChatMessage => ({
    ...agentMessage(2, { content_type: 'form', content_attributes: { items: [{ name: 'size', type: 'text', label: 'Size' }] } }),
    status: 'sent',
  });

  it('PATCHes the message with the submitted values', async () => {
    const { flow, endpoints } = await setup();
    await expect(flow.respond(form(), { kind: 'submitted_values', values: [{ name: 'size', value: 'M' }] })).resolves.toBe(true);
    expect(endpoints).toEqual([
      {
        method: 'PATCH',
        path: '/api/v1/widget/messages/2',
        body: { message: { submitted_values: [{ name: 'size', value: 'M' }] } },
        query: undefined,
      },
    ]);
  });

  it('shows the message as answered at once, keeping its other attributes', async () => {
    const { flow, deps } = await setup();
    await flow.respond(form(), { kind: 'submitted_values', values: [{ name: 'size', value: 'M' }] });
    expect(deps.messages.map.value.get(2)!.content_attributes).toEqual({
      items: [{ name: 'size', type: 'text', label: 'Size' }],
      submitted_values: [{ name: 'size', value: 'M' }],
    });
  });

  it('sends an email answer as the contact email and shows it submitted', async () => {
    const { flow, deps, endpoints } = await setup();
    const ask = { ...agentMessage(2, { content_type: 'input_email' }), status: 'sent' } as ChatMessage;
    await expect(flow.respond(ask, { kind: 'email', email: 'ana@example.com' })).resolves.toBe(true);
    expect(endpoints[0].body).toEqual({ contact: { email: 'ana@example.com' } });
    expect(deps.messages.map.value.get(2)!.content_attributes.submitted_email).toBe('ana@example.com');
  });

  it('answers false and leaves the message unanswered when the server refuses', async () => {
    const { flow, deps } = await setup({ answer: failing('PATCH', '/messages/2') });
    await expect(flow.respond(form(), { kind: 'submitted_values', values: [] })).resolves.toBe(false);
    expect(deps.messages.map.value.get(2)!.content_attributes).not.toHaveProperty('submitted_values');
  });

  it('answers false without a request for a message the server has not stored', async () => {
    const { flow, calls } = await setup();
    await expect(flow.respond({ ...form(), id: 'local-1' }, { kind: 'submitted_values', values: [] })).resolves.toBe(false);
    expect(calls()).toEqual([]);
  });
});

describe('a card postback', () => {
  it('tells the host and sends the payload as a message', async () => {
    const { flow, deps, endpoints } = await setup();
    await flow.postback('PLAN_PRO');
    expect(deps.postback).toHaveBeenCalledExactlyOnceWith('PLAN_PRO');
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(['POST /api/v1/widget/messages']);
    expect((endpoints[0].body as { message: { content: string } }).message.content).toBe('PLAN_PRO');
    expect(deps.messages.list.value.at(-1)!.content).toBe('PLAN_PRO');
  });
});

describe('starting a new conversation', () => {
  it('empties the message list and forgets the resolved conversation', async () => {
    const { flow, deps } = await setup();
    flow.startNewConversation();
    expect(deps.messages.list.value).toEqual([]);
    expect(deps.conversation.summary.value).toBeNull();
  });

  it('tells the host a conversation is starting', async () => {
    const { flow, deps } = await setup();
    flow.startNewConversation();
    expect(deps.emitHost).toHaveBeenCalledExactlyOnceWith('chatwoot:on-start-conversation', { hasConversation: true });
  });

  it('does not fetch the old history back', async () => {
    const { flow, deps, calls } = await setup();
    flow.startNewConversation();
    expect(deps.messages.fetchOlder()).toBeUndefined();
    expect(deps.messages.allLoaded.value).toBe(true);
    expect(deps.messages.hasFetched.value).toBe(true);
    expect(calls()).toEqual([]);
  });

  it('starts the new conversation with the first message sent, rather than reopening the last', async () => {
    const { flow, deps, calls, settle } = await setup({
      answer: (endpoint) => {
        if (endpoint.method === 'POST' && endpoint.path.endsWith('/conversations')) {
          const { content, echo_id } = (endpoint.body as { message: { content: string; echo_id: string } }).message;
          const first = { ...agentMessage(950, { message_type: MESSAGE_TYPE.incoming, content, conversation_id: 11 }), echo_id };
          return { id: 11, inbox_id: 1, contact_last_seen_at: 0, status: 'open', messages: [first] };
        }
        return undefined;
      },
    });
    flow.startNewConversation();
    expect(deps.conversation.afresh.value).toBe(true);
    flow.sendMessage('Hello again');
    await settle();
    expect(calls()).toEqual(['POST /api/v1/widget/conversations']);
    expect(deps.conversation.id.value).toBe(11);
    expect(deps.conversation.afresh.value).toBe(false);
    expect(deps.messages.list.value.map((m) => [m.id, m.content])).toEqual([[950, 'Hello again']]);
  });
});

describe('requesting the transcript', () => {
  it('posts the typed email and answers true', async () => {
    const { flow, endpoints } = await setup();
    await expect(flow.requestTranscript('ana@example.com')).resolves.toBe(true);
    expect(endpoints).toEqual([
      { method: 'POST', path: '/api/v1/widget/conversations/transcript', body: { email: 'ana@example.com' }, query: undefined },
    ]);
  });

  it('posts no email when the server already has one', async () => {
    const { flow, endpoints } = await setup();
    await expect(flow.requestTranscript()).resolves.toBe(true);
    expect(endpoints[0].body).toEqual({});
  });

  it('answers false when the server refuses', async () => {
    const { flow } = await setup({ answer: failing('POST', '/transcript') });
    await expect(flow.requestTranscript('ana@example.com')).resolves.toBe(false);
  });
});

describe('the video-call link', () => {
  const call = (content_attributes: Record<string, unknown>, id: number | string = 5): ChatMessage => ({
    ...agentMessage(5, { content_type: 'integrations', content_attributes }),
    id,
    status: 'sent',
  });

  it('is the join URL of a plain video call, without any request', async () => {
    const { flow, calls } = await setup();
    await expect(flow.videoCallUrl(call({ type: 'video_call', data: { join_url: 'https://meet.example/room-1' } }))).resolves.toBe(
      'https://meet.example/room-1',
    );
    expect(calls()).toEqual([]);
  });

  it('accepts an http join URL', async () => {
    const { flow } = await setup();
    await expect(flow.videoCallUrl(call({ type: 'video_call', data: { join_url: 'http://meet.example/room-1' } }))).resolves.toBe(
      'http://meet.example/room-1',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://meet.example/room', '//meet.example/room', ''])(
    'refuses the join URL %j',
    async (join_url) => {
      const { flow } = await setup();
      await expect(flow.videoCallUrl(call({ type: 'video_call', data: { join_url } }))).resolves.toBeNull();
    },
  );

  it('is null for a call without a join URL', async () => {
    const { flow } = await setup();
    await expect(flow.videoCallUrl(call({ type: 'video_call' }))).resolves.toBeNull();
  });

  it('asks the server for a Dyte participant token and builds the meeting URL', async () => {
    const { flow, endpoints } = await setup({
      answer: (endpoint) => (endpoint.path.endsWith('/add_participant_to_meeting') ? { token: 'abc/+=' } : undefined),
    });
    await expect(flow.videoCallUrl(call({ type: 'dyte', data: { meeting_id: 'm-1' } }))).resolves.toBe(
      'https://app.dyte.io/v2/meeting?authToken=abc%2F%2B%3D&showSetupScreen=true&disableVideoBackground=true',
    );
    expect(endpoints).toEqual([
      { method: 'POST', path: '/api/v1/widget/integrations/dyte/add_participant_to_meeting', body: { message_id: 5 }, query: undefined },
    ]);
  });

  it('is null when the Dyte token cannot be had', async () => {
    const { flow } = await setup({ answer: failing('POST', '/add_participant_to_meeting') });
    await expect(flow.videoCallUrl(call({ type: 'dyte', data: { meeting_id: 'm-1' } }))).resolves.toBeNull();
  });
});

describe('the flow of a widget', () => {
  it('is built once per widget state, from its chunk, and is at hand once the chunk is', async () => {
    const { state } = fakeWidget();
    const flow = await state.conversationFlow.load();
    expect(state.conversationFlow.loaded).toBe(flow);
    expect(await state.conversationFlow.load()).toBe(flow);
    expect(fakeWidget().state.conversationFlow.loaded).not.toBe(flow);
  });
});

describe('a reply’s quote older than the history held', () => {
  /** The latest page is full (messages 50 to 69: there may be older ones); a page after 40 brings `older`. */
  const latest = Array.from({ length: 20 }, (_, i) => agentMessage(50 + i));
  const history =
    (older: WidgetMessage[]): Answer =>
    (endpoint) => {
      if (endpoint.method !== 'GET' || !endpoint.path.endsWith('/messages')) return undefined;
      return { payload: endpoint.query?.after === undefined ? latest : older, meta: {} };
    };

  it('brings the quoted message in and asks the view to show it', async () => {
    const { flow, deps } = await setup({ answer: history([agentMessage(40), agentMessage(45)]) });
    expect(await flow.showMessage(40)).toBe(true);
    expect(deps.messages.map.value.has(40)).toBe(true);
    expect(deps.messages.focusRequest.value).toEqual({ id: 40 });
  });

  it('answers false for a message the conversation does not have', async () => {
    const { flow, deps } = await setup({ answer: history([]) });
    expect(await flow.showMessage(40)).toBe(false);
    expect(deps.messages.focusRequest.value).toBeNull();
  });
});
