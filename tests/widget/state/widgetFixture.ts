import { computed, signal } from '@preact/signals-react';
import { loadOnce } from '../../../src/widget/lib/loadOnce';
import { attachmentsChunk } from '../../../src/widget/chunks/attachments';
import { helpCentreChunk } from '../../../src/widget/chunks/helpCentre';
import { createWidgetState } from '../../../src/widget/state/widget';
import { realtimeActions } from '../../../src/widget/state/realtimeActions';
import { createRealtimeDispatcher } from '../../../src/widget/realtime/events';
import type { RealtimeEnvelope, RealtimeEventName } from '../../../src/shared/cable';
import type { CampaignResponse, Endpoint } from '../../../src/widget/api/endpoints';
import type { Request } from '../../../src/widget/state/request';
import type { HostBridge } from '../../../src/widget/host/bridge';
import type { LazyModelChunks } from '../../../src/widget/state/widget';
import type { Router, RoutePath } from '../../../src/widget/router';
import {
  MESSAGE_TYPE,
  type ChannelConfig,
  type ConversationSummary,
  type WidgetBootConfig,
  type WidgetMessage,
} from '../../../src/shared/types';

export const CONVERSATION_ID = 10;
/** When the visitor last read the conversation (seconds). */
export const LAST_SEEN_AT = 1_700_000_000;

export interface FakeServer {
  /** The visitor's conversation; null when they have none yet. */
  conversation?: Partial<ConversationSummary> | null;
  messages?: WidgetMessage[];
  campaigns?: CampaignResponse[] | Error;
  /** Answers `GET /contact`; by default at once. */
  contact?: () => Promise<unknown>;
  /** Answers any other call it returns something for (a value, or a rejected promise). */
  answer?: (endpoint: Endpoint) => unknown;
  /** Answers the help centre's `GET /hc/{portal}/{locale}/articles.json`; by default no articles. */
  articles?: () => Promise<unknown>;
}

/** A message of the current conversation; outgoing (an agent's) and unread unless told. */
export const widgetMessage = (id: number, fields: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  content: `message ${id}`,
  message_type: MESSAGE_TYPE.outgoing,
  content_attributes: {},
  created_at: LAST_SEEN_AT + id,
  conversation_id: CONVERSATION_ID,
  sender_type: 'User',
  ...fields,
});

/**
 * A widget on fakes: a server answering from `server`, a host bridge that records what it is
 * told, and a router whose `navigate` moves `path` as the hash router does. Not loaded yet. In an
 * iframe the host has answered `loaded` (the window is closed) unless
 * `hostAnswered` is false. The conversation's flow comes from `flowChunk`, by default the module
 * itself, at once.
 */
export function fakeWidget(
  server: FakeServer = {},
  {
    inIframe = true,
    hostAnswered = true,
    channel = {} as Partial<ChannelConfig>,
    flowChunk = loadOnce(() => import('../../../src/widget/state/conversationFlow')) as LazyModelChunks['conversation'],
  } = {},
) {
  const endpoints: Endpoint[] = [];
  const request = vi.fn(async (endpoint: Endpoint) => {
    endpoints.push(endpoint);
    const answered = server.answer?.(endpoint);
    if (answered !== undefined) return answered;
    const path = endpoint.path.replace('/api/v1/widget', '');
    if (endpoint.method === 'GET' && path === '/conversations') {
      return server.conversation === null
        ? {}
        : { id: CONVERSATION_ID, inbox_id: 1, contact_last_seen_at: LAST_SEEN_AT, status: 'open', ...server.conversation };
    }
    if (endpoint.method === 'GET' && path === '/messages')
      return { payload: endpoint.query?.after ? [] : (server.messages ?? []), meta: {} };
    if (path === '/inbox_members') return { payload: [] };
    if (path.startsWith('/hc/')) return server.articles ? server.articles() : { payload: [], meta: { articles_count: 0 } };
    if (path === '/contact') return server.contact ? server.contact() : { id: 1, name: 'Visitor' };
    if (path === '/campaigns') {
      if (server.campaigns instanceof Error) throw server.campaigns;
      return server.campaigns ?? [];
    }
    return {};
  });
  const bridge = { inIframe, inNativeApp: false, send: vi.fn(), sendNative: vi.fn(), listen: vi.fn(() => () => undefined) };
  const path = signal<RoutePath>('/');
  const query = signal(new URLSearchParams());
  const navigate = vi.fn((to: RoutePath, params?: Record<string, string>) => {
    path.value = to;
    query.value = new URLSearchParams(params);
  });
  const router = { path: computed(() => path.value), query: computed(() => query.value), navigate } as unknown as Router;
  const boot: WidgetBootConfig = {
    chatwootWebChannel: {
      websiteToken: 'web-tok',
      enabledLanguages: [],
      enabledFeatures: [],
      workingHoursEnabled: false,
      workingHours: [],
      fileRules: { extensions: ['png', 'jpg', 'pdf'], maxSizeMb: 40 },
      ...channel,
    } as unknown as ChannelConfig,
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
  };
  const state = createWidgetState({
    boot,
    request: request as unknown as Request,
    bridge: bridge as unknown as HostBridge,
    router,
    chunks: {
      conversation: flowChunk,
      attachments: attachmentsChunk,
      helpCentre: helpCentreChunk,
    },
  });
  if (hostAnswered && inIframe) state.app.setOpen(false);
  const dispatch = createRealtimeDispatcher(realtimeActions(state, vi.fn(), vi.fn()));
  /** A realtime event from the cable. */
  const emit = (event: RealtimeEventName, data: unknown) => dispatch({ event, data } as RealtimeEnvelope);
  /** What the widget told the host, by message name. */
  const sent = (name: string) => bridge.send.mock.calls.filter(([event]) => event === name).map(([, payload]) => payload);
  return { state, request, endpoints, bridge, navigate, path, emit, sent };
}
