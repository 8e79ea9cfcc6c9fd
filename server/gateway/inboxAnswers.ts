/**
 * What Chatwoot answers alike to every visitor of an inbox: its campaigns (the loader asks on
 * every first-time visitor's page view, and the `/widget` page carries them) and its agents with
 * their availability. Each is kept per website token for a short while, in this process or, with
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
  };
}

export type InboxAnswers = ReturnType<typeof createInboxAnswers>;
