/**
 * Gateway mode's app factory (docs/architecture.md#modes): Wren's loader, assets and `/widget`
 * page in front of an existing Chatwoot, which keeps every conversation. Nothing is stored
 * here; the widget API and the help centre are forwarded. Like `createApp`, it never listens:
 * `/cable` is attached to the server by `cableForward.ts`.
 */
import { Hono } from 'hono';
import { connectSources } from '../lib/pageCsp';
import { pageOrigin } from '../lib/publicUrl';
import { chooseLocale, LOCALES } from '../../src/shared/locales';
import { SILENT_LOGGER, type Logger } from '../observability/logger';
import { requestLog } from '../observability/requestLog';
import { faviconRoutes } from '../routes/favicon';
import { healthRoutes, type ReadinessCheck } from '../routes/health';
import { publicCacheable } from '../routes/widgetApi/inboxInfo';
import { packsRoutes } from '../routes/packs';
import { ASSETS_MISSING, widgetAssets, widgetPageResponse } from '../routes/widgetPage';
import { callOrigin, type ChatwootClient } from './chatwootClient';
import type { WidgetConfigSource } from './widgetConfigSource';

export interface GatewayDeps {
  config: { packsDir: string; publicUrl?: string; cspConnectSrc: string[] };
  chatwoot: ChatwootClient;
  widgetConfig: WidgetConfigSource;
  /** What `/readyz` checks: Chatwoot answers. */
  readiness: ReadinessCheck[];
  logger?: Logger;
}

/** Builds the gateway's Hono app. */
export function createGatewayApp(deps: GatewayDeps): Hono {
  const app = new Hono();

  app.use('*', requestLog(deps.logger ?? SILENT_LOGGER));
  app.route('/', packsRoutes(deps));
  app.route('/', healthRoutes(deps.readiness));
  app.route('/', faviconRoutes());

  app.get('/widget', async (c) => {
    const assets = widgetAssets(deps.config.packsDir);
    if (!assets) return c.json(ASSETS_MISSING, 503);
    const result = await deps.widgetConfig.load(
      c.req.query('website_token'),
      c.req.query('cw_conversation'),
      callOrigin(c, deps.config.publicUrl),
    );
    if (!result.ok) return c.json(result.body, result.status);
    const locale = chooseLocale(c.req.query('locale'), LOCALES, result.config.chatwootWebChannel.locale);
    const connect = connectSources(pageOrigin(deps.config, c.req.url), deps.config.cspConnectSrc);
    // Chatwoot's config answer does not carry the inbox's allowed domains, so any page may
    // frame the widget here; a Chatwoot-served page would restrict it (README, gateway mode).
    return widgetPageResponse(c, assets, result.config, { locale, frameAncestors: '*', connectSources: connect });
  });

  // The loader asks for campaigns from the host page's origin; Chatwoot allows no cross-origin
  // calls to its widget API, so the gateway adds what the reference server sends.
  app.use('/api/v1/widget/campaigns', publicCacheable);
  app.all('/api/v1/widget/*', async (c) => {
    const answer = await deps.chatwoot.forward(c);
    // Widget API answers are per visitor: no shared cache may keep them unless Chatwoot says so.
    if (!answer.headers.has('cache-control')) answer.headers.set('cache-control', 'no-store');
    answer.headers.set('x-content-type-options', 'nosniff');
    return answer;
  });
  app.all('/hc/*', (c) => deps.chatwoot.forward(c));

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    // Details go to the server log only, as in the reference server's app.
    (deps.logger ?? SILENT_LOGGER).error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}
