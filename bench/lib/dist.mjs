// Which build the benchmarks run, and building it when it is missing or older than the source.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** BENCH_DIST_DIR, else DIST_DIR (the variable build.mjs reads), else the project's dist/. */
export const DIST = resolve(process.env.BENCH_DIST_DIR ?? process.env.DIST_DIR ?? join(ROOT, 'dist'));

const SOURCES = ['src', 'server', 'locales', 'build.mjs', 'aliases.mjs', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/**
 * Builds into DIST when its server or manifest is missing or any source file is newer, so the
 * figures always describe the checked-out code. BENCH_NO_BUILD=1 skips the check.
 */
export function ensureBuilt() {
  const manifest = join(DIST, 'packs/manifest.json');
  const server = join(DIST, 'server/server.js');
  if (process.env.BENCH_NO_BUILD !== '1') {
    const stale =
      !existsSync(manifest) ||
      !existsSync(server) ||
      Math.max(...SOURCES.map((path) => newest(join(ROOT, path)))) > statSync(manifest).mtimeMs;
    if (stale) {
      console.error(`bench: building into ${DIST}`);
      const result = spawnSync(process.execPath, ['build.mjs', '--quiet'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, DIST_DIR: DIST },
      });
      if (result.status !== 0) throw new Error('build failed');
    }
  }
  // The built server imports its packages (hono, ws, better-sqlite3…) from a node_modules
  // next to or above it: a DIST_DIR outside the checkout needs a link to the project's.
  if (!existsSync(join(DIST, 'node_modules')) && !DIST.startsWith(ROOT)) {
    throw new Error(
      `${DIST} is outside the project: link its packages first, e.g. ln -s ${join(ROOT, 'node_modules')} ${join(DIST, 'node_modules')}`,
    );
  }
  return DIST;
}
