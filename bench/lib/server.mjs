// Starts the built reference server on a fresh database, on loopback, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { keepAgentAtWork } from '../../e2e/support/agentAtWork.mjs';
import { serverEnv } from '../../e2e/support/serverEnv.mjs';

export const WEBSITE_TOKEN = 'bench-website-token';
export const API_ACCESS_TOKEN = 'bench-api-access-token';

/** Calls the Application API as the seeded admin agent; resolves with the JSON answer. */
export async function agentApi(origin, method, path, body) {
  const response = await fetch(`${origin}/api/v1/accounts/1${path}`, {
    method,
    headers: { 'content-type': 'application/json', api_access_token: API_ACCESS_TOKEN },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A visitor as the widget would be: `GET /widget` mints its token (the page's data block), and
 * `POST /api/v1/widget/conversations` with a first message gives it a conversation.
 */
export async function mintVisitor(origin, i = 0) {
  const page = await fetch(`${origin}/widget?website_token=${WEBSITE_TOKEN}`);
  const html = await page.text();
  if (!page.ok) throw new Error(`GET /widget → ${page.status}`);
  const config = JSON.parse(/<script type="application\/json" id="wren-config">([\s\S]*?)<\/script>/.exec(html)[1]);
  const created = await fetch(`${origin}/api/v1/widget/conversations?website_token=${WEBSITE_TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': config.authToken },
    body: JSON.stringify({ message: { content: `Hello from visitor ${i}` } }),
  });
  if (!created.ok) throw new Error(`POST /api/v1/widget/conversations → ${created.status} ${await created.text()}`);
  return { authToken: config.authToken, pubsubToken: config.chatwootPubsubToken, conversationId: (await created.json()).id };
}

// Every visitor of a benchmark comes from 127.0.0.1: the per-address limits would refuse the
// 121st. They are switched off (they are not what is measured).
const LIMITS_OFF = Object.fromEntries(
  [
    'NEW_VISITORS_PER_ADDRESS',
    'CONVERSATIONS_PER_VISITOR',
    'CONVERSATIONS_PER_ADDRESS',
    'EVENTS_PER_ADDRESS',
    'CONTACT_UPDATES_PER_ADDRESS',
    'UPLOADS_PER_ADDRESS',
    'CABLE_SUBSCRIPTIONS_PER_ADDRESS',
  ].map((name) => [`RATE_LIMIT_${name}`, 'off']),
);

/**
 * Spawns `dist/server/server.js` on 127.0.0.1:`port` with a throwaway data directory (and
 * `env` on top, e.g. DATABASE_URL and REDIS_URL, or CHATWOOT_URL for a gateway: see
 * `startGateway`) and waits until it answers. Returns its origin (`http://localhost:port`), pid
 * and `stop()` (SIGTERM, as a deploy would). `options.nodeArgs` go before the script (e.g.
 * `--inspect`), and `options.stdout` (a file descriptor) receives its log instead of nothing.
 */
export async function startServer(dist, port, env = {}, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wren-bench-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(dist, 'server/server.js')], {
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
    env: {
      ...serverEnv({ port, dataDir: dir, distDir: dist, websiteToken: WEBSITE_TOKEN, apiAccessToken: API_ACCESS_TOKEN }),
      ...LIMITS_OFF,
      ...env,
    },
  });
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const origin = `http://localhost:${port}`;
  const probe = `${origin}/api/v1/widget/campaigns?website_token=${WEBSITE_TOKEN}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`the server exited while starting (port ${port} taken?)`);
    try {
      if ((await fetch(probe)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer on ${origin} within 30 s`);
    }
    await sleep(100);
  }
  // Benches measure a team that answers (e2e/support/agentAtWork.mjs); a gateway's team is upstream's.
  const atWork = env.CHATWOOT_URL ? { stop() {} } : keepAgentAtWork(origin, API_ACCESS_TOKEN);
  await atWork.signOfLife?.();
  return {
    origin,
    pid: child.pid,
    /** The SQLite file, for figures the Application API does not give. */
    databasePath: join(dir, 'wren.sqlite'),
    async stop() {
      atWork.stop();
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A gateway (`CHATWOOT_URL`) on 127.0.0.1:`port` in front of `upstreamOrigin` (a reference
 * server standing in for Chatwoot, or a recording proxy before one).
 */
export function startGateway(dist, port, upstreamOrigin) {
  return startServer(dist, port, { CHATWOOT_URL: upstreamOrigin });
}
