// Starts the built reference server on a fresh database for one e2e run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wren-e2e-'));
const child = spawn(process.execPath, ['dist/server/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: '4310',
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dir, 'wren.sqlite'),
    UPLOADS_DIR: join(dir, 'uploads'),
    OUTBOX_DIR: join(dir, 'outbox'),
    WEBSITE_TOKEN: 'e2e-website-token',
    API_ACCESS_TOKEN: 'e2e-api-access-token',
    SECRET_KEY_BASE: 'e2e-secret-key-base-e2e-secret-key-base',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
