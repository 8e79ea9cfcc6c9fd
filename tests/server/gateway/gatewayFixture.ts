/**
 * The gateway in front of a reference server standing in for Chatwoot: the gateway's calls go
 * to the upstream app object instead of the network, and each one is recorded; so is every widget
 * API answer the gateway gives, for `passedThroughBreaches` to hold to the OpenAPI document.
 */
import { type AnswerStore, MemoryAnswerStore } from '../../../server/gateway/answerStore';
import { createChatwootClient } from '../../../server/gateway/chatwootClient';
import { createGatewayApp } from '../../../server/gateway/gatewayApp';
import { createInboxAnswers } from '../../../server/gateway/inboxAnswers';
import { createTeamAway } from '../../../server/gateway/teamAway';
import { MemorySendLedger, type SendLedger } from '../../../server/gateway/sendLedger';
import { createSendOnce } from '../../../server/gateway/sendOnce';
import { createSentEchoes } from '../../../server/gateway/sentEchoes';
import { KeyedLock, type Locks } from '../../../server/lib/keyedLock';
import { createWidgetConfigSource } from '../../../server/gateway/widgetConfigSource';
import type { Logger } from '../../../server/observability/logger';
import type { AwayMode } from '../../../src/shared/awayMode';
import { contractBreaches, type Exchange, operationAt } from '../contract/widgetApiContract';
import type { Fixture } from '../helpers';

export interface UpstreamCall {
  method: string;
  url: URL;
  headers: Headers;
}

export interface GatewayOptions {
  timeoutMs?: number;
  /** Stands in for the upstream app (a Chatwoot that fails, or is slow). */
  fetch?: typeof fetch;
  /** Where the inbox answers are kept (default: this gateway's memory). */
  store?: AnswerStore;
  /** Where the visitors' sends are recorded, and what makes them wait for each other (default: this gateway's memory). */
  sends?: { ledger: SendLedger; locks: Locks };
  /** The gateway's clock (its send ledger's too). */
  now?: () => number;
  logger?: Logger;
  metricsToken?: string;
  /** What `/readyz` reads for whether the process is stopping. */
  draining?: () => boolean;
  /** The gateway's AWAY_MODE (default `chat`). */
  awayMode?: AwayMode;
}

/** A gateway app whose Chatwoot is `upstream`, and the calls it made there. */
export async function gatewayInFrontOf(upstream: Fixture, options: GatewayOptions = {}) {
  const calls: UpstreamCall[] = [];
  const upstreamFetch = (async (request: Request) => {
    calls.push({ method: request.method, url: new URL(request.url), headers: new Headers(request.headers) });
    return upstream.app.request(request);
  }) as typeof fetch;
  const chatwoot = createChatwootClient({
    origin: 'http://chatwoot.test',
    fetch: options.fetch ?? upstreamFetch,
    timeoutMs: options.timeoutMs,
  });
  const store = options.store ?? new MemoryAnswerStore();
  const inboxAnswers = createInboxAnswers(chatwoot, store);
  const awayMode = options.awayMode ?? 'chat';
  const teamAway = createTeamAway(store, inboxAnswers, awayMode);
  const { ledger, locks } = options.sends ?? { ledger: new MemorySendLedger(undefined, options.now), locks: new KeyedLock() };
  const sentEchoes = createSentEchoes({ chatwoot, ledger });
  const app = createGatewayApp({
    config: { packsDir: upstream.packsDir, cspConnectSrc: [], metricsToken: options.metricsToken },
    chatwoot,
    widgetConfig: createWidgetConfigSource(chatwoot, { inboxAnswers, teamAway, awayMode, sentEchoes }),
    inboxAnswers,
    teamAway,
    sendOnce: createSendOnce({ chatwoot, ledger, locks, now: options.now }),
    sentEchoes,
    readiness: [{ name: 'chatwoot', probe: async () => {} }],
    logger: options.logger,
    draining: options.draining,
  });
  // Only the reference upstream's answers must keep the document: a stand-in that fails does not.
  if (!options.fetch) recordAnswers(app);
  const token = upstream.config.websiteToken;
  return { app, calls, token };
}

const passedThrough: Exchange[] = [];

/** Records the widget API answers `app` gives, as a visitor receives them. */
function recordAnswers(app: ReturnType<typeof createGatewayApp>) {
  const fetch = app.fetch;
  app.fetch = async (request, ...rest) => {
    const answer = await fetch(request, ...rest);
    const url = new URL(request.url);
    // Paths the document does not describe are Chatwoot's own, passed on untouched.
    if (operationAt(request.method, url.pathname))
      passedThrough.push({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        status: answer.status,
        body: await answer.clone().text(),
      });
    return answer;
  };
}

/** How the answers the gateways passed through since the last call leave the OpenAPI document. */
export async function passedThroughBreaches(): Promise<string[]> {
  return (await Promise.all(passedThrough.splice(0).map(contractBreaches))).flat();
}

/** `calls` as `METHOD /path`, without the query. */
export const callPaths = (calls: UpstreamCall[]) => calls.map((call) => `${call.method} ${call.url.pathname}`);

/** What the upstream was asked, as `METHOD /path`. */
export type Asked = string[];

/** `request` without the `echo_id` of a send, as Chatwoot receives it (it keeps none). */
async function withoutEchoId(request: Request): Promise<Request> {
  if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/widget/messages') return request;
  if (request.headers.get('content-type')?.startsWith('multipart/')) {
    const form = await request.formData();
    form.delete('message[echo_id]');
    const headers = new Headers(request.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    return new Request(request.url, { method: 'POST', headers, body: form });
  }
  const body = await request.json();
  delete body.message?.echo_id;
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/**
 * A Chatwoot made of `upstream`, which keeps no `echo_id` and so stores whatever send reaches it:
 * `asked` records every call; `lose` decides, per send, whether
 * its answer is lost after it was stored ('after') or the connection fails before it arrives
 * ('before'); `delayMs` holds every send that long.
 */
export function chatwootOf(upstream: Fixture, options: { lose?: () => 'before' | 'after' | undefined; delayMs?: number } = {}) {
  const asked: Asked = [];
  const standIn = (async (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname}`);
    const send = request.method === 'POST' && url.pathname === '/api/v1/widget/messages';
    const lost = send ? options.lose?.() : undefined;
    if (lost === 'before') throw new TypeError('fetch failed');
    if (send && options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const answer = await upstream.app.request(await withoutEchoId(request));
    if (lost === 'after') throw new TypeError('socket hang up');
    return answer;
  }) as typeof fetch;
  return { fetch: standIn, asked };
}

/** How many sends reached the upstream. */
export const sendsIn = (asked: Asked) => asked.filter((call) => call === 'POST /api/v1/widget/messages').length;

/** The visitor holding `authToken` sends `message` through `gateway`, as the widget does. */
export function sendThrough(
  gateway: { app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }; token: string },
  authToken: string,
  message: Record<string, unknown>,
) {
  return Promise.resolve(
    gateway.app.request(`/api/v1/widget/messages?website_token=${gateway.token}`, {
      method: 'POST',
      headers: { 'x-auth-token': authToken, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { timestamp: new Date().toString(), referer_url: 'https://shop.example/', ...message } }),
    }),
  );
}
