/**
 * Static `/packs/*` from PACKS_DIR: content-hashed files (or folders) are immutable, the loader `sdk.js`
 * (a stable name every host page references) is cached for 5 minutes. Each answer carries only
 * the headers a browser or a cache uses (`packHeaders`, docs/architecture.md#response-headers-of-packs).
 * The build writes brotli and gzip copies next to each file (`.br`, `.gz`), served to browsers
 * that accept them: the byte budgets are brotli sizes, and a visitor on a slow network should
 * pay exactly those.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { Config } from '../config';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
};

// esbuild's [hash] is 8 characters of [A-Z0-9]; longer hashes from other tools also count. The
// widget's scripts are hashed by their folder instead, one per build (`js/widget-<hash>/`,
// docs/architecture.md#caching-and-chunk-names): a changed file is always a new address.
const HASHED = /-[A-Za-z0-9]{8,}(\.[a-z0-9]+$|\/)/;

// The loader and the files it imports into host pages (its runtime, campaign matcher, the
// URLPattern polyfill, the notice and their words: build.mjs names them `js/sdk…`, `js/launcher/…`
// and `js/notice/…`). A module script from another origin runs only with CORS; every other file
// is fetched by the widget's own pages, same-origin.
const LOADED_BY_HOST_PAGES = /^js\/(sdk[.-]|launcher\/|notice\/)/;

/** Cache-Control for a file under /packs. */
export function packCacheControl(relativePath: string): string {
  if (relativePath === 'js/sdk.js') return 'public, max-age=300';
  if (HASHED.test(relativePath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** CORS for a file under /packs, found or not: open where host pages import it, none elsewhere. */
function packCors(relativePath: string): Record<string, string> {
  return LOADED_BY_HOST_PAGES.test(relativePath) ? { 'Access-Control-Allow-Origin': '*' } : {};
}

/**
 * The headers of a file under /packs, but for its length and encoding: what a browser or a cache
 * uses, nothing more. A file under a hash never changes at its address, so it carries no
 * validator (`immutable` is never revalidated); one under a stable name (`sdk.js`) carries
 * `Last-Modified`, which its revalidation sends back. `null` for a type /packs does not serve.
 */
export function packHeaders(relativePath: string, modified: Date): Record<string, string> | null {
  const type = TYPES[extname(relativePath).toLowerCase()];
  if (!type) return null;
  const cacheControl = packCacheControl(relativePath);
  return {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    ...(cacheControl.includes('immutable') ? {} : { 'Last-Modified': modified.toUTCString() }),
    ...packCors(relativePath),
  };
}

/** Whether a revalidation's `If-Modified-Since` still holds for a file last modified at `modified`. */
function notModifiedSince(ifModifiedSince: string | undefined, modified: Date): boolean {
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  // HTTP dates have whole seconds; the file's time has milliseconds.
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** Maps a request path below /packs/ to a file inside `root`, or null if it escapes it. */
export function resolvePackPath(root: string, requested: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    return null;
  }
  if (!decoded || decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((s) => s === '..' || s === '')) return null;
  const base = resolve(root);
  const file = resolve(base, decoded);
  return file.startsWith(base + sep) ? file : null;
}

/** The precompressed variant to send for an `Accept-Encoding` header, best first. */
export function preferredEncodings(acceptEncoding: string | undefined): ('br' | 'gzip')[] {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase()));
  return (['br', 'gzip'] as const).filter((encoding) => accepted.has(encoding));
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The `/packs/*` route; it needs only PACKS_DIR, so gateway mode serves it too. */
export function packsRoutes(deps: { config: Pick<Config, 'packsDir'> }) {
  const app = new Hono();

  app.get('/packs/*', async (c) => {
    const requested = c.req.path.slice('/packs/'.length);
    const file = resolvePackPath(deps.config.packsDir, requested);
    if (!file) return c.json({ error: 'Not found' }, 404);
    const relativePath = decodeURIComponent(requested);
    const info = await stat(file).catch(() => null);
    const headers = info?.isFile() ? packHeaders(relativePath, info.mtime) : null;
    if (!info || !headers) return c.json({ error: 'Not found' }, 404, packCors(relativePath));
    if (headers['Last-Modified'] && notModifiedSince(c.req.header('If-Modified-Since'), info.mtime)) return c.body(null, 304, headers);
    for (const encoding of preferredEncodings(c.req.header('Accept-Encoding'))) {
      const compressed = await readFile(file + SUFFIX[encoding]).catch(() => null);
      if (compressed)
        return c.body(compressed, 200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': String(compressed.byteLength) });
    }
    const body = await readFile(file);
    return c.body(body, 200, { ...headers, 'Content-Length': String(body.byteLength) });
  });

  return app;
}
