/**
 * `GET /` — the demo host page — and its snippet and stylesheet under `/demo/`.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { SEED_INBOX_ID } from '../seed';
import { pageOrigin } from '../lib/publicUrl';
import { findInbox } from '../repositories/inboxes';
import { DEMO_CSS, renderDemoPage, renderDemoSnippet } from '../views/demoPage';

const DEMO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The demo routes. */
export function demoRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', (c) => {
    c.header('Content-Security-Policy', DEMO_CSP);
    c.header('Cache-Control', 'no-cache');
    return c.html(renderDemoPage());
  });

  app.get('/demo/snippet.js', async (c) => {
    const inbox = await findInbox(deps.db, SEED_INBOX_ID);
    if (!inbox) return c.json({ error: 'the demo inbox does not exist' }, 404);
    // The snippet points at PUBLIC_URL, or whatever origin served it, so the demo works behind any host name.
    const origin = pageOrigin(deps.config, c.req.url);
    return c.body(renderDemoSnippet(origin, inbox.website_token), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.get('/demo/demo.css', (c) =>
    c.body(DEMO_CSS, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  return app;
}
