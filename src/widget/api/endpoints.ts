/**
 * Every call the widget makes, as data (docs/protocol.md#widget-api). Builders are pure:
 * they describe a request and never send it; `client.ts` does the I/O. Paths are absolute from
 * the server root, so the client only prefixes its origin. This module is part of the first
 * paint; the calls only a lazy part makes are apart, with it: the help centre's
 * (`helpCentreEndpoints.ts`), a file's upload (`attachmentEndpoints.ts`), bots' answers'
 * (`botReplyEndpoints.ts`), the transcript's (`transcriptEndpoints.ts`) and the site's calls on
 * attributes and labels (`siteCallEndpoints.ts`).
 * Sending a text is not: its way to the server is the widget's busiest, and kept short.
 */
import type {
  CampaignResponse,
  ConversationSummary,
  CreatedConversation,
  CreatedMessage,
  InboxMember,
  MessagesPage,
  WidgetContact,
} from '../../shared/types';

// The response shapes are the wire's, typed once in src/shared (the server's presenters satisfy them).
export type { CampaignResponse, MessagesPage };

export const WIDGET_API_PATH = '/api/v1/widget';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

/** A request described as data; `T` is the type of the parsed response body. */
export interface Endpoint<T = unknown> {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except a `FormData`, which goes as multipart. */
  body?: object | FormData;
  /** Never set: carries `T` to `request()` so call sites need no type arguments. */
  readonly response?: T;
}

/** Contact fields the widget may set (flat, as `PATCH /contact` expects). */
export interface ContactFields {
  identifier?: string;
  email?: string;
  name?: string;
  avatar_url?: string;
  phone_number?: string;
  custom_attributes?: Record<string, unknown>;
  additional_attributes?: Record<string, unknown>;
}

/** `PATCH /contact/set_user` (`$chatwoot.setUser`). */
export interface SetUserFields extends ContactFields {
  identifier_hash?: string;
}

/** A widget API call (`/api/v1/widget/…`) as data. */
export const api = <T>(method: HttpMethod, path: string, body?: object, query?: Endpoint['query']): Endpoint<T> => ({
  method,
  path: WIDGET_API_PATH + path,
  body,
  query,
});

// Conversations

/**
 * Starts a new conversation with its first message: the pre-chat form's contact details and
 * conversation attributes with it, or nothing more after 'Start a new conversation'.
 */
export const createConversation = (body: {
  contact: { name?: string; email?: string; phone_number?: string };
  message: { content: string; timestamp: string; referer_url: string; echo_id?: string };
  custom_attributes: Record<string, unknown>;
}) => api<CreatedConversation>('POST', '/conversations', body);

/** The contact's current conversation, or `{}` when there is none. */
export const getConversation = () => api<ConversationSummary | Record<string, never>>('GET', '/conversations');

/** Marks the conversation read; the server uses its own clock whatever `contactLastSeenAt` says. */
export const updateLastSeen = (contactLastSeenAt: number) =>
  api<void>('POST', '/conversations/update_last_seen', { contact_last_seen_at: contactLastSeenAt });

export const toggleTyping = (typing: boolean) =>
  api<void>('POST', '/conversations/toggle_typing', { typing_status: typing ? 'on' : 'off' });

/** Resolves the conversation (it is a GET in Chatwoot). */
export const toggleStatus = () => api<void>('GET', '/conversations/toggle_status');

// Messages

/** The visitor's text message, quoting `reply_to` (docs/protocol.md#widget-api). */
export const sendMessage = (message: {
  content: string;
  echo_id: string;
  timestamp: string;
  referer_url: string;
  reply_to?: number | null;
}) => api<CreatedMessage>('POST', '/messages', { message });

/** Latest 20; `before` → 20 older; `after` → up to 100 newer (the reconnect gap fetch). */
export const getMessages = ({ before, after }: { before?: number; after?: number } = {}) =>
  api<MessagesPage>('GET', '/messages', undefined, { before, after });

// Contact

export const getContact = () => api<WidgetContact>('GET', '/contact');

/** Answers what the contact has now, without its `identifier`. */
export const updateContact = (fields: ContactFields) => api<Omit<WidgetContact, 'identifier'>>('PATCH', '/contact', fields);

/** Identifies the visitor; a `widget_auth_token` in the answer replaces the current JWT. */
export const setUser = (fields: SetUserFields) =>
  // `pubsub_token` is Wren's: with a new visitor the socket must follow the new contact.
  api<WidgetContact & { widget_auth_token?: string; pubsub_token?: string }>('PATCH', '/contact/set_user', fields);

// Events, agents, campaigns

/** Publishes a named event (`$chatwoot.trigger`, `webwidget.triggered`). */
export const createEvent = (name: string, eventInfo: Record<string, unknown>) =>
  api<void>('POST', '/events', { name, event_info: eventInfo });

/** Shows a campaign's message; the server opens a conversation only if there is none. */
export const triggerCampaign = (eventInfo: {
  campaign_id: number;
  custom_attributes?: Record<string, unknown>;
  initiated_at: { timestamp: string };
  referer: string;
}) => createEvent('campaign.triggered', eventInfo);

/** Needs no contact token. */
export const getInboxMembers = () => api<{ payload: InboxMember[] }>('GET', '/inbox_members');

/** Needs no contact token. */
export const getCampaigns = () => api<CampaignResponse[]>('GET', '/campaigns');
