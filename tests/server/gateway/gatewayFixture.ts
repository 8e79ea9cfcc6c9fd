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
  const app = createGatewayApp({
    config: { packsDir: upstream.packsDir, cspConnectSrc: [], metricsToken: options.metricsToken },
    chatwoot,
    widgetConfig: createWidgetConfigSource(chatwoot, { inboxAnswers, teamAway, awayMode }),
    inboxAnswers,
    teamAway,
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
