/**
 * The app factory: every HTTP route of the reference server, without listening. Tests call
 * `createApp(...).request()` on an in-memory database; `server.ts` serves it.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from './context';
import { ApiError } from './lib/apiError';
import { JSON_BODY_LIMIT } from './lib/jsonBounds';
import { holdLinkOrigin } from './lib/publicUrl';
import { SILENT_LOGGER } from './observability/logger';
import { requestLog } from './observability/requestLog';
import { accountsApi, profileApi } from './routes/accountsApi/router';
import { agentConsoleRoutes } from './routes/agentConsole';
import { refuseNulInAddress } from './routes/body';
import { demoRoutes } from './routes/demo';
import { faviconRoutes } from './routes/favicon';
import { healthRoutes } from './routes/health';
import { helpCentreRoutes } from './routes/helpCentre';
import { metricsRoutes } from './routes/metrics';
import { packsRoutes } from './routes/packs';
import { uploadRoutes } from './routes/uploads';
import { widgetApi } from './routes/widgetApi/router';
import { widgetPageRoutes } from './routes/widgetPage';
import { widgetPageSource } from './routes/widgetPageSource';
import { isMultipart } from './uploads/uploadForm';

export type { AppDeps } from './context';

/** Builds the Hono app over `deps`. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog(deps.logger ?? SILENT_LOGGER));
  app.use('*', refuseNulInAddress);
  app.use(
    '*',
    holdLinkOrigin(deps.config, (host, origin) =>
      (deps.logger ?? SILENT_LOGGER).warn(
        { host, link_origin: origin },
        'PUBLIC_URL is unset: links that agents and e-mails receive name this origin, not the host requested; set PUBLIC_URL',
      ),
    ),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers are per visitor or per agent: never let a shared cache keep them.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ error: 'Request body is too large (maximum is 1 MB)' }, 413),
  });
  // A GET or HEAD carries no body to bound, and asking for one would build the whole WHATWG Request.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || isMultipart(c) ? next() : jsonLimit(c, next)));

  // Ready while the database answers a trivial query, and whatever else the mode adds (Redis).
  const database = { name: 'database', probe: () => sql`select 1`.execute(deps.db) };
  app.route('/', healthRoutes([database, ...(deps.readiness ?? [])], deps.draining));
  app.route('/', metricsRoutes(deps));
  app.route('/', demoRoutes(deps));
  app.route('/', agentConsoleRoutes(deps));
  app.route('/', faviconRoutes());
  app.route('/', widgetPageRoutes(widgetPageSource(deps), deps.config));
  app.route('/', packsRoutes(deps));
  app.route('/', uploadRoutes(deps));
  app.route('/', helpCentreRoutes(deps));
  app.route('/api/v1/widget', widgetApi(deps));
  app.route('/api/v1/accounts/:a', accountsApi(deps));
  app.route('/api/v1/profile', profileApi(deps));

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.retryAfterS) c.header('Retry-After', String(error.retryAfterS));
      return c.json(error.toJSON(), error.status);
    }
    if (error instanceof HTTPException) return c.json({ error: error.message || 'Bad request' }, error.status);
    // Details go to the server log only; clients never see a stack trace.
    c.get('log').error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
