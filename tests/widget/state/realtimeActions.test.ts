import { computed, signal } from '@preact/signals-react';
import { loadOnce } from '../../../src/widget/lib/loadOnce';
import { attachmentsChunk } from '../../../src/widget/chunks/attachments';
import { helpCentreChunk } from '../../../src/widget/chunks/helpCentre';
import { createWidgetState } from '../../../src/widget/state/widget';
import { realtimeActions } from '../../../src/widget/state/realtimeActions';
import { createRealtimeDispatcher, type RealtimeMessage, type RealtimeTyping } from '../../../src/widget/realtime/events';
import type { RealtimeEnvelope, RealtimeEventName } from '../../../src/shared/cable';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import type { HostBridge } from '../../../src/widget/host/bridge';
import type { Router } from '../../../src/widget/router';
import { MESSAGE_TYPE, type ChannelConfig, type InboxMember, type WidgetBootConfig } from '../../../src/shared/types';

const CONVERSATION_ID = 10;

const boot = (): WidgetBootConfig => ({
  chatwootWebChannel: { websiteToken: 'web-tok', enabledLanguages: [], enabledFeatures: [] } as unknown as ChannelConfig,
  chatwootPubsubToken: 'pubsub-1',
  authToken: 'jwt-1',
  globalConfig: {
    LOGO_THUMBNAIL: '',
    BRAND_NAME: 'Wren',
    WIDGET_BRAND_URL: 'https://wren.example',
    DIRECT_UPLOADS_ENABLED: false,
    MAXIMUM_FILE_UPLOAD_SIZE: 40,
    INSTALLATION_NAME: 'Wren',
  },
});

const agent = (id: number, availability_status: InboxMember['availability_status'] = 'online'): InboxMember => ({
  id,
  name: `Agent ${id}`,
  avatar_url: '',
  availability_status,
});

/** A widget with its conversation (id 10) and two online agents loaded from a fake server. */
async function setup({ conversation = true } = {}) {
  const endpoints: Endpoint[] = [];
  const request = vi.fn(async (endpoint: Endpoint) => {
    endpoints.push(endpoint);
    if (endpoint.path.endsWith('/conversations'))
      return conversation ? { id: CONVERSATION_ID, inbox_id: 1, contact_last_seen_at: 0, status: 'open' } : {};
    if (endpoint.path.endsWith('/inbox_members')) return { payload: [agent(1), agent(2)] };
    if (endpoint.path.endsWith('/messages')) return { payload: [], meta: {} };
    return {};
  }) as unknown as Request;
  const bridge = { inIframe: true, inNativeApp: false, send: vi.fn(), sendNative: vi.fn(), listen: vi.fn(() => () => undefined) };
  const path = signal<string>('/');
  const router = { path, query: computed(() => new URLSearchParams()), navigate: vi.fn() } as unknown as Router;
  const state = createWidgetState({
    boot: boot(),
    request,
    bridge: bridge as unknown as HostBridge,
    router,
    chunks: {
      conversation: loadOnce(() => import('../../../src/widget/state/conversationFlow')),
      attachments: attachmentsChunk,
      helpCentre: helpCentreChunk,
    },
  });
  // The host answered `loaded`: the window is closed.
  state.app.setOpen(false);
  await state.load();
  endpoints.length = 0;
  bridge.send.mockClear();
  const onPubsubToken = vi.fn();
  const dispatch = createRealtimeDispatcher(realtimeActions(state, onPubsubToken, vi.fn()));
  const emit = (event: RealtimeEventName, data: unknown) => dispatch({ event, data } as RealtimeEnvelope);
  return { state, bridge, endpoints, emit, onPubsubToken };
}

const message = (id: number, fields: Partial<RealtimeMessage> = {}): RealtimeMessage => ({
  id,
  content: `message ${id}`,
  message_type: MESSAGE_TYPE.outgoing,
  content_attributes: {},
  created_at: 1_700_000_000 + id,
  conversation_id: CONVERSATION_ID,
  account_id: 1,
  sender_type: 'User',
  ...fields,
});

const typing = (conversationId: number, fields: Partial<RealtimeTyping> = {}): RealtimeTyping => ({
  conversation: { id: conversationId, inbox_id: 1, status: 'open', account_id: 1 },
  user: { id: 1, name: 'Ana', avatar_url: '', type: 'user' },
  is_private: false,
  account_id: 1,
  ...fields,
});

const onMessageEvents = (bridge: { send: ReturnType<typeof vi.fn> }) =>
  bridge.send.mock.calls.filter(([event, payload]) => event === 'onEvent' && payload.eventIdentifier === 'chatwoot:on-message');

describe('the new-message sound', () => {
  const sounds = (bridge: { send: { mock: { calls: unknown[][] } } }) => bridge.send.mock.calls.filter(([event]) => event === 'playAudio');

  it("asks the host to play it for an agent's reply while the chat is closed", async () => {
    const { bridge, emit } = await setup();
    emit('message.created', message(501, { sender_type: 'User' }));
    expect(sounds(bridge)).toHaveLength(1);
  });

  it('stays quiet while the visitor has the chat open and in view', async () => {
    const { state, bridge, emit } = await setup();
    state.app.setOpen(true);
    emit('message.created', message(501, { sender_type: 'User' }));
    expect(sounds(bridge)).toHaveLength(0);
  });

  it("stays quiet for the visitor's own messages and for bots", async () => {
    const { bridge, emit } = await setup();
    emit('message.created', message(501, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' }));
    emit('message.created', message(502, { sender_type: 'AgentBot' }));
    expect(sounds(bridge)).toHaveLength(0);
  });
});

describe('message.created', () => {
  it('adds a message for the current conversation', async () => {
    const { state, emit } = await setup();
    emit('message.created', message(501));
    expect(state.messages.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('ignores a message for another conversation id', async () => {
    const { state, bridge, emit } = await setup();
    emit('message.created', message(501, { conversation_id: 99 }));
    expect(state.messages.list.value).toEqual([]);
    expect(bridge.send).not.toHaveBeenCalled();
  });

  it('tells the host with chatwoot:on-message and the full message', async () => {
    const { bridge, emit } = await setup();
    const created = message(501);
    emit('message.created', created);
    expect(onMessageEvents(bridge)).toEqual([['onEvent', { eventIdentifier: 'chatwoot:on-message', data: created }]]);
  });

  it("tells the host about the visitor's own echoed messages too", async () => {
    const { bridge, emit } = await setup();
    emit('message.created', message(501, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' }));
    expect(onMessageEvents(bridge)).toHaveLength(1);
  });

  it('clears the typing indicator when an agent message arrives', async () => {
    const { state, emit } = await setup();
    emit('conversation.typing_on', typing(CONVERSATION_ID));
    emit('message.created', message(501, { sender_type: 'User' }));
    expect(state.conversation.isAgentTyping.value).toBe(false);
  });

  it('fetches the conversation when the first message of a new one arrives', async () => {
    const { state, endpoints, emit } = await setup({ conversation: false });
    emit('message.created', message(501));
    expect(state.messages.list.value.map((m) => m.id)).toEqual([501]);
    expect(endpoints.some((e) => e.method === 'GET' && e.path === '/api/v1/widget/conversations')).toBe(true);
  });

  it('updates the notification dot for an agent message while the widget is closed', async () => {
    const { bridge, emit } = await setup();
    emit('message.created', message(501));
    expect(bridge.send).toHaveBeenCalledWith('handleNotificationDot', { unreadMessageCount: 1 });
  });
});

describe('message.updated', () => {
  it('updates a held message in place', async () => {
    const { state, emit } = await setup();
    emit('message.created', message(501, { content: 'first' }));
    emit('message.updated', message(501, { content: 'edited' }));
    expect(state.messages.list.value).toHaveLength(1);
    expect(state.messages.list.value[0].content).toBe('edited');
  });

  it('leaves a message it does not hold unloaded (history not fetched yet), rather than showing it out of place', async () => {
    const { state, emit } = await setup();
    emit('message.created', message(501, { content: 'first' }));
    emit('message.updated', message(7, { content: 'old history, now read', status: 'read' }));
    expect(state.messages.list.value.map((m) => m.id)).toEqual([501]);
  });

  it('removes a held message that was deleted', async () => {
    const { state, emit } = await setup();
    emit('message.created', message(501, { content: 'first' }));
    emit('message.updated', message(501, { content_attributes: { deleted: true } }));
    expect(state.messages.list.value).toEqual([]);
  });

  it('ignores an update for another conversation id', async () => {
    const { state, emit } = await setup();
    emit('message.created', message(501, { content: 'first' }));
    emit('message.updated', message(501, { content: 'edited', conversation_id: 99 }));
    expect(state.messages.list.value[0].content).toBe('first');
  });

  it('tells the host with chatwoot:on-message when a form was submitted', async () => {
    const { bridge, emit } = await setup();
    emit('message.updated', { ...message(501), previous_changes: { content_attributes: [{}, { submitted_values: [{ value: 'x' }] }] } });
    expect(onMessageEvents(bridge)).toHaveLength(1);
  });

  it('does not tell the host about other updates', async () => {
    const { bridge, emit } = await setup();
    emit('message.updated', { ...message(501), previous_changes: { content: ['a', 'b'] } });
    expect(onMessageEvents(bridge)).toHaveLength(0);
  });
});

describe('conversation events', () => {
  it('applies a status change for the current conversation', async () => {
    const { state, emit } = await setup();
    emit('conversation.status_changed', { id: CONVERSATION_ID, inbox_id: 1, status: 'resolved', account_id: 1 });
    expect(state.conversation.status.value).toBe('resolved');
  });

  it('ignores a status change for another conversation id', async () => {
    const { state, emit } = await setup();
    emit('conversation.status_changed', { id: 99, inbox_id: 1, status: 'resolved', account_id: 1 });
    expect(state.conversation.status.value).toBe('open');
  });

  it('shows the agent typing in the current conversation', async () => {
    const { state, emit } = await setup();
    emit('conversation.typing_on', typing(CONVERSATION_ID));
    expect(state.conversation.isAgentTyping.value).toBe(true);
    expect(state.conversation.typist.value).toBe('Ana');
  });

  it('ignores typing in another conversation id', async () => {
    const { state, emit } = await setup();
    emit('conversation.typing_on', typing(99));
    expect(state.conversation.isAgentTyping.value).toBe(false);
  });

  it('ignores private (note) typing', async () => {
    const { state, emit } = await setup();
    emit('conversation.typing_on', typing(CONVERSATION_ID, { is_private: true }));
    expect(state.conversation.isAgentTyping.value).toBe(false);
  });

  it('stops the indicator on typing_off, but not for another conversation id', async () => {
    const { state, emit } = await setup();
    emit('conversation.typing_on', typing(CONVERSATION_ID));
    emit('conversation.typing_off', typing(99));
    expect(state.conversation.isAgentTyping.value).toBe(true);
    emit('conversation.typing_off', typing(CONVERSATION_ID));
    expect(state.conversation.isAgentTyping.value).toBe(false);
  });

  it('takes the new conversation from conversation.created, and its first message then asks for nothing', async () => {
    const { state, endpoints, emit } = await setup({ conversation: false });
    emit('conversation.created', { id: 11, inbox_id: 1, status: 'open', account_id: 1, contact_last_seen_at: 0 });
    expect(state.conversation.summary.value).toEqual({ id: 11, inbox_id: 1, status: 'open', contact_last_seen_at: 0 });
    emit('message.created', message(601, { conversation_id: 11, message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' }));
    expect(state.messages.list.value.map((m) => m.id)).toEqual([601]);
    expect(endpoints).toEqual([]);
  });
});

describe('presence.update', () => {
  it('marks agents missing from the update offline', async () => {
    const { state, emit } = await setup();
    expect(state.isOnline.value).toBe(true);
    emit('presence.update', { account_id: 1, users: { 2: 'busy' } });
    expect(state.agents.members.value.map((a) => [a.id, a.availability_status])).toEqual([
      [1, 'offline'],
      [2, 'busy'],
    ]);
    expect(state.isOnline.value).toBe(false);
  });

  it('marks every agent offline when the update has no users', async () => {
    const { state, emit } = await setup();
    emit('presence.update', { account_id: 1 } as never);
    expect(state.agents.members.value.every((a) => a.availability_status === 'offline')).toBe(true);
  });
});

describe('contact.merged', () => {
  it('hands over the new pubsub token', async () => {
    const { emit, onPubsubToken } = await setup();
    emit('contact.merged', { pubsub_token: 'pubsub-2' });
    expect(onPubsubToken).toHaveBeenCalledExactlyOnceWith('pubsub-2');
  });

  it('does nothing without a token', async () => {
    const { emit, onPubsubToken } = await setup();
    emit('contact.merged', {});
    expect(onPubsubToken).not.toHaveBeenCalled();
  });
});
