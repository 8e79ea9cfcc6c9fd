/**
 * `GET /favicon.svg`, and `/favicon.ico` for clients that ask by the old name without reading the
 * page's `<link rel="icon">` (bookmarks, some browsers on a bare popout): the same SVG. Both
 * modes serve it, since the gateway's `/widget` opens as a popout too.
 */
import { Hono } from 'hono';
import { FAVICON_PATH, FAVICON_SVG } from '../views/favicon';

const HEADERS = {
  'Content-Type': 'image/svg+xml',
  'Cache-Control': 'public, max-age=86400',
  'X-Content-Type-Options': 'nosniff',
};

/** The icon routes. */
export function faviconRoutes() {
  const app = new Hono();
  for (const path of [FAVICON_PATH, '/favicon.ico']) app.get(path, (c) => c.body(FAVICON_SVG, 200, HEADERS));
  return app;
}
