/**
 * Which headers cross the gateway, in each direction (docs/protocol.md#widget-api). Requests
 * to Chatwoot, HTTP and `/cable` upgrades alike, carry only what its widget API reads: never the
 * host page's or the gateway's cookies, credentials, the widget page's URL (its query can hold a
 * visitor token), or any address or host header the visitor wrote (`X-Real-IP`, `Forwarded`,
 * `X-Forwarded-Host`…), which Chatwoot might trust.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Request headers a visitor's call may pass on to Chatwoot; everything else is dropped. */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'x-auth-token',
  'user-agent',
  'if-none-match',
  'if-modified-since',
  'range',
  'x-requested-with',
];

/** What a WebSocket upgrade needs besides those: the handshake itself. */
const WEBSOCKET_HANDSHAKE_HEADERS: readonly string[] = [
  'connection',
  'upgrade',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
];

/** Response headers that stay with Chatwoot: its session cookie would land on the gateway's origin. */
const DROPPED_RESPONSE_HEADERS: readonly string[] = ['set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'trailer'];

/** Where a call came from, as the gateway saw it. */
export interface CallOrigin {
  /** The peer's address (the visitor's, or a reverse proxy's in front of the gateway). */
  address: string | undefined;
  /** The gateway's public host, from PUBLIC_URL; never the request's `Host`, which its sender wrote. */
  host: string | undefined;
  proto: 'http' | 'https';
}

/**
 * The call's origin: the peer's `address`, and the public host and scheme from `publicUrl`
 * (PUBLIC_URL) when set; otherwise no host, and the scheme of the connection itself.
 */
export function callOriginOf(address: string | undefined, publicUrl: string | undefined, encrypted: boolean): CallOrigin {
  if (!publicUrl) return { address, host: undefined, proto: encrypted ? 'https' : 'http' };
  const url = new URL(publicUrl);
  return { address, host: url.host, proto: url.protocol === 'https:' ? 'https' : 'http' };
}

/**
 * The headers of the call to Chatwoot. `X-Forwarded-For` appends the peer to any list already
 * there, as every proxy does: Rails takes the rightmost address it does not trust, so a visitor
 * cannot choose the address Chatwoot's per-address limits count against.
 */
export function upstreamRequestHeaders(incoming: Headers, from: CallOrigin): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  const chain = incoming.get('x-forwarded-for')?.trim();
  if (from.address) headers.set('x-forwarded-for', chain ? `${chain}, ${from.address}` : from.address);
  else if (chain) headers.set('x-forwarded-for', chain);
  if (from.host) headers.set('x-forwarded-host', from.host);
  headers.set('x-forwarded-proto', from.proto);
  return headers;
}

/** The headers of a `/cable` upgrade to Chatwoot: the same as a call's, plus the WebSocket handshake. */
export function upstreamUpgradeHeaders(incoming: IncomingHttpHeaders, from: CallOrigin): Headers {
  const given = new Headers();
  for (const [name, value] of Object.entries(incoming))
    if (value !== undefined) given.set(name, Array.isArray(value) ? value.join(', ') : value);
  const headers = upstreamRequestHeaders(given, from);
  for (const name of WEBSOCKET_HANDSHAKE_HEADERS) {
    const value = given.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/**
 * The headers of Chatwoot's answer as the visitor gets them. A redirect to Chatwoot's own
 * origin (help-centre pages) stays on the gateway, which forwards that path as well.
 */
export function visitorResponseHeaders(upstream: Headers, chatwootOrigin: string): Headers {
  const headers = new Headers(upstream);
  for (const name of DROPPED_RESPONSE_HEADERS) headers.delete(name);
  const location = headers.get('location');
  if (location?.startsWith(`${chatwootOrigin}/`)) headers.set('location', location.slice(chatwootOrigin.length));
  return headers;
}
