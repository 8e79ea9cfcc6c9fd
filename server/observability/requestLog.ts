/**
 * Per-request observability: a request id (the caller's `X-Request-Id` when it is sane, else a
 * fresh one, echoed in the response unless caches share it), a request-scoped logger, one log line and one latency
 * observation per request, labelled with the route pattern rather than the raw path.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from './logger';
import { observeHttpRequest } from './metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Proxies and load balancers send UUIDs or hex ids; anything else could forge log content.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Probes hit these every few seconds; their lines go out at `debug` so `info` stays readable. */
const PROBE_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * An answer a shared cache may keep (`Cache-Control: public`: the packs, the campaigns list) is
 * served to everyone who asks after the first, so an id in it would name someone else's request;
 * it goes out without one, and its log line keeps it.
 */
function sharedByCaches(response: Response): boolean {
  return /(^|,)\s*public\s*(,|$)/i.test(response.headers.get('Cache-Control') ?? '');
}

/** The pattern of the route that answered (`/api/v1/widget/messages`, `/uploads/:key/:name`), or `unmatched`. */
export function routePattern(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  // Middlewares (`use`) match every method as ALL; a response from one is not a route's answer.
  return route && route.method !== 'ALL' ? route.path : 'unmatched';
}

/** What `requestLog` gives every request of either mode, as Hono variables. */
export interface RequestEnv {
  Variables: {
    requestId: string;
    /** The request's logger: every line carries `request_id`. */
    log: Logger;
  };
}

/** The middleware; `logger` is the process logger, from which each request gets a child. */
export function requestLog(logger: Logger): MiddlewareHandler<RequestEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ request_id: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routePattern(c);
      const status = c.res.status;
      if (!sharedByCaches(c.res)) c.res.headers.set(REQUEST_ID_HEADER, requestId);
      observeHttpRequest(c.req.method, route, status, seconds);
      const line = { method: c.req.method, route, status, duration_ms: Math.round(seconds * 10_000) / 10 };
      if (PROBE_ROUTES.has(route)) log.debug(line, 'request');
      else log.info(line, 'request');
    }
  };
}
