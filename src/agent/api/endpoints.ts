/**
 * Every call the agent console makes, as data: the Application API subset
 * (docs/protocol.md#application-api) and nothing else. Builders are pure; `client.ts` sends them.
 */
import type { AgentMessage, AgentProfile, ConversationList, MessageList } from '../../shared/applicationApi';
import type { ConversationStatus } from '../../shared/types';

export type HttpMethod = 'GET' | 'POST';

/** A request described as data; `T` is the type of the parsed answer. */
export interface Endpoint<T = unknown> {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: object;
  /** Never set: carries `T` to `request()`. */
  readonly response?: T;
}

const call = <T>(method: HttpMethod, path: string, body?: object, query?: Endpoint['query']): Endpoint<T> => ({
  method,
  path,
  ...(body && { body }),
  ...(query && { query }),
});
const account = (accountId: number) => `/api/v1/accounts/${accountId}`;
const conversation = (accountId: number, id: number) => `${account(accountId)}/conversations/${id}`;

/** `GET /api/v1/profile`: who the token is, their accounts and their own cable token. */
export const getProfile = () => call<AgentProfile>('GET', '/api/v1/profile');

/** Conversations of every status, most recent activity first, 25 a page. */
export const listConversations = (accountId: number, page = 1) =>
  call<ConversationList>('GET', `${account(accountId)}/conversations`, undefined, { status: 'all', page });

export const getConversation = (accountId: number, id: number) =>
  call<ConversationList['data']['payload'][number]>('GET', conversation(accountId, id));

/** The newest 20 messages, or the 20 before `before`, or every one after `after`. */
export const listMessages = (accountId: number, id: number, page: { before?: number; after?: number } = {}) =>
  call<MessageList>('GET', `${conversation(accountId, id)}/messages`, undefined, page);

/** A reply to the visitor (its realtime echo has the same id, so nothing shows twice). */
export const sendReply = (accountId: number, id: number, content: string) =>
  call<AgentMessage>('POST', `${conversation(accountId, id)}/messages`, { content });

export const toggleStatus = (accountId: number, id: number, status: ConversationStatus) =>
  call<{ payload: { current_status: ConversationStatus } }>('POST', `${conversation(accountId, id)}/toggle_status`, { status });

/**
 * The agent has the conversation on screen: the visitor's messages become `read` for them
 * (docs/protocol.md#delivery-status), as when Chatwoot's dashboard shows a conversation.
 */
export const markSeen = (accountId: number, id: number) =>
  call<{ id: number; agent_last_seen_at: number }>('POST', `${conversation(accountId, id)}/update_last_seen`);

/** The visitor sees the agent typing (their widget clears it after 30 s without a new `on`). */
export const toggleTyping = (accountId: number, id: number, on: boolean) =>
  call<undefined>('POST', `${conversation(accountId, id)}/toggle_typing_status`, { typing_status: on ? 'on' : 'off' });
