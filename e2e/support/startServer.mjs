// Starts the built reference server on a fresh database for one e2e run.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepAgentAtWork } from './agentAtWork.mjs';
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
// The seed agent is at work for the whole run. Specs that want the team away say so (an
// explicit availability, or working hours), and those win over presence.
const atWork = keepAgentAtWork(`http://127.0.0.1:${port}`, 'e2e-api-access-token');
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    atWork.stop();
    child.kill(signal);
  });
child.on('exit', (code) => process.exit(code ?? 0));
