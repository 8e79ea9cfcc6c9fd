/**
 * A Wren server a test starts, stops and starts again itself (the run's shared server must
 * stay up for the other specs), with a host page of its own that embeds the widget from it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E } from '../ports';
import { serverEnv } from './serverEnv.mjs';
import { embedSnippet } from './snippet.mjs';

export interface OwnServer {
  origin: string;
  /** Its database, uploads and mail outbox live here (nothing, for a gateway). */
  dataDir: string;
  /** Starts the process and resolves once it answers HTTP; the same port and database each time. */
  start(): Promise<void>;
  /** SIGTERM, as a deploy would, and waits for the process to exit. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would (nothing is finished), and waits for the process to exit. */
  kill(): Promise<void>;
  /** Stops it if running and deletes its data. */
  dispose(): Promise<void>;
  /** Everything the process printed, for failure messages. */
  output(): string;
}

/**
 * `chatwootUrl` starts it in gateway mode in front of that server: no database, and it counts
 * as started once it serves the loader (its widget API is only as up as the upstream). `env`
 * adds variables (e.g. DATABASE_URL and REDIS_URL for one of several processes).
 */
export async function ownWrenServer(
  port: number,
  options: { chatwootUrl?: string; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const dir = await mkdtemp(join(tmpdir(), 'wren-e2e-own-'));
  const readyPath = options.chatwootUrl ? '/packs/js/sdk.js' : `/api/v1/widget/campaigns?website_token=${E2E.websiteToken}`;
  const origin = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');

  return {
    origin,
    dataDir: dir,
    output: () => log,
    async start() {
      if (child) throw new Error('already running');
      const started = spawn(process.execPath, [resolve(E2E.distDir, 'server/server.js')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...serverEnv({ port, dataDir: dir, distDir: E2E.distDir, websiteToken: E2E.websiteToken, apiAccessToken: E2E.apiAccessToken }),
          ...(options.chatwootUrl ? { CHATWOOT_URL: options.chatwootUrl } : {}),
          ...options.env,
        },
      });
      child = started;
      started.stdout!.on('data', (chunk) => (log += chunk));
      started.stderr!.on('data', (chunk) => (log += chunk));
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}:\n${log}`);
        const ready = await fetch(`${origin}${readyPath}`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        if (Date.now() > deadline) throw new Error(`the server did not answer within 20 s:\n${log}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop,
    kill: () => end('SIGKILL'),
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A customer page on 127.0.0.1 with the standard snippet pointing at `widgetOrigin`. */
export async function serveHostPage(port: number, widgetOrigin: string): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme Store</title></head>
<body><h1>Acme Store</h1>
<script>
${embedSnippet(widgetOrigin, E2E.websiteToken)}
</script></body></html>`;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://host').pathname === '/')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404).end();
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
