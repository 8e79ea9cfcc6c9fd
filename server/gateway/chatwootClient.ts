/**
 * Server-to-server calls to Chatwoot (hono/proxy over the runtime's fetch): bodies stream both
 * ways, a deadline bounds the wait for Chatwoot's answer, and an unreachable or silent Chatwoot
 * becomes a JSON 502 or 504 instead of an exception.
 */
import type { Context } from 'hono';
import { proxy } from 'hono/proxy';
import { observeUpstreamRequest } from '../observability/metrics';
import { routePattern } from '../observability/requestLog';
import { type CallOrigin, callOriginOf, upstreamRequestHeaders, visitorResponseHeaders } from './forwardHeaders';

/** How long Chatwoot may take to start answering once the request has been sent. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

export const UNREACHABLE = { error: 'Chatwoot is unreachable' } as const;
export const TIMED_OUT = { error: 'Chatwoot did not answer in time' } as const;

export interface ChatwootClientOptions {
  /** Chatwoot's origin, e.g. `https://chat.example.com`. */
  origin: string;
  timeoutMs?: number;
  /** PUBLIC_URL: the gateway's public origin, named to Chatwoot in `X-Forwarded-Host`/`-Proto`. */
  publicUrl?: string;
  /** Injected by tests; the runtime's `fetch` otherwise. */
  fetch?: typeof fetch;
}

/** Where request `c` came from (its peer is absent under `app.request()`), with the public origin `publicUrl`. */
export function callOrigin(c: Context, publicUrl: string | undefined): CallOrigin {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return callOriginOf(env?.incoming?.socket?.remoteAddress, publicUrl, new URL(c.req.url).protocol === 'https:');
}

/**
 * The request body, passed through as it arrives; `onSent` runs once it has all gone, which
 * is when the deadline for Chatwoot's answer starts (an upload may take longer than that).
 */
function streamed(body: ReadableStream<Uint8Array> | null, onSent: () => void): ReadableStream<Uint8Array> | null {
  if (!body) {
    onSent();
    return null;
  }
  return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: onSent }));
}

/** Calls Chatwoot on behalf of visitors. */
export function createChatwootClient(options: ChatwootClientOptions) {
  const origin = options.origin.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;

  /**
   * Sends `init` to `pathAndQuery` on Chatwoot and answers what it answered; 502 when it
   * cannot be reached, 504 when it does not start answering within the deadline. `init.route`
   * is the pattern the request is counted under (`wren_gateway_upstream_requests_total`).
   */
  async function call(
    pathAndQuery: string,
    init: { route: string; method: string; headers: Headers; body: ReadableStream<Uint8Array> | null; signal?: AbortSignal },
  ): Promise<Response> {
    const started = performance.now();
    const deadline = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let answered = false;
    // Chatwoot may answer before it has read the whole body (a 413): no deadline after that.
    const startDeadline = () => {
      if (!answered) timer = setTimeout(() => deadline.abort(), timeoutMs);
    };
    const body = streamed(init.body, startDeadline);
    try {
      const answer = await proxy(`${origin}${pathAndQuery}`, {
        method: init.method,
        headers: init.headers,
        body,
        ...(body ? { duplex: 'half' } : {}),
        redirect: 'manual',
        signal: init.signal ? AbortSignal.any([deadline.signal, init.signal]) : deadline.signal,
        customFetch: options.fetch,
      } as Parameters<typeof proxy>[1]);
      observeUpstreamRequest(init.method, init.route, { status: answer.status }, (performance.now() - started) / 1000);
      return new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: visitorResponseHeaders(answer.headers, origin),
      });
    } catch {
      const failed = deadline.signal.aborted ? 'timeout' : init.signal?.aborted ? 'cancelled' : 'unreachable';
      observeUpstreamRequest(init.method, init.route, { failed }, 0);
      return Response.json(deadline.signal.aborted ? TIMED_OUT : UNREACHABLE, {
        status: deadline.signal.aborted ? 504 : 502,
        headers: { 'cache-control': 'no-store' },
      });
    } finally {
      answered = true;
      clearTimeout(timer);
    }
  }

  return {
    origin,
    call,
    /**
     * Forwards the visitor's request `c` to the same path on Chatwoot, counted under the route
     * that matched it; `body` stands in for the request's own when the gateway has read it.
     */
    forward(c: Context, body: ReadableStream<Uint8Array> | null = c.req.raw.body): Promise<Response> {
      const url = new URL(c.req.url);
      const method = c.req.method;
      return call(`${url.pathname}${url.search}`, {
        route: routePattern(c),
        method,
        headers: upstreamRequestHeaders(c.req.raw.headers, callOrigin(c, options.publicUrl)),
        body: method === 'GET' || method === 'HEAD' ? null : body,
        signal: c.req.raw.signal,
      });
    },
  };
}

export type ChatwootClient = ReturnType<typeof createChatwootClient>;
