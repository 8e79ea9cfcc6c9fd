/**
 * The origin Wren names itself by: absolute URLs in payloads (an attachment's `data_url`), the
 * demo snippet's `baseUrl`, the start banner. Chatwoot builds them from its FRONTEND_URL; Wren
 * uses PUBLIC_URL when set, otherwise the origin of the request being served, held per request
 * in AsyncLocalStorage so presenters need no extra argument.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const origins = new AsyncLocalStorage<string>();

/**
 * PUBLIC_URL, else `requestUrl`'s origin. Behind a TLS-terminating proxy the request arrives as
 * `http://` (and `X-Forwarded-*` can be forged unless the proxy is trusted), so production sets
 * PUBLIC_URL.
 */
export function publicOrigin(config: { publicUrl?: string }, requestUrl: string): string {
  return config.publicUrl ?? new URL(requestUrl).origin;
}

/** Runs `task` with `origin` (e.g. `https://chat.example.com`) as the public origin. */
export function withPublicOrigin<T>(origin: string, task: () => T): T {
  return origins.run(origin.replace(/\/+$/, ''), task);
}

/** `path` (starting with `/`) as an absolute URL, or unchanged outside a request. */
export function publicUrl(path: string): string {
  const origin = origins.getStore();
  return origin ? `${origin}${path}` : path;
}
