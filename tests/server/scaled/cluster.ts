/**
 * Several reference servers in the scaled mode, side by side in the test process: real
 * listening servers (`startServer`) on one fresh PostgreSQL database and the run's Redis, under
 * a Redis prefix of their own so groups of servers never hear each other. Plus an ActionCable
 * client that keeps every frame it receives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { CABLE_PROTOCOLS, roomIdentifier } from '../../../src/shared/cable';
import type { WidgetBootConfig } from '../../../src/shared/types';
import { loadConfig, type Config } from '../../../server/config';
import { randomToken } from '../../../server/lib/random';
import { startServer, type RunningServer } from '../../../server/start';
import { createSharedPostgresDatabase, testRedisUrl } from '../engines/testDatabase';
import { createPacksDir, readBootConfig } from '../helpers';

export type ReferenceServer = Extract<RunningServer, { mode: 'embedded' }> & { origin: string; stopped: boolean };

export interface Cluster {
  servers: ReferenceServer[];
  databaseUrl: string;
  redisPrefix: string;
  /** Starts one more server on the same database and Redis. */
  add(): Promise<ReferenceServer>;
  /** A new visitor through `server`'s `/widget`. */
  visit(server: ReferenceServer): Promise<{ authToken: string; pubsubToken: string; config: WidgetBootConfig }>;
  /** Calls the Application API (`/api/v1/accounts/1{path}`) of `server` as the seeded agent. */
  agent(server: ReferenceServer, path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** Calls the widget API of `server` (`/api/v1/widget{path}`) as `authToken`. */
  widget(server: ReferenceServer, path: string, authToken: string | null, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** Stops `server` gracefully (what SIGTERM does). */
  stop(server: ReferenceServer): Promise<void>;
  close(): Promise<void>;
}

export const WEBSITE_TOKEN = 'cluster-website-token';
export const API_ACCESS_TOKEN = 'cluster-api-access-token';

/** Starts `count` servers; `env` adds variables (e.g. PRESENCE_WINDOW_S). */
export async function startCluster(
  count: number,
  options: {
    env?: Record<string, string>;
    now?: () => number;
    redisUrl?: string;
    /** Whether the seeded agent is seen once the servers are up (default true), as `createFixture` has it. */
    agentAtWork?: boolean;
  } = {},
): Promise<Cluster> {
  const database = await createSharedPostgresDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'wren-cluster-'));
  const packsDir = createPacksDir();
  const redisPrefix = `wren-test-${randomToken(6)}:`;
  const config: Config = {
    ...loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl ?? testRedisUrl(),
      WEBSITE_TOKEN,
      API_ACCESS_TOKEN,
      SECRET_KEY_BASE: 'cluster-secret-key-base-for-tests-only',
      ...options.env,
    }),
    port: 0,
    packsDir,
    uploadsDir: join(dataDir, 'uploads'),
    outboxDir: join(dataDir, 'outbox'),
  };
  const servers: ReferenceServer[] = [];
  const add = async () => {
    const running = await startServer(config, undefined, { redisPrefix, now: options.now });
    if (running.mode !== 'embedded') throw new Error('a cluster runs the reference server');
    const server: ReferenceServer = { ...running, origin: `http://127.0.0.1:${running.port}`, stopped: false };
    servers.push(server);
    return server;
  };
  const stop = async (server: ReferenceServer) => {
    if (server.stopped) return;
    server.stopped = true;
    await server.close();
  };
  try {
    for (let i = 0; i < count; i++) await add();
    if (count > 0 && options.agentAtWork !== false) {
      const signedIn = await fetch(`${servers[0].origin}/api/v1/profile`, { headers: { api_access_token: API_ACCESS_TOKEN } });
      if (!signedIn.ok) throw new Error(`GET /api/v1/profile answered ${signedIn.status}`);
    }
  } catch (error) {
    for (const server of servers) await stop(server);
    await database.drop();
    throw error;
  }

  const json = (init: { method?: string; body?: unknown } = {}, headers: Record<string, string> = {}): RequestInit => ({
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });

  return {
    servers,
    databaseUrl: database.url,
    redisPrefix,
    add,
    async visit(server) {
      const res = await fetch(`${server.origin}/widget?website_token=${WEBSITE_TOKEN}`);
      if (res.status !== 200) throw new Error(`/widget answered ${res.status}`);
      const boot = readBootConfig(await res.text());
      return { authToken: boot.authToken, pubsubToken: boot.chatwootPubsubToken, config: boot };
    },
    agent: (server, path, init) => fetch(`${server.origin}/api/v1/accounts/1${path}`, json(init, { api_access_token: API_ACCESS_TOKEN })),
    widget: (server, path, authToken, init) => {
      const separator = path.includes('?') ? '&' : '?';
      return fetch(
        `${server.origin}/api/v1/widget${path}${separator}website_token=${WEBSITE_TOKEN}`,
        json(init, authToken ? { 'X-Auth-Token': authToken } : {}),
      );
    },
    stop,
    async close() {
      for (const server of servers) await stop(server);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(packsDir, { recursive: true, force: true });
    },
  };
}

export type Frame = Record<string, unknown> & { message?: { event: string; data: Record<string, unknown> } };

/** An ActionCable client subscribed to `pubsubToken`'s room on `server`, keeping every frame. */
export async function cableClient(server: { origin: string }, pubsubToken: string) {
  const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/cable`, CABLE_PROTOCOLS);
  const frames: Frame[] = [];
  let closed = false;
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  ws.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const identifier = roomIdentifier(pubsubToken);
  const waitFor = async (predicate: (frame: Frame) => boolean, what: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no ${what} within ${timeoutMs} ms; frames: ${JSON.stringify(frames.filter((f) => f.type !== 'ping'))}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  await waitFor((f) => f.type === 'confirm_subscription' && f.identifier === identifier, 'confirm_subscription');
  return {
    ws,
    frames,
    get closed() {
      return closed;
    },
    /** The events received so far, by name. */
    events: (name: string) => frames.filter((f) => f.message?.event === name).map((f) => f.message!.data),
    waitFor,
    /** Waits for a `message.created` whose content is `content`. */
    message: (content: string) =>
      waitFor((f) => f.message?.event === 'message.created' && f.message.data.content === content, `"${content}"`),
    perform: (action: string) => ws.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action }) })),
    close: () => ws.close(),
  };
}
