/**
 * Absolute URLs in payloads (an attachment's `data_url`). Chatwoot builds them from its
 * FRONTEND_URL; Wren uses PUBLIC_URL when set, otherwise the origin of the request being
 * served, held per request in AsyncLocalStorage so presenters need no extra argument.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const origins = new AsyncLocalStorage<string>();

/** Runs `task` with `origin` (e.g. `https://chat.example.com`) as the public origin. */
export function withPublicOrigin<T>(origin: string, task: () => T): T {
  return origins.run(origin.replace(/\/+$/, ''), task);
}

/** `path` (starting with `/`) as an absolute URL, or unchanged outside a request. */
export function publicUrl(path: string): string {
  const origin = origins.getStore();
  return origin ? `${origin}${path}` : path;
}
