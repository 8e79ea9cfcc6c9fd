/**
 * Environment parsing for the reference server (ARCHITECTURE.md §4). Everything is optional;
 * secrets that are unset here are generated once and stored in the `settings` table by the seed.
 */

/** A bad environment value; the process prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  port: number;
  host: string;
  databasePath: string;
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
  /** Set → gateway mode: no database, in front of the Chatwoot at this origin (`server/gateway/`). */
  chatwootUrl?: string;
}

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
    websiteToken: optional(env, 'WEBSITE_TOKEN', TOKEN, '8–128 letters, digits, "-" or "_"'),
    apiAccessToken: optional(env, 'API_ACCESS_TOKEN', TOKEN, '8–128 letters, digits, "-" or "_"'),
    secretKeyBase: optional(env, 'SECRET_KEY_BASE', /^\S{32,}$/, 'at least 32 characters without spaces'),
    uploadsDir: text(env, 'UPLOADS_DIR', 'data/uploads'),
    maxUploadMb: integer(env, 'MAX_UPLOAD_MB', 40, 1, 1024),
    smtpUrl,
    outboxDir: text(env, 'OUTBOX_DIR', 'data/outbox'),
    packsDir: text(env, 'PACKS_DIR', 'dist/packs'),
    publicUrl: optional(env, 'PUBLIC_URL', /^https?:\/\/[^\s/?#]+\/?$/, 'an http(s) origin such as https://chat.example.com')?.replace(/\/$/, ''),
    chatwootUrl: optional(env, 'CHATWOOT_URL', /^https?:\/\/[^\s/?#]+\/?$/, "your Chatwoot's http(s) origin such as https://chat.example.com")?.replace(/\/$/, ''),
  };
}
