/**
 * The loader's campaigns check, answered alike by both modes (the reference server's
 * `inboxInfo.ts` and the gateway's kept answers): cross-origin and shared by caches.
 */
import type { MiddlewareHandler } from 'hono';

/**
 * The loader asks for campaigns cross-origin, without credentials, after the host page is
 * idle: allow any origin and let browsers and proxies reuse the answer for a minute.
 */
export const publicCacheable: MiddlewareHandler = async (c, next) => {
  c.header('Access-Control-Allow-Origin', '*');
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=60');
};
