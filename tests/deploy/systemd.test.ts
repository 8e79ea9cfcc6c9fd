/**
 * deploy/systemd/wren@.service and deploy/wren.env.example, as committed: systemd accepts the
 * unit, it runs what `npm start` runs on the port of its instance name, and the example settings
 * (their paths moved into a temporary folder) start a server that answers as README says.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { createPacksDir } from '../server/helpers';

const UNIT = 'deploy/systemd/wren@.service';
const ENV_EXAMPLE = 'deploy/wren.env.example';

/** The unit's `[Service]` settings, `Name=value` as written (a name set twice keeps every value). */
function serviceSettings(): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of readFileSync(UNIT, 'utf8').split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1];
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (setting && section === 'Service') settings.set(setting[1], [...(settings.get(setting[1]) ?? []), setting[2]]);
  }
  return settings;
}

/** An environment file as systemd reads one: `NAME=value` lines; blank lines and `#` comments skipped. */
function environmentFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!assignment) throw new Error(`${path}: not NAME=value: ${line}`);
    env[assignment[1]] = assignment[2];
  }
  return env;
}

describe('the systemd unit (deploy/systemd/wren@.service)', () => {
  it('is a unit systemd accepts, as an instance named after its port', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wren-systemd-'));
    try {
      copyFileSync(UNIT, join(dir, 'wren@3000.service'));
      const verify = spawnSync('systemd-analyze', ['verify', '--man=no', join(dir, 'wren@3000.service')], { encoding: 'utf8' });
      expect(verify.error).toBeUndefined();
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs what `npm start` runs, on the port of its instance name, with the settings of /etc/wren/wren.env', () => {
    const service = serviceSettings();
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    const command = service.get('ExecStart')![0].replace(/^\/usr\/bin\/node /, 'node ');
    expect(start.endsWith(command)).toBe(true);
    expect(service.get('Environment')).toEqual(['PORT=%i']);
    expect(service.get('EnvironmentFile')).toEqual(['/etc/wren/wren.env']);
    // The example's state paths are the directory systemd makes for the service.
    expect(service.get('StateDirectory')).toEqual(['wren']);
    expect(Object.values(environmentFile(ENV_EXAMPLE)).filter((value) => value.startsWith('/var/lib/'))).not.toHaveLength(0);
    expect(
      Object.values(environmentFile(ENV_EXAMPLE)).every((value) => !value.startsWith('/var/lib/') || value.startsWith('/var/lib/wren/')),
    ).toBe(true);
    // systemd stops it with SIGTERM, Wren's signal for a graceful handover, and waits long enough.
    expect(service.get('KillSignal')).toEqual(['SIGTERM']);
    expect(Number(service.get('TimeoutStopSec')![0])).toBeGreaterThanOrEqual(15);
  });
});

describe('the example environment file (deploy/wren.env.example)', () => {
  it('sets only variables docs/operations.md documents, and never PORT, which the unit sets', () => {
    const documented = new Set([...readFileSync('docs/operations.md', 'utf8').matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]));
    const names = [
      ...Object.keys(environmentFile(ENV_EXAMPLE)),
      // The commented-out choices too: uncommenting one must give a variable Wren reads.
      ...[...readFileSync(ENV_EXAMPLE, 'utf8').matchAll(/^#([A-Z_]+)=/gm)].map((match) => match[1]),
    ];
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
    expect(names).not.toContain('PORT');
  });

  it('starts a server as written, its state under the service directory and /metrics behind the token', async () => {
    const state = mkdtempSync(join(tmpdir(), 'wren-state-'));
    const packsDir = createPacksDir();
    const env = Object.fromEntries(
      Object.entries(environmentFile(ENV_EXAMPLE)).map(([name, value]) => [name, value.replace(/^\/var\/lib\/wren/, state)]),
    );
    const server = await startServer({ ...loadConfig(env), port: 0, packsDir });
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${origin}/readyz`)).status).toBe(200);
      expect((await fetch(`${origin}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(readdirSync(state)).toContain('wren.sqlite');
    } finally {
      await server.close();
      rmSync(packsDir, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  });
});
