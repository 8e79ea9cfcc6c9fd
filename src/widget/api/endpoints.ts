/**
 * Every call the widget makes, as data (docs/protocol.md#widget-api). Builders are pure:
 * they describe a request and never send it; `client.ts` does the I/O. Paths are absolute from
 * the server root, so the client only prefixes its origin. The help centre's are apart, in
 * `helpCentreEndpoints.ts`: this module is part of the first paint, which has no use for them.
 */
import type { CampaignResponse, ConversationSummary, CreatedMessage, InboxMember, MessagesPage, WidgetContact } from '../../shared/types';

// The response shapes are the wire's, typed once in src/shared (the server's presenters satisfy them).
export type { CampaignResponse, CreatedMessage, MessagesPage };

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

const api = <T>(method: HttpMethod, path: string, body?: object, query?: Endpoint['query']): Endpoint<T> => ({
  method,
  path: WIDGET_API_PATH + path,
  body,
  query,
});

// Conversations

/** The contact's current conversation, or `{}` when there is none. */
export const getConversation = () => api<ConversationSummary | Record<string, never>>('GET', '/conversations');

/** Marks the conversation read; the server uses its own clock whatever `contactLastSeenAt` says. */
export const updateLastSeen = (contactLastSeenAt: number) =>
  api<void>('POST', '/conversations/update_last_seen', { contact_last_seen_at: contactLastSeenAt });

export const toggleTyping = (typing: boolean) =>
  api<void>('POST', '/conversations/toggle_typing', { typing_status: typing ? 'on' : 'off' });

/** Emails the transcript. docs/protocol.md#widget-api sends `email`; Chatwoot uses the contact's stored one. */
export const requestTranscript = (email?: string) => api<void>('POST', '/conversations/transcript', email ? { email } : {});

/** Resolves the conversation (it is a GET in Chatwoot). */
export const toggleStatus = () => api<void>('GET', '/conversations/toggle_status');

/** Replaces the conversation's custom attributes. */
export const setConversationCustomAttributes = (customAttributes: Record<string, unknown>) =>
  api<void>('POST', '/conversations/set_custom_attributes', { custom_attributes: customAttributes });

export const deleteConversationCustomAttribute = (key: string) =>
  api<Record<string, unknown>>('POST', '/conversations/destroy_custom_attributes', { custom_attribute: [key] });

// Messages

/** Latest 20; `before` → 20 older; `after` → up to 100 newer (the reconnect gap fetch). */
export const getMessages = ({ before, after }: { before?: number; after?: number } = {}) =>
  api<MessagesPage>('GET', '/messages', undefined, { before, after });

export const sendMessage = (message: {
  content: string;
  echo_id: string;
  timestamp: string;
  referer_url: string;
  reply_to?: number | null;
}) => api<CreatedMessage>('POST', '/messages', { message });

/**
 * Uploads attachments (a `File`/`Blob`, or a direct-upload signed blob id) as multipart
 * `message[...]` fields.
 */
export const sendAttachment = ({
  attachments,
  timestamp,
  referer_url,
  reply_to,
  echo_id,
}: {
  attachments: (Blob | string)[];
  timestamp: string;
  referer_url: string;
  reply_to?: number | null;
  /** Wren: makes a retried upload idempotent, as for text messages. */
  echo_id?: string;
}) => {
  const form = new FormData();
  // The fields before the files: a gateway reads `echo_id` without waiting for the upload.
  if (echo_id) form.append('message[echo_id]', echo_id);
  form.append('message[referer_url]', referer_url);
  form.append('message[timestamp]', timestamp);
  if (reply_to != null) form.append('message[reply_to]', String(reply_to));
  for (const attachment of attachments) form.append('message[attachments][]', attachment);
  return api<CreatedMessage>('POST', '/messages', form);
};

/** Submits an `input_email` answer (`contact.email`) or form/select/CSAT `submitted_values`. */
export const updateMessage = (id: number, update: { contact?: { email: string }; message?: { submitted_values: unknown } }) =>
  api<{ contact?: Record<string, unknown> }>('PATCH', `/messages/${id}`, update);

// Contact

export const getContact = () => api<WidgetContact>('GET', '/contact');

/** Answers what the contact has now, without its `identifier`. */
export const updateContact = (fields: ContactFields) => api<Omit<WidgetContact, 'identifier'>>('PATCH', '/contact', fields);

/** Identifies the visitor; a `widget_auth_token` in the answer replaces the current JWT. */
export const setUser = (fields: SetUserFields) =>
  // `pubsub_token` is Wren's: with a new visitor the socket must follow the new contact.
  api<WidgetContact & { widget_auth_token?: string; pubsub_token?: string }>('PATCH', '/contact/set_user', fields);

export const deleteContactCustomAttributes = (keys: string[]) =>
  api<Record<string, unknown>>('POST', '/contact/destroy_custom_attributes', { custom_attributes: keys });

// Labels, events, agents, campaigns

export const addLabel = (label: string) => api<void>('POST', '/labels', { label });

export const removeLabel = (label: string) => api<void>('DELETE', `/labels/${encodeURIComponent(label)}`);

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

/** A Dyte participant token for an `integrations` message. */
export const joinVideoCall = (messageId: number) =>
  api<{ token: string }>('POST', '/integrations/dyte/add_participant_to_meeting', { message_id: messageId });
