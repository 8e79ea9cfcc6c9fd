/**
 * The client's address for per-address limits. Behind a reverse proxy every request comes from
 * the proxy, so `TRUST_PROXY` names the header the proxy sets (e.g. `X-Forwarded-For`); its last
 * entry is the one the trusted proxy added, anything before it the client could have forged.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** Stands for every request that comes without a socket (in-process calls, tests). */
const UNKNOWN = 'unknown';

/** The address of a raw Node request (the cable's upgrade requests). */
export function requestAddress(request: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: string | undefined): string {
  if (trustProxy) {
    const header = request.headers[trustProxy.toLowerCase()];
    const value = (Array.isArray(header) ? header.join(',') : header)?.split(',').pop()?.trim();
    if (value) return value;
  }
  return request.socket?.remoteAddress ?? UNKNOWN;
}

/** The address of the request `c` serves (`@hono/node-server` puts the Node request in `env`). */
export function clientAddress(c: Context, trustProxy: string | undefined): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return requestAddress(incoming, trustProxy);
  if (trustProxy) return c.req.header(trustProxy)?.split(',').pop()?.trim() || UNKNOWN;
  return UNKNOWN;
}
