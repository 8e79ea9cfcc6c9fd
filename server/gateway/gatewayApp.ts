/**
 * Gateway mode's app factory (docs/architecture.md#modes): Wren's loader, assets and `/widget`
 * page in front of an existing Chatwoot, which keeps every conversation. Nothing is stored
 * here; the widget API and the help centre are forwarded, route by route, so the log and the
 * metrics name each one. Like `createApp`, it never listens: `/cable` is attached to the server
 * by `cableForward.ts`.
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HELP_CENTRE_ROUTES, WIDGET_API_ROUTES } from '../contract/widgetApiRoutes';
import { ApiError } from '../lib/apiError';
import { JSON_BODY_LIMIT } from '../lib/jsonBounds';
import { pageOrigin } from '../lib/publicUrl';
import { AWAY_HEADER } from '../../src/shared/awayMode';
import { SILENT_LOGGER, type Logger } from '../observability/logger';
import { requestLog } from '../observability/requestLog';
import { faviconRoutes } from '../routes/favicon';
import { healthRoutes, type ReadinessCheck } from '../routes/health';
import { metricsRoutes } from '../routes/metrics';
import { publicCacheable } from '../routes/widgetApi/publicCacheable';
import { packsRoutes } from '../routes/packs';
import { widgetPageRoutes, type WidgetPageSource } from '../routes/widgetPage';
import { GATEWAY_PAGE_STYLE_HASH, renderGatewayPage } from '../views/gatewayPage';
import { callOrigin, type ChatwootClient } from './chatwootClient';
import { INBOX_ANSWERS, type InboxAnswerName, type InboxAnswers, inboxAnswerResponse } from './inboxAnswers';
import type { TeamAway } from './teamAway';
import type { SendOnce } from './sendOnce';
import type { SentEchoes } from './sentEchoes';
import { WEBSITE_TOKEN, type WidgetConfigSource } from './widgetConfigSource';

export interface GatewayDeps {
  config: { packsDir: string; publicUrl?: string; cspConnectSrc: string[]; metricsToken?: string };
  chatwoot: ChatwootClient;
  widgetConfig: WidgetConfigSource;
  inboxAnswers: InboxAnswers;
  teamAway: TeamAway;
  /** The visitors' sends, each stored in Chatwoot once (`sendOnce.ts`). */
  sendOnce: SendOnce;
  /** The visitor's message lists, with the `echo_id`s Chatwoot keeps none of (`sentEchoes.ts`). */
  sentEchoes: SentEchoes;
  /** What `/readyz` checks: Chatwoot answers (and Redis, when the gateway shares its answers there). */
  readiness: ReadinessCheck[];
  /** True once the process is handing its visitors over: `/readyz` answers 503. */
  draining?: () => boolean;
  logger?: Logger;
}

/** Where the widget sends the visitor's messages. */
const SENDS = '/api/v1/widget/messages';

/** Methods the catch-all forwards; Hono's `all` would leave the log without a route. */
const FORWARDED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The `/widget` page's data, from Chatwoot (`widgetConfigSource.ts`). */
function chatwootPageSource(deps: GatewayDeps): WidgetPageSource {
  return {
    async load(c, visit) {
      const page = await deps.widgetConfig.load(visit.websiteToken, visit.cwConversation, callOrigin(c, deps.config.publicUrl));
      // Chatwoot's config answer does not carry the inbox's allowed domains, so any page may
      // frame the widget here; a Chatwoot-served page would restrict it (docs/operations.md#what-differs-through-a-gateway).
      return page.ok ? { ...page, frameAncestors: '*' } : page;
    },
  };
}

/** The gateway page's CSP: no script at all, its one inline stylesheet by hash, the icon, framed by nobody. */
const GATEWAY_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${GATEWAY_PAGE_STYLE_HASH}`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Builds the gateway's Hono app. */
export function createGatewayApp(deps: GatewayDeps): Hono {
  const app = new Hono();

  app.use('*', requestLog(deps.logger ?? SILENT_LOGGER));
  app.route('/', packsRoutes(deps));
  app.route('/', healthRoutes(deps.readiness, deps.draining));
  app.route('/', metricsRoutes(deps));
  app.route('/', faviconRoutes());

  // Whoever opens the gateway's address learns what it is and where it forwards, instead of a 404.
  app.get('/', (c) => {
    c.header('Content-Security-Policy', GATEWAY_PAGE_CSP);
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(renderGatewayPage({ chatwootOrigin: deps.chatwoot.origin, gatewayOrigin: pageOrigin(deps.config, c.req.url) }));
  });

  app.route('/', widgetPageRoutes(chatwootPageSource(deps), deps.config));

  // The same for every visitor of an inbox: answered from the answers kept per website token.
  const shared = (name: InboxAnswerName) => async (c: Context) => {
    const websiteToken = c.req.query('website_token');
    if (!websiteToken || !WEBSITE_TOKEN.test(websiteToken)) return deps.chatwoot.forward(c);
    const from = callOrigin(c, deps.config.publicUrl);
    const answer = inboxAnswerResponse(await deps.inboxAnswers.read(name, websiteToken, from));
    // The loader's one request says whether the team is away, as the reference server's does.
    if (name === 'campaigns' && answer.status === 200) {
      const awayMode = await deps.teamAway.awayMode(websiteToken, from);
      // The gateway's word, never an upstream's passed along.
      answer.headers.delete(AWAY_HEADER);
      if (awayMode) answer.headers.set(AWAY_HEADER, awayMode);
      answer.headers.set('Access-Control-Expose-Headers', AWAY_HEADER);
    }
    return answer;
  };
  // The loader asks for campaigns from the host page's origin; Chatwoot allows no cross-origin
  // calls to its widget API, so the gateway adds what the reference server sends.
  app.use('/api/v1/widget/campaigns', publicCacheable);
  app.use('/api/v1/widget/*', async (c, next) => {
    await next();
    // Widget API answers are per visitor: no shared cache may keep them unless Chatwoot says so.
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
    c.res.headers.set('x-content-type-options', 'nosniff');
  });
  const handled = new Set<string>();
  for (const [name, { path }] of Object.entries(INBOX_ANSWERS)) {
    app.get(path, shared(name as InboxAnswerName));
    handled.add(`GET ${path}`);
  }
  // A send is read before it is forwarded (its echo_id and text): JSON within the reference
  // server's limit; an upload streams through.
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ error: 'Request body is too large (maximum is 1 MB)' }, 413),
  });
  app.post(SENDS, (c, next) => (/^multipart\//i.test(c.req.header('content-type') ?? '') ? next() : jsonLimit(c, next)), deps.sendOnce);
  handled.add(`POST ${SENDS}`);
  app.get(SENDS, deps.sentEchoes.list);
  handled.add(`GET ${SENDS}`);
  const forward = (c: Context) => deps.chatwoot.forward(c);
  for (const { method, path } of [...WIDGET_API_ROUTES, ...HELP_CENTRE_ROUTES]) {
    if (!handled.has(`${method} ${path}`)) app.on(method, path, forward);
  }
  // What Chatwoot serves besides (direct uploads, paths of later versions) goes through too,
  // counted under its prefix.
  app.on(FORWARDED_METHODS, '/api/v1/widget/*', forward);
  app.on(FORWARDED_METHODS, '/hc/*', forward);

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.retryAfterS) c.header('Retry-After', String(error.retryAfterS));
      return c.json(error.toJSON(), error.status);
    }
    // Details go to the server log only, as in the reference server's app.
    (deps.logger ?? SILENT_LOGGER).error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}
