/**
 * `GET /metrics` — the Prometheus text format. Open unless METRICS_TOKEN is set; then a scraper
 * sends `Authorization: Bearer <token>` (Prometheus' `authorization` scrape setting).
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { METRICS } from '../observability/metrics';
import type { RequestEnv } from '../observability/requestLog';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The metrics route, in either mode. */
export function metricsRoutes(deps: { config: { metricsToken?: string } }) {
  const app = new Hono<RequestEnv>();

  app.get('/metrics', async (c) => {
    const token = deps.config.metricsToken;
    if (token) {
      const given = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
      if (!given || !sameToken(given, token)) {
        return c.json({ error: 'A valid metrics token is required (Authorization: Bearer …)' }, 401, { 'WWW-Authenticate': 'Bearer' });
      }
    }
    return c.body(await METRICS.metrics(), 200, { 'Content-Type': METRICS.contentType, 'Cache-Control': 'no-store' });
  });

  return app;
}
