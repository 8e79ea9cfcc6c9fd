/**
 * `GET /agent`: the agent console, the reference server's demo and test aid (docs/operations.md#the-agent-console).
 * Embedded mode only: `createApp` mounts it, the gateway never does (its agents
 * answer in Chatwoot). The page holds no secret; the console signs in with the agent's
 * `api_access_token` and speaks only the Application API and the cable.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { readPacks } from '../lib/manifest';
import { renderAgentPage } from '../views/agentPage';
import { connectSources, pageCsp } from '../lib/pageCsp';
import { pageOrigin } from '../lib/publicUrl';

/**
 * The console's Content-Security-Policy: a Wren page's (`pageCsp`), and nobody may frame it.
 */
export function agentCsp(connect: string): string {
  return pageCsp(connect, ["frame-ancestors 'none'"]);
}

/**
 * The console's sign-in link for the start banner: the token rides in the fragment, which
 * browsers never send to a server (so no request log or Referer holds it); the console keeps it
 * for the tab and erases it from the address bar.
 */
export function agentConsoleLink(origin: string, apiAccessToken: string): string {
  return `${origin}/agent#token=${encodeURIComponent(apiAccessToken)}`;
}

/** The `/agent` route. */
export function agentConsoleRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/agent', (c) => {
    const manifest = readPacks(deps.config.packsDir)?.manifest;
    const script = manifest?.['agent.js'];
    const style = manifest?.['agent.css'];
    if (!script || !style) return c.json({ error: 'agent console assets are not built; run npm run build' }, 503);
    const connect = connectSources(pageOrigin(deps.config, c.req.url));
    c.header('Content-Security-Policy', agentCsp(connect));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // The sign-in link carries the token in the fragment, which no Referer includes; no-referrer makes sure of the rest.
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(renderAgentPage({ scriptSrc: `/packs/${script}`, styleSrc: `/packs/${style}` }));
  });

  return app;
}
