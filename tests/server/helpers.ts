/**
 * A fresh reference server per test: a private database (in-memory SQLite, or a fresh
 * PostgreSQL database in the `postgres` project: see `engines/testDatabase.ts`), migrated and
 * seeded, a temporary packs folder with a manifest, a hub, and the app — called through
 * `app.request()`, no port.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RealtimeEnvelope } from '../../src/shared/cable';
import { WIDGET_CONFIG_ELEMENT_ID, type WidgetBootConfig } from '../../src/shared/types';
import { createApp, type AppDeps } from '../../server/app';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { loadConfig, type AppConfig } from '../../server/config';
import { migrateToLatest, type Db } from '../../server/db/database';
import { SEED_AGENT_ID, seed } from '../../server/seed';
import type { Logger } from '../../server/observability/logger';
import { inProcess } from '../../server/coordination';
import type { RateLimits } from '../../server/limits/rateLimits';
import type { Hub } from '../../server/realtime/hub';
import type { Presence } from '../../server/services/presence';
import { createTestDatabase } from './engines/testDatabase';

export const WIDGET_JS = 'js/widget-ABCD1234.js';
/** A stylesheet under /packs: the agent console's (the widget's rides in its script). */
export const STYLESHEET = 'css/agent-EFGH5678.css';

export interface Visitor {
  authToken: string;
  pubsubToken: string;
  config: WidgetBootConfig;
}

export interface RequestOptions {
  method?: string;
  /** Serialised as JSON unless it is already a string or a FormData (sent as multipart). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Fixture {
  app: ReturnType<typeof createApp>;
  /** What the app was built over: a test calls a service with it as another path (a bot, the console) would. */
  deps: AppDeps;
  limits: RateLimits;
  db: Db;
  hub: Hub;
  presence: Presence;
  config: AppConfig;
  packsDir: string;
  uploadsDir: string;
  /** Every mail the app sent, in order. */
  mails: MailMessage[];
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** Calls `/api/v1/widget{path}` with the website token and, when given, the visitor's token. */
  widget(path: string, visitor: Visitor | string | null, options?: RequestOptions): Promise<Response>;
  /** Calls `/api/v1/accounts/1{path}` as the seeded admin agent. */
  agent(path: string, options?: RequestOptions): Promise<Response>;
  /** Opens `/widget` as a new visitor (or resumes `cwConversation`) and reads the data block. */
  visit(cwConversation?: string): Promise<Visitor>;
  /** Records every event the hub broadcasts to `token`. */
  listen(token: string): RealtimeEnvelope[];
  close(): Promise<void>;
}

/** Extracts and parses the `<script type="application/json" id="wren-config">` block. */
export function readBootConfig(html: string): WidgetBootConfig {
  const match = new RegExp(`<script type="application/json" id="${WIDGET_CONFIG_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error('no boot config block in the page');
  return JSON.parse(match[1]) as WidgetBootConfig;
}

/** A temporary packs folder with a manifest and tiny widget files (`withManifest` false: empty). */
export function createPacksDir(withManifest = true): string {
  const packsDir = mkdtempSync(join(tmpdir(), 'wren-packs-'));
  if (withManifest) {
    mkdirSync(join(packsDir, 'js'), { recursive: true });
    mkdirSync(join(packsDir, 'css'), { recursive: true });
    writeFileSync(join(packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS }));
    writeFileSync(join(packsDir, WIDGET_JS), 'export {};\n');
    writeFileSync(join(packsDir, STYLESHEET), 'body{margin:0}\n');
    writeFileSync(join(packsDir, 'js/sdk.js'), 'window.chatwootSDK={run:function(){}};\n');
  }
  return packsDir;
}

export interface FixtureOptions {
  /** false: the packs folder has no manifest. */
  withPacks?: boolean;
  /** A database to use (and keep) instead of a private one: restarts (on PostgreSQL, a database named after it). */
  databasePath?: string;
  /** An uploads folder to use (and keep) instead of a temporary one. */
  uploadsDir?: string;
  /** Environment values on top of the defaults (e.g. MAX_UPLOAD_MB). */
  env?: Record<string, string>;
  /** The app's logger (default: none). */
  logger?: Logger;
  /** The presence clock (default `Date.now`): tests move it to let agents expire. */
  now?: () => number;
  /**
   * Whether the seeded agent is at work when the fixture starts (default true): seen, as if their
   * console were open, so visitors find someone online (docs/protocol.md#presence). False: nobody
   * has been seen yet.
   */
  agentAtWork?: boolean;
}

/** `env` that switches off every per-visitor and per-address write limit, for tests that make many requests. */
export const WRITE_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  ['CONVERSATIONS', 'CONTACT_UPDATES', 'EVENTS', 'UPLOADS', 'TRANSCRIPTS'].flatMap((kind) => [
    [`RATE_LIMIT_${kind}_PER_VISITOR`, 'off'],
    [`RATE_LIMIT_${kind}_PER_ADDRESS`, 'off'],
  ]),
);

/** Builds a fixture over a fresh (or the given) database. */
export async function createFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const packsDir = createPacksDir(options.withPacks !== false);
  const uploadsDir = options.uploadsDir ?? mkdtempSync(join(tmpdir(), 'wren-uploads-'));
  const database = await createTestDatabase(options.databasePath);
  const { db } = database;
  const databasePath = database.name;
  await migrateToLatest(db);
  const base = { ...loadConfig(options.env ?? {}), packsDir, databasePath, uploadsDir };
  const config: AppConfig = { ...base, ...(await seed(db, base)) };
  const shared = inProcess(db, config, { now: options.now });
  const { hub, presence, limits } = shared;
  if (options.agentAtWork !== false) await presence.agentSeen(SEED_AGENT_ID);
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  const deps: AppDeps = { db, config, mailer, logger: options.logger, ...shared };
  const app = createApp(deps);

  const request = (path: string, { method = 'GET', body, headers = {} }: RequestOptions = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    return Promise.resolve(app.request(path, init));
  };

  const fixture: Fixture = {
    app,
    deps,
    limits,
    db,
    hub,
    presence,
    config,
    packsDir,
    uploadsDir,
    mails,
    request,
    widget(path, visitor, options = {}) {
      const token = typeof visitor === 'string' ? visitor : visitor?.authToken;
      const separator = path.includes('?') ? '&' : '?';
      return request(`/api/v1/widget${path}${separator}website_token=${config.websiteToken}`, {
        ...options,
        headers: { ...(token ? { 'X-Auth-Token': token } : {}), ...options.headers },
      });
    },
    agent(path, options = {}) {
      return request(`/api/v1/accounts/1${path}`, { ...options, headers: { api_access_token: config.apiAccessToken, ...options.headers } });
    },
    async visit(cwConversation) {
      const query = `website_token=${config.websiteToken}${cwConversation ? `&cw_conversation=${cwConversation}` : ''}`;
      const res = await request(`/widget?${query}`);
      if (res.status !== 200) throw new Error(`/widget answered ${res.status}`);
      const boot = readBootConfig(await res.text());
      return { authToken: boot.authToken, pubsubToken: boot.chatwootPubsubToken, config: boot };
    },
    listen(token) {
      const events: RealtimeEnvelope[] = [];
      hub.subscribe(token, (envelope) => events.push(envelope));
      return events;
    },
    async close() {
      await shared.close();
      await database.close();
      rmSync(packsDir, { recursive: true, force: true });
      if (!options.uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** Sends a visitor message and returns the parsed response body. */
export async function sendMessage(fixture: Fixture, visitor: Visitor, content: string, extra: Record<string, unknown> = {}) {
  const res = await fixture.widget('/messages', visitor, { method: 'POST', body: { message: { content, ...extra } } });
  if (res.status !== 200) throw new Error(`POST /messages answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: number; conversation_id: number; content: string; echo_id?: string };
}
