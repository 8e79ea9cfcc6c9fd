// Throwaway PostgreSQL and Redis servers from Debian's packages (`postgresql`, `redis-server`),
// on free loopback ports in temporary folders, for the tests, the e2e run and the benchmarks of
// the scaled mode. Nothing depends on a service started by hand; each is stopped (and its folder
// deleted) by `stop()`, or when this process exits.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });
}

/** The folder holding `initdb` and `pg_ctl`: PG_BIN, else Debian's newest /usr/lib/postgresql/<version>/bin. */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN)');
  return join(root, versions[0], 'bin');
}

const stopOnExit = new Set();
process.once('exit', () => {
  for (const stop of stopOnExit) stop();
});

/**
 * Starts a PostgreSQL cluster. PostgreSQL refuses to run as root, so as root the cluster belongs
 * to Debian's `postgres` user and every command runs through `runuser`. Durability is off
 * (fsync, synchronous commit): the data is thrown away anyway.
 *
 * @returns {Promise<{ port: number, version: string, url: (database?: string) => string, stop: () => void }>}
 */
export async function startPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'wren-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) =>
    execFileSync(asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    run('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'postgres.log'), '-o', options]);
  } catch (error) {
    const log = existsSync(join(dir, 'postgres.log')) ? readFileSync(join(dir, 'postgres.log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${error.stderr?.toString() ?? error.message}\n${log}`);
  }
  const version = /\d+(\.\d+)*/.exec(run('pg_ctl', ['--version']).toString())?.[0] ?? 'unknown';
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopOnExit.delete(stop);
    try {
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  stopOnExit.add(stop);
  return { port, version, url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}

/**
 * Starts `redis-server` without persistence, on `port` (to restart one where it was) or a free one.
 *
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ port: number, version: string, url: string, stop: () => Promise<void> }>}
 */
export async function startRedis(options = {}) {
  const port = options.port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const failed = new Promise((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(error.code === 'ENOENT' ? 'redis-server is not installed: apt-get install redis-server' : error.message)),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  failed.catch(() => {});
  const deadline = Date.now() + 20_000;
  while (!output.includes('Ready to accept connections')) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start within 20 s:\n${output}`);
    }
    await Promise.race([sleep(20), failed]);
  }
  const version = /version=(\d+(?:\.\d+)*)/.exec(output)?.[1] ?? 'unknown';
  const killNow = () => child.exitCode === null && child.kill('SIGKILL');
  stopOnExit.add(killNow);
  return {
    port,
    version,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      stopOnExit.delete(killNow);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
