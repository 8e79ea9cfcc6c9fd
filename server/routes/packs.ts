/**
 * Static `/packs/*` from PACKS_DIR: content-hashed files (or folders) are immutable, the loader `sdk.js`
 * (a stable name every host page references) is cached for 5 minutes. CORS is open because
 * host pages on other origins load these files. The build writes brotli and gzip copies next
 * to each file (`.br`, `.gz`), served to browsers that accept them: the byte budgets are
 * brotli sizes, and a visitor on a slow network should pay exactly those.
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

/** Cache-Control for a file under /packs. */
export function packCacheControl(relativePath: string): string {
  if (relativePath === 'js/sdk.js') return 'public, max-age=300';
  if (HASHED.test(relativePath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
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
    c.header('Access-Control-Allow-Origin', '*');
    const relativePath = c.req.path.slice('/packs/'.length);
    const file = resolvePackPath(deps.config.packsDir, relativePath);
    const type = TYPES[extname(relativePath).toLowerCase()];
    const info = file && type ? await stat(file).catch(() => null) : null;
    if (!file || !type || !info?.isFile()) return c.json({ error: 'Not found' }, 404);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': packCacheControl(decodeURIComponent(relativePath)),
      'X-Content-Type-Options': 'nosniff',
      'Last-Modified': info.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
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
