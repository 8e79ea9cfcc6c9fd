/**
 * The reference server as a real process, for the tests that must watch a process rather than a
 * function: how much memory it holds under an attack, whether it survives one. The server is
 * bundled from source with esbuild (as `build.mjs` does, into `node_modules/.cache` so its
 * packages resolve) and started with a bounded heap, `--expose-gc` and `memoryProbe.mjs`, which
 * reports the heap after a full collection on request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { createPacksDir } from '../helpers';

const ROOT = resolve(import.meta.dirname, '../../..');
const BUNDLE = join(ROOT, 'node_modules/.cache/wren-tests/server.js');
const PROBE = join(import.meta.dirname, 'memoryProbe.mjs');

export const WEBSITE_TOKEN = 'process-website-token';
export const API_ACCESS_TOKEN = 'process-api-access-token';

let bundled: Promise<unknown> | undefined;

/** Bundles `server/server.ts` once per test file. */
function bundleServer(): Promise<unknown> {
  bundled ??= build({
    entryPoints: [join(ROOT, 'server/server.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return bundled;
}

export interface MemoryReading {
  heapUsed: number;
  rss: number;
}

export interface ServerProcess {
  origin: string;
  port: number;
  /** Null while the process runs. */
  readonly exitCode: number | null;
  /** Everything it wrote to stderr (a crash's last words). */
  readonly stderr: string;
  /** The heap after a full collection, and the resident set. */
  memory(): Promise<MemoryReading>;
  /** Stops the process and removes its folders. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** `--max-old-space-size`, in MB. */
  maxOldSpaceMb: number;
  env?: Record<string, string>;
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /"port":(\d+)[^\n]*"msg":"listening/.exec(output)?.[1];
      if (!port) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve(Number(port));
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
  });
}

/** Starts the reference server on SQLite (or `env.DATABASE_URL`) in a process of its own, on a free port. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  await bundleServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'wren-process-'));
  const packsDir = createPacksDir();
  const child = spawn(process.execPath, [`--max-old-space-size=${options.maxOldSpaceMb}`, '--expose-gc', '--import', PROBE, BUNDLE], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_PATH: join(dataDir, 'wren.sqlite'),
      UPLOADS_DIR: join(dataDir, 'uploads'),
      OUTBOX_DIR: join(dataDir, 'outbox'),
      PACKS_DIR: packsDir,
      WEBSITE_TOKEN,
      API_ACCESS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(packsDir, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    cleanUp();
    throw error;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    get exitCode() {
      return child.exitCode ?? (child.signalCode ? 128 : null);
    },
    get stderr() {
      return stderr;
    },
    memory() {
      return new Promise((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode) return reject(new Error(`the server has died:\n${stderr}`));
        const onExit = () => reject(new Error(`the server died while measuring:\n${stderr}`));
        child.once('exit', onExit);
        child.once('message', (reading) => {
          child.off('exit', onExit);
          resolve(reading as MemoryReading);
        });
        child.send('memory');
      });
    },
    async stop() {
      if (child.exitCode === null && !child.signalCode) {
        child.kill('SIGTERM');
        await exited;
      }
      cleanUp();
    },
  };
}
