/**
 * The origin Wren names itself by. Chatwoot builds its URLs from FRONTEND_URL; Wren uses
 * PUBLIC_URL when set. Without it there are two cases, because a request's `Host` is whatever
 * its sender wrote:
 *
 * - **links others receive** (an attachment's `data_url` in a broadcast to agents, a transcript
 *   or reply e-mail): the request's origin only when its host names this machine (`localhost`,
 *   `127.0.0.1`, `[::1]`: development and tests), otherwise `http://localhost:<PORT>`. A visitor
 *   can never choose the host of a link an agent clicks (`linkOrigin`, held per request in
 *   AsyncLocalStorage so presenters need no extra argument).
 * - **the requester's own page** (the `/widget` CSP's `connect-src`, the demo snippet): the
 *   request's origin, which only its sender ever sees (`pageOrigin`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

const origins = new AsyncLocalStorage<string>();

interface Origins {
  publicUrl?: string;
  port: number;
}

/** Host names that reach only the machine itself. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** PUBLIC_URL, else the origin of the page `requestUrl` asks for, for its requester alone. */
export function pageOrigin(config: { publicUrl?: string }, requestUrl: string): string {
  return config.publicUrl ?? new URL(requestUrl).origin;
}

/** PUBLIC_URL, else `requestUrl`'s origin on a loopback host, else `http://localhost:<port>`. */
export function linkOrigin(config: Origins, requestUrl: string): string {
  if (config.publicUrl) return config.publicUrl;
  const url = new URL(requestUrl);
  return isLoopbackHost(url.hostname) ? url.origin : `http://localhost:${config.port}`;
}

/**
 * Holds each request's `linkOrigin` for `publicUrl`. `untrusted` is told once, the first time
 * a request names a host that is not loopback while PUBLIC_URL is unset: links then name
 * `http://localhost:<port>`, which only PUBLIC_URL can put right.
 */
export function holdLinkOrigin(config: Origins, untrusted: (host: string, linkOrigin: string) => void): MiddlewareHandler {
  let told = false;
  return (c, next) => {
    const origin = linkOrigin(config, c.req.url);
    if (!told && !config.publicUrl && origin !== new URL(c.req.url).origin) {
      told = true;
      untrusted(new URL(c.req.url).host, origin);
    }
    return withPublicOrigin(origin, next);
  };
}

/** Runs `task` with `origin` (e.g. `https://chat.example.com`) as the origin of links. */
export function withPublicOrigin<T>(origin: string, task: () => T): T {
  return origins.run(origin.replace(/\/+$/, ''), task);
}

/** `path` (starting with `/`) as an absolute URL, or unchanged outside a request. */
export function publicUrl(path: string): string {
  const origin = origins.getStore();
  return origin ? `${origin}${path}` : path;
}
