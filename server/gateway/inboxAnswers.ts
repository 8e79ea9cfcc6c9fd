/**
 * What Chatwoot answers alike to every visitor of an inbox: its campaigns (the loader asks on
 * every first-time visitor's page view, and the `/widget` page carries them), its agents with
 * their availability, and the name of its agent bot. Each is kept per website token for a short while, in this process or, with
 * REDIS_URL, in Redis for every gateway process (`answerStore.ts`), so a busy site costs Chatwoot
 * one request per inbox and period, not one per visitor; calls for a key already on its way to
 * Chatwoot wait for that one. Only a 200 is kept: an error is passed on and asked again next time.
 */
import { countGatewayCache } from '../observability/metrics';
import type { AnswerStore } from './answerStore';
import type { ChatwootClient } from './chatwootClient';
import { type CallOrigin, upstreamRequestHeaders } from './forwardHeaders';

/** Each shared answer: where Chatwoot serves it, and how long a copy may stand in for it. */
export const INBOX_ANSWERS = {
  // As long as browsers may cache the loader's campaigns check (`publicCacheable`).
  campaigns: { path: '/api/v1/widget/campaigns', ttlMs: 60_000 },
  // Short: an agent who comes online shows within this, or at once over the socket.
  inbox_members: { path: '/api/v1/widget/inbox_members', ttlMs: 10_000 },
} as const;

export type InboxAnswerName = keyof typeof INBOX_ANSWERS;

/** How long the name of an inbox's agent bot is kept: a bot is connected or removed rarely. */
export const AGENT_BOT_TTL_MS = 300_000;

// Chatwoot's page writes `hasAConnectedAgentBot: '<%= inbox.agent_bot&.name %>',`: an ERB
// output, HTML-escaped, so the name holds no quote of its own.
const AGENT_BOT_IN_PAGE = /\bhasAConnectedAgentBot:\s*'([^']*)'/;
const HTML_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The agent bot's name that Chatwoot's `/widget` page carries, or "" when it names none. */
export function agentBotNameInPage(html: string): string {
  const written = AGENT_BOT_IN_PAGE.exec(html)?.[1] ?? '';
  return written.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_ESCAPES[entity] ?? entity);
}

/** Chatwoot's answer, read whole so that every caller waiting for it can have its own copy. */
export interface InboxAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** The answer as a response to one visitor. */
export function inboxAnswerResponse(answer: InboxAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers) });
}

/** Reads the shared answers through `store`, asking `chatwoot` on a miss. */
export function createInboxAnswers(chatwoot: ChatwootClient, store: AnswerStore) {
  const inFlight = new Map<string, Promise<InboxAnswer>>();
  const inFlightBots = new Map<string, Promise<string>>();

  async function ask(name: InboxAnswerName, websiteToken: string, from: CallOrigin, key: string): Promise<InboxAnswer> {
    const { path, ttlMs } = INBOX_ANSWERS[name];
    const answer = await chatwoot.call(`${path}?website_token=${encodeURIComponent(websiteToken)}`, {
      route: path,
      method: 'GET',
      headers: upstreamRequestHeaders(new Headers({ accept: 'application/json' }), from),
      body: null,
    });
    const body = await answer.text().catch(() => '');
    const contentType = answer.headers.get('content-type') ?? 'application/json';
    if (answer.status === 200) await store.set(key, { contentType, body }, ttlMs);
    return { status: answer.status, headers: answer.headers, body };
  }

  /** Chatwoot's `/widget` page for the visitor of `authToken`, read for its agent bot's name. */
  async function askAgentBot(websiteToken: string, authToken: string, from: CallOrigin, key: string): Promise<string> {
    const query = `?website_token=${encodeURIComponent(websiteToken)}&cw_conversation=${encodeURIComponent(authToken)}`;
    const answer = await chatwoot.call(`/widget${query}`, {
      route: '/widget',
      method: 'GET',
      headers: upstreamRequestHeaders(new Headers({ accept: 'text/html' }), from),
      body: null,
    });
    const page = await answer.text().catch(() => '');
    const name = answer.status === 200 ? agentBotNameInPage(page) : '';
    if (answer.status === 200) await store.set(key, { contentType: 'text/plain', body: name }, AGENT_BOT_TTL_MS);
    return name;
  }

  return {
    /**
     * Chatwoot's answer to `name` for the inbox of `websiteToken` (a well-formed one): a copy
     * kept from an earlier call, or the answer to this one. `from` is the visitor who asked.
     */
    async read(name: InboxAnswerName, websiteToken: string, from: CallOrigin): Promise<InboxAnswer> {
      const key = `${name}:${websiteToken}`;
      const kept = await store.get(key);
      if (kept) {
        countGatewayCache(name, 'hit');
        return { status: 200, headers: new Headers({ 'content-type': kept.contentType }), body: kept.body };
      }
      const pending = inFlight.get(key);
      if (pending) {
        countGatewayCache(name, 'hit');
        return pending;
      }
      countGatewayCache(name, 'miss');
      const asked = ask(name, websiteToken, from, key).finally(() => inFlight.delete(key));
      inFlight.set(key, asked);
      return asked;
    },

    /**
     * The name of the agent bot connected to the inbox of `websiteToken`, or "" (the channel
     * config's `hasAConnectedAgentBot`, docs/protocol.md#the-widget-page). Chatwoot's config
     * answer leaves it out and its `/widget` page carries it, so the page is read, with
     * `authToken`, a token Chatwoot itself issued: a page without one would make Chatwoot create a
     * contact. A page that fails reads as "" and is asked again next time.
     */
    async agentBotName(websiteToken: string, authToken: string, from: CallOrigin): Promise<string> {
      const key = `agent_bot:${websiteToken}`;
      const kept = await store.get(key);
      if (kept) {
        countGatewayCache('agent_bot', 'hit');
        return kept.body;
      }
      const pending = inFlightBots.get(key);
      if (pending) {
        countGatewayCache('agent_bot', 'hit');
        return pending;
      }
      countGatewayCache('agent_bot', 'miss');
      const asked = askAgentBot(websiteToken, authToken, from, key)
        .catch(() => '')
        .finally(() => inFlightBots.delete(key));
      inFlightBots.set(key, asked);
      return asked;
    },
  };
}

export type InboxAnswers = ReturnType<typeof createInboxAnswers>;
