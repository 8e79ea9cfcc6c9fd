// Starts the built reference server on a fresh database for one e2e run.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEnv } from './serverEnv.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const dist = process.env.E2E_DIST_DIR ?? process.env.DIST_DIR ?? 'dist';
const dir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wren-e2e-'));
// Tests find this run's data (e.g. the mail outbox) through this file: see serverData.ts.
writeFileSync(
  join(tmpdir(), `wren-e2e-${port}.json`),
  JSON.stringify({ dataDir: dir, outboxDir: join(dir, 'outbox'), uploadsDir: join(dir, 'uploads') }),
);
const child = spawn(process.execPath, [join(dist, 'server/server.js')], {
  stdio: 'inherit',
  env: serverEnv({ port, dataDir: dir, distDir: dist, websiteToken: 'e2e-website-token', apiAccessToken: 'e2e-api-access-token' }),
});
// The seed agent is at work for the whole run, as if their console were open: a call every 5 s,
// well inside the 25 s a sign of life counts for (docs/protocol.md#presence). Without it, whether the
// team is online (and a first message draws the away e-mail ask) would depend on how long ago the
// previous spec happened to call the Application API. Specs that want the team away say so
// (an explicit availability, or working hours), and those win over presence.
const atWork = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/api/v1/profile`, { headers: { api_access_token: 'e2e-api-access-token' } }).catch(() => {
    // Not listening yet (or restarting): the next ping counts.
  });
}, 5_000);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    clearInterval(atWork);
    child.kill(signal);
  });
child.on('exit', (code) => process.exit(code ?? 0));
