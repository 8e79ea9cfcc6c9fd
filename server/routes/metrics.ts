/**
 * `GET /metrics` — the Prometheus text format, in both modes, under one rule: with METRICS_TOKEN
 * a scraper sends `Authorization: Bearer <token>` (Prometheus' `authorization` scrape setting);
 * without it, only a scraper on this machine is answered — a loopback peer that came through no
 * proxy, since a proxy on this machine (nginx) would hand anyone's request on from loopback,
 * naming them in its forwarding headers. Anyone else gets 404, as for a route that is not there.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Context, Hono } from 'hono';
import { METRICS } from '../observability/metrics';
import type { RequestEnv } from '../observability/requestLog';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a proxy adds to a request it passes on (RFC 7239 and the de-facto ones). */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** Whether `address` is this machine's (IPv4 127/8, IPv6 ::1, and IPv4 loopback mapped into IPv6). */
function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/i.test(address);
}

/** Whether `c` came straight from this machine: its socket's peer is loopback and no proxy passed it on. */
function fromThisMachine(c: Context): boolean {
  const address = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
  return address !== undefined && isLoopbackAddress(address) && PROXY_HEADERS.every((name) => c.req.header(name) === undefined);
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
    } else if (!fromThisMachine(c)) {
      return c.json({ error: 'Not found' }, 404);
    }
    return c.body(await METRICS.metrics(), 200, { 'Content-Type': METRICS.contentType, 'Cache-Control': 'no-store' });
  });

  return app;
}
