/**
 * The PostgreSQL recipe as docs/operations.md writes it (#several-processes-postgresql-and-redis, #backups): the `wren` role and
 * database, a Wren server on them with a conversation, `pg_dump` while it runs, `pg_restore`
 * into a fresh database without an error, and a server on the restored database that still
 * knows the visitor. On a throwaway PostgreSQL from Debian's package (e2e/support/services.mjs);
 * its `postgres` superuser stands in for `sudo -u postgres`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../../e2e/support/services.mjs';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { createPacksDir, readBootConfig } from '../server/helpers';

let postgres: Awaited<ReturnType<typeof startPostgres>>;
let dir: string;
let packsDir: string;
beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'wren-pg-backup-'));
  packsDir = createPacksDir();
}, 60_000);
afterAll(() => {
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(packsDir, { recursive: true, force: true });
});

/** `sudo -u postgres <tool> …` on the throwaway server: the superuser over its loopback port. */
const asPostgres = (tool: string, args: string[]) =>
  execFileSync(tool, ['-h', '127.0.0.1', '-p', String(postgres.port), '-U', 'postgres', ...args], { stdio: 'pipe' });

/** `DATABASE_URL` of the `wren` role on `database`. */
const wrenUrl = (database: string) => `postgres://wren:change-me@127.0.0.1:${postgres.port}/${database}`;

/** A Wren server on `database`, stopped after `body`. */
async function withWren<T>(database: string, body: (origin: string, token: string) => Promise<T>): Promise<T> {
  const config = { ...loadConfig({ DATABASE_URL: wrenUrl(database) }), port: 0, packsDir, uploadsDir: join(dir, 'uploads') };
  const server = await startServer(config);
  try {
    if (server.mode !== 'embedded') throw new Error('a reference server');
    return await body(`http://127.0.0.1:${server.port}`, server.config.websiteToken);
  } finally {
    await server.close();
  }
}

describe('PostgreSQL backup and restore, as README writes them', () => {
  it('restores into a fresh database without an error, and Wren carries on from it', { timeout: 60_000 }, async () => {
    // sudo -u postgres psql -c "create user wren password 'change-me'" -c "create database wren owner wren"
    asPostgres('psql', ['-v', 'ON_ERROR_STOP=1', '-c', "create user wren password 'change-me'", '-c', 'create database wren owner wren']);

    const visitor = await withWren('wren', async (origin, token) => {
      const page = await fetch(`${origin}/widget?website_token=${token}`);
      const { authToken } = readBootConfig(await page.text());
      const sent = await fetch(`${origin}/api/v1/widget/messages?website_token=${token}`, {
        method: 'POST',
        headers: { 'x-auth-token': authToken, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { content: 'Where is my parcel?' } }),
      });
      expect(sent.status).toBe(200);

      // pg_dump --format=custom --file=… "$DATABASE_URL", while Wren runs
      const dump = spawnSync('pg_dump', ['--format=custom', `--file=${join(dir, 'wren.dump')}`, wrenUrl('wren')], { encoding: 'utf8' });
      expect([dump.status, dump.stderr]).toEqual([0, '']);
      return { authToken, token };
    });

    // sudo -u postgres createdb --owner=wren wren_restored
    asPostgres('createdb', ['--owner=wren', 'wren_restored']);
    // pg_restore --exit-on-error --no-owner --role=wren --dbname=… wren.dump
    const restore = spawnSync(
      'pg_restore',
      ['--exit-on-error', '--no-owner', '--role=wren', `--dbname=${wrenUrl('wren_restored')}`, join(dir, 'wren.dump')],
      { encoding: 'utf8' },
    );
    expect([restore.status, restore.stderr]).toEqual([0, '']);

    await withWren('wren_restored', async (origin, token) => {
      expect(token).toBe(visitor.token);
      // The visitor's token is still valid (the secret that signs it is in the database) and
      // their conversation is there.
      const messages = await fetch(`${origin}/api/v1/widget/messages?website_token=${token}`, {
        headers: { 'x-auth-token': visitor.authToken },
      });
      expect(messages.status).toBe(200);
      expect((await messages.json()).payload.map((m: { content: string }) => m.content)).toContain('Where is my parcel?');
    });
  });
});
