/**
 * Prometheus metrics (prom-client), served at `/metrics`. One registry per process: the counters
 * are module-level so any module can count without being handed a registry.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The registry `/metrics` serialises. */
export const METRICS = new Registry();
collectDefaultMetrics({ register: METRICS, prefix: 'wren_' });

/** What the realtime gauges read when scraped; set once by the process that owns the sockets. */
export interface RealtimeSource {
  sockets(): number;
  subscriptions(): number;
}

let realtime: RealtimeSource | undefined;

/** Reads open sockets and subscriptions from `source` on every scrape (instead of counting on every change). */
export function observeRealtime(source: RealtimeSource | undefined): void {
  realtime = source;
}

new Gauge({
  name: 'wren_cable_sockets',
  help: 'Open ActionCable WebSocket connections',
  registers: [METRICS],
  collect() {
    this.set(realtime?.sockets() ?? 0);
  },
});

new Gauge({
  name: 'wren_cable_subscriptions',
  help: 'Active stream subscriptions across all sockets',
  registers: [METRICS],
  collect() {
    this.set(realtime?.subscriptions() ?? 0);
  },
});

const messages = new Counter({
  name: 'wren_messages_total',
  help: 'Chat messages created: in = written by visitors, out = sent by agents',
  labelNames: ['direction'] as const,
  registers: [METRICS],
});

/** Counts one chat message created by a visitor (`in`) or an agent (`out`). */
export function countMessage(direction: 'in' | 'out'): void {
  messages.inc({ direction });
}

const rateLimitRejections = new Counter({
  name: 'wren_rate_limit_rejections_total',
  help: 'Requests refused by a rate limit',
  labelNames: ['limit'] as const,
  registers: [METRICS],
});

/** Counts one request refused by the rate limit named `limitName` (a fixed name, never user input). */
export function countRateLimitRejection(limitName: string): void {
  rateLimitRejections.inc({ limit: limitName });
}

const httpDuration = new Histogram({
  name: 'wren_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [METRICS],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Records one request. Labels stay bounded: `route` is a registered pattern (never the raw
 * path), `status` a class (`2xx`…), and unknown methods fold into `OTHER`.
 */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: `${Math.floor(status / 100)}xx` }, seconds);
}

// Gateway mode (docs/architecture.md#modes): what the gateway costs Chatwoot, and what it saves it.

const upstreamRequests = new Counter({
  name: 'wren_gateway_upstream_requests_total',
  help: "Requests the gateway sent to Chatwoot (visitors' forwarded and its own), by route pattern and Chatwoot's answer: a status class, or unreachable, timeout, cancelled",
  labelNames: ['method', 'route', 'status'] as const,
  registers: [METRICS],
});

const upstreamDuration = new Histogram({
  name: 'wren_gateway_upstream_duration_seconds',
  help: "Time until Chatwoot's answer began, by route pattern",
  labelNames: ['method', 'route'] as const,
  registers: [METRICS],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** How a request to Chatwoot ended: an answer with `status`, or none (`cancelled`: the visitor left first). */
export type UpstreamOutcome = { status: number } | { failed: 'unreachable' | 'timeout' | 'cancelled' };

/** Records one request to Chatwoot on `route` (a pattern, never a raw path) that took `seconds`. */
export function observeUpstreamRequest(method: string, route: string, outcome: UpstreamOutcome, seconds: number): void {
  const m = METHODS.has(method) ? method : 'OTHER';
  if ('failed' in outcome) {
    upstreamRequests.inc({ method: m, route, status: outcome.failed });
    return;
  }
  upstreamRequests.inc({ method: m, route, status: `${Math.floor(outcome.status / 100)}xx` });
  upstreamDuration.observe({ method: m, route }, seconds);
}

const cacheLookups = new Counter({
  name: 'wren_gateway_cache_lookups_total',
  help: 'Answers the gateway looked up in its caches instead of asking Chatwoot: hit = Chatwoot was not asked',
  labelNames: ['cache', 'result'] as const,
  registers: [METRICS],
});

/** Counts one look-up in the gateway's cache `cache` (a fixed name). */
export function countGatewayCache(cache: string, result: 'hit' | 'miss'): void {
  cacheLookups.inc({ cache, result });
}

const gatewaySends = new Counter({
  name: 'wren_gateway_sends_total',
  help: "Visitors' messages the gateway handled: forwarded to Chatwoot, answered_again from its ledger (a retry), found_stored in the conversation (a retry of a send whose answer was lost), or refused_full (its ledger had no room: tried again later)",
  labelNames: ['outcome'] as const,
  registers: [METRICS],
});

/** How the gateway handled a visitor's message that carries an `echo_id` (`server/gateway/sendOnce.ts`). */
export type GatewaySendOutcome = 'forwarded' | 'answered_again' | 'found_stored' | 'refused_full';

/** Counts one visitor message handled by the gateway. */
export function countGatewaySend(outcome: GatewaySendOutcome): void {
  gatewaySends.inc({ outcome });
}

let proxiedSockets: (() => number) | undefined;

/** Reads the number of visitor sockets forwarded to Chatwoot from `source` on every scrape. */
export function observeProxiedSockets(source: (() => number) | undefined): void {
  proxiedSockets = source;
}

new Gauge({
  name: 'wren_gateway_cable_sockets',
  help: "Visitors' WebSockets forwarded to Chatwoot's /cable",
  registers: [METRICS],
  collect() {
    this.set(proxiedSockets?.() ?? 0);
  },
});
