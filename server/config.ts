/**
 * Environment parsing for the reference server (docs/architecture.md#the-server). Everything is optional;
 * secrets that are unset here are generated once and stored in the `settings` table by the seed.
 */
import { AWAY_MODES, type AwayMode } from '../src/shared/awayMode';
import { RATE_LIMITS, type RateLimit, type RateLimitName, type RateLimitSettings } from './limits/rateLimits';

import { LOG_LEVELS, type LogLevel } from './observability/logger';

/** A bad environment value; the process prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  port: number;
  host: string;
  /** SQLite file, used unless `databaseUrl` is set. */
  databasePath: string;
  /** Set → PostgreSQL at this `postgres://` URL instead of SQLite (DATABASE_URL). */
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Set → realtime, presence, rate limits, locks and caches are shared through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** Seconds an agent or visitor stays online after their last sign of life (PRESENCE_WINDOW_S; Chatwoot's 20). */
  presenceWindowS: number;
  /** Unset → generated once and stored (see `seed`). */
  websiteToken?: string;
  apiAccessToken?: string;
  secretKeyBase?: string;
  uploadsDir: string;
  maxUploadMb: number;
  /** Unset → mail is written as `.eml` files into `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  packsDir: string;
  /** Origin used in absolute URLs (attachment `data_url`); unset → the request's origin. */
  publicUrl?: string;
  /** Unset → `info`. */
  logLevel?: LogLevel;
  /** Set → `/metrics` requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Extra `connect-src` sources for the `/widget` CSP (CSP_CONNECT_SRC); by default only the own origin. */
  cspConnectSrc: string[];
  /** The header a trusted reverse proxy puts the client's address in (TRUST_PROXY); unset → the socket's address. */
  trustProxy?: string;
  /** Every limit of `RATE_LIMITS`, from its variable or its default; null when switched off. */
  rateLimits: RateLimitSettings;
  /**
   * Visitor messages one conversation takes in a minute; past it, 422 "Too many messages"
   * (CONVERSATION_MESSAGE_PER_MINUTE_LIMIT, Chatwoot's variable and default).
   */
  conversationMessagesPerMinute: number;
  /** Set → gateway mode: no database, in front of the Chatwoot at this origin (`server/gateway/`). */
  chatwootUrl?: string;
  /** What the widget's branding footer shows, and the name mail goes out under. */
  branding: Branding;
  /** Gateway mode: what visitors get while Chatwoot's team is away (AWAY_MODE, docs/behaviour.md#away-mode). */
  awayMode: AwayMode;
}

/**
 * The installation's branding, Chatwoot's `BRAND_NAME`, `WIDGET_BRAND_URL`, `INSTALLATION_NAME`
 * and `LOGO_THUMBNAIL` (docs/protocol.md#the-widget-page). In gateway mode Chatwoot's own values
 * come first, and these fill what its answer leaves out.
 */
export interface Branding {
  /** "Powered by" this; empty: no branding footer. */
  brandName: string;
  /** Where the footer links (an http(s) URL). */
  brandUrl: string;
  /** The installation's name: the display name of the mail it sends. */
  installationName: string;
  /** The footer's logo (an http(s) URL or a path on this server); empty: none; unset: the one the build ships. */
  logoUrl?: string;
}

/** Wren's own branding, where the environment sets none. */
export const DEFAULT_BRANDING: Branding = {
  brandName: 'Wren',
  brandUrl: 'https://github.com/wren-chat/wren',
  installationName: 'Wren',
};

/** The configuration the app runs with: the three secrets are always resolved. */
export interface AppConfig extends Config {
  websiteToken: string;
  apiAccessToken: string;
  secretKeyBase: string;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string, pattern: RegExp, hint: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!pattern.test(value)) throw new ConfigError(`${name} must be ${hint}, got "${value}"`);
  return value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

// Only characters that can appear in a CSP host-source; anything else could alter the policy.
export const CSP_SOURCE = /^[A-Za-z0-9.*:/_-]+$/;

function sourceList(env: Env, name: string): string[] {
  const sources = env[name]?.trim().split(/\s+/).filter(Boolean) ?? [];
  const bad = sources.find((source) => !CSP_SOURCE.test(source));
  if (bad !== undefined)
    throw new ConfigError(`${name} must be CSP sources separated by spaces (such as https://api.example.com), got "${bad}"`);
  return sources;
}

function rateLimit(env: Env, name: string, fallback: RateLimit): RateLimit | null {
  const raw = env[name]?.trim();
  if (!raw) return { points: fallback.points, durationS: fallback.durationS };
  if (raw === 'off') return null;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new ConfigError(`${name} must be <requests>/<seconds> such as ${fallback.points}/${fallback.durationS}, or off, got "${raw}"`);
  }
  return { points: Number(match[1]), durationS: Number(match[2]) };
}

function rateLimits(env: Env): RateLimitSettings {
  return Object.fromEntries(
    (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => [name, rateLimit(env, RATE_LIMITS[name].env, RATE_LIMITS[name])]),
  ) as RateLimitSettings;
}

/** A name shown to people (set empty, it is ''): no control characters, at most 100 characters. */
function displayName(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  if (value === undefined) return undefined;
  if (value.length > 100 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new ConfigError(`${name} must be a name of at most 100 characters, got "${value.slice(0, 120)}"`);
  }
  return value;
}

const HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/;

/**
 * BRAND_NAME, WIDGET_BRAND_URL, INSTALLATION_NAME, LOGO_THUMBNAIL. A BRAND_NAME set empty turns
 * the branding footer off (Chatwoot's rule), and a LOGO_THUMBNAIL set empty leaves out the logo.
 */
function branding(env: Env): Branding {
  const brandName = displayName(env, 'BRAND_NAME') ?? DEFAULT_BRANDING.brandName;
  const logo = env.LOGO_THUMBNAIL?.trim();
  if (logo && !HTTP_URL.test(logo) && !/^\/(?!\/)\S*$/.test(logo)) {
    throw new ConfigError(`LOGO_THUMBNAIL must be an http(s) URL or a path on this server such as /brand/logo.svg, got "${logo}"`);
  }
  return {
    brandName,
    brandUrl: optional(env, 'WIDGET_BRAND_URL', HTTP_URL, 'an http(s) URL such as https://www.example.com') ?? DEFAULT_BRANDING.brandUrl,
    installationName: displayName(env, 'INSTALLATION_NAME') || brandName || DEFAULT_BRANDING.installationName,
    ...(logo !== undefined && { logoUrl: logo }),
  };
}

// Tokens travel in URLs, headers and HTML, so keep them to URL-safe characters.
const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

/** Reads the server configuration from `env` (default `process.env`); throws `ConfigError`. */
export function loadConfig(env: Env = process.env): Config {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    databasePath: text(env, 'DATABASE_PATH', 'data/wren.sqlite'),
    ...scaling(env),
    websiteToken: optional(env, 'WEBSITE_TOKEN', TOKEN, '8–128 letters, digits, "-" or "_"'),
    apiAccessToken: optional(env, 'API_ACCESS_TOKEN', TOKEN, '8–128 letters, digits, "-" or "_"'),
    secretKeyBase: optional(env, 'SECRET_KEY_BASE', /^\S{32,}$/, 'at least 32 characters without spaces'),
    uploadsDir: text(env, 'UPLOADS_DIR', 'data/uploads'),
    maxUploadMb: integer(env, 'MAX_UPLOAD_MB', 40, 1, 1024),
    smtpUrl,
    outboxDir: text(env, 'OUTBOX_DIR', 'data/outbox'),
    packsDir: text(env, 'PACKS_DIR', 'dist/packs'),
    publicUrl: optional(env, 'PUBLIC_URL', /^https?:\/\/[^\s/?#]+\/?$/, 'an http(s) origin such as https://chat.example.com')?.replace(
      /\/$/,
      '',
    ),
    chatwootUrl: optional(
      env,
      'CHATWOOT_URL',
      /^https?:\/\/[^\s/?#]+\/?$/,
      "your Chatwoot's http(s) origin such as https://chat.example.com",
    )?.replace(/\/$/, ''),
    awayMode: (optional(env, 'AWAY_MODE', new RegExp(`^(${AWAY_MODES.join('|')})$`), `one of ${AWAY_MODES.join(', ')}`) ??
      'chat') as AwayMode,
    ...observability(env),
    cspConnectSrc: sourceList(env, 'CSP_CONNECT_SRC'),
    trustProxy: trustedProxyHeader(env),
    rateLimits: rateLimits(env),
    branding: branding(env),
    conversationMessagesPerMinute: integer(env, 'CONVERSATION_MESSAGE_PER_MINUTE_LIMIT', 200, 1, 1_000_000),
  };
}

/**
 * DATABASE_URL, REDIS_URL and what comes with them (docs/architecture.md#modes). The URLs may
 * carry passwords, so an error message never repeats them.
 */
function scaling(env: Env): Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'redisUrl' | 'presenceWindowS'> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a PostgreSQL URL such as postgres://wren:secret@db.example.com:5432/wren');
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must be a Redis URL such as redis://redis.example.com:6379/0 (rediss:// for TLS)');
  }
  return {
    databaseUrl,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    redisUrl,
    presenceWindowS: integer(env, 'PRESENCE_WINDOW_S', 20, 1, 3600),
  };
}

/** LOG_LEVEL and METRICS_TOKEN: how the running server reports on itself. */
function observability(env: Env): Pick<Config, 'logLevel' | 'metricsToken'> {
  const logLevel = optional(env, 'LOG_LEVEL', new RegExp(`^(${LOG_LEVELS.join('|')})$`), `one of ${LOG_LEVELS.join(', ')}`);
  return {
    logLevel: logLevel as LogLevel | undefined,
    metricsToken: optional(env, 'METRICS_TOKEN', TOKEN, '8–128 letters, digits, "-" or "_"'),
  };
}

/**
 * TRUST_PROXY: off by default. `true`/`1`/`on` trusts `X-Forwarded-For` (what nginx and most load
 * balancers write); any other header name (e.g. `CF-Connecting-IP`) trusts that header instead.
 */
function trustedProxyHeader(env: Env): string | undefined {
  const value = optional(env, 'TRUST_PROXY', /^[A-Za-z0-9-]{1,64}$/, 'true, false or a header name such as X-Forwarded-For');
  if (!value || /^(false|0|off|no)$/i.test(value)) return undefined;
  return /^(true|1|on|yes)$/i.test(value) ? 'X-Forwarded-For' : value;
}
