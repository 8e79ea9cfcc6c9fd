import {
  cpSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupError, backupTo, backupUploadsDir } from '../../server/backup';
import { readBootConfig } from './helpers';
import { startTempServer, type TempServer } from './realServer';

const servers: TempServer[] = [];
let backupDir: string;
beforeEach(() => {
  backupDir = mkdtempSync(join(tmpdir(), 'wren-backup-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.destroy()));
  rmSync(backupDir, { recursive: true, force: true });
});

async function start(dataDir?: string) {
  const server = await startTempServer({ dataDir });
  servers.push(server);
  const base = `http://127.0.0.1:${server.port}`;
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const agentHeaders = { api_access_token: server.config.apiAccessToken, 'content-type': 'application/json' };
  return { server, base, call, agentHeaders };
}

const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('backup and restore', () => {
  it('round-trips conversations, messages, uploads and the generated secrets, taken while the server runs', {
    timeout: 30_000,
  }, async () => {
    const { server, call, agentHeaders } = await start();
    // The agent is at work (their console's call is a sign of life), so nobody asks for an e-mail.
    await call('/api/v1/profile', { headers: agentHeaders });
    const boot = readBootConfig(await (await call(`/widget?website_token=${server.config.websiteToken}`)).text());
    const widget = (path: string) => `/api/v1/widget${path}?website_token=${server.config.websiteToken}`;
    const started = (await (
      await call(widget('/conversations'), {
        method: 'POST',
        headers: { 'X-Auth-Token': boot.authToken, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { content: 'Where is my parcel?' } }),
      })
    ).json()) as { id: number };
    const form = new FormData();
    form.append('message[attachments][]', new Blob([GIF], { type: 'image/gif' }), 'label.gif');
    await call(widget('/messages'), { method: 'POST', headers: { 'X-Auth-Token': boot.authToken }, body: form });
    await call(`/api/v1/accounts/1/conversations/${started.id}/messages`, {
      method: 'POST',
      headers: agentHeaders,
      body: JSON.stringify({ content: 'On its way' }),
    });

    const file = join(backupDir, 'wren-backup.sqlite');
    const result = await backupTo(file, server.config);
    expect(result).toEqual({ databaseFile: file, uploadsDir: backupUploadsDir(file), uploads: 1 });
    // The server keeps serving during and after the backup.
    await call('/readyz');

    // Restore as docs/operations.md#backups says: the server stopped, both copied into place, started again.
    const restoredDir = mkdtempSync(join(tmpdir(), 'wren-restored-'));
    copyFileSync(file, join(restoredDir, 'wren.sqlite'));
    cpSync(backupUploadsDir(file), join(restoredDir, 'uploads'), { recursive: true });
    const restored = await start(restoredDir);

    expect(restored.server.config.websiteToken).toBe(server.config.websiteToken);
    expect(restored.server.config.apiAccessToken).toBe(server.config.apiAccessToken);
    expect(restored.server.config.secretKeyBase).toBe(server.config.secretKeyBase);
    // The visitor's session (signed with the restored secret) still opens the same conversation.
    const messages = (await (await restored.call(widget('/messages'), { headers: { 'X-Auth-Token': boot.authToken } })).json()) as {
      payload: { content: string | null; attachments?: { data_url: string }[] }[];
    };
    expect(messages.payload.map((m) => m.content)).toEqual(['Where is my parcel?', null, 'On its way']);
    const dataUrl = messages.payload[1].attachments?.[0].data_url ?? '';
    expect(dataUrl.startsWith(`${restored.base}/uploads/`)).toBe(true);
    expect(Buffer.from(await (await restored.call(new URL(dataUrl).pathname)).arrayBuffer())).toEqual(GIF);
    const conversation = (await (
      await restored.call(`/api/v1/accounts/1/conversations/${started.id}`, { headers: agentHeaders })
    ).json()) as { id: number };
    expect(conversation.id).toBe(started.id);
  });

  it('is readable by its owner only, and written through no link planted beside it', async () => {
    const { server } = await start();
    mkdirSync(server.config.uploadsDir, { recursive: true });
    writeFileSync(join(server.config.uploadsDir, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'), 'a visitor file');
    const file = join(backupDir, 'private.sqlite');
    // Someone who can write the backup folder plants links where a backup used to write.
    const victim = join(backupDir, 'victim');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, `${file}.partial`);

    await backupTo(file, server.config);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(backupUploadsDir(file)).mode & 0o777).toBe(0o700);
    expect(statSync(join(backupUploadsDir(file), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).mode & 0o777).toBe(0o600);
    // Nothing but the backup and its uploads is left behind.
    expect(readdirSync(backupDir).sort()).toEqual(['private.sqlite', 'private.sqlite.partial', 'private.sqlite.uploads', 'victim']);
  });

  it('refuses a name a dangling link already holds', async () => {
    const { server } = await start();
    const file = join(backupDir, 'linked.sqlite');
    symlinkSync(join(backupDir, 'nowhere'), file);
    await expect(backupTo(file, server.config)).rejects.toThrow(/already exists/);
    expect(existsSync(join(backupDir, 'nowhere'))).toBe(false);
  });

  it('copies no symbolic link out of the uploads folder', async () => {
    const { server } = await start();
    mkdirSync(server.config.uploadsDir, { recursive: true });
    writeFileSync(join(server.config.uploadsDir, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'), 'a visitor file');
    symlinkSync('/etc/passwd', join(server.config.uploadsDir, 'cccccccccccccccccccccccccccccccc'));
    const file = join(backupDir, 'nolinks.sqlite');
    const result = await backupTo(file, server.config);
    expect(result.uploads).toBe(1);
    expect(readdirSync(backupUploadsDir(file))).toEqual(['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']);
  });

  it('refuses to overwrite an earlier backup', async () => {
    const { server } = await start();
    const file = join(backupDir, 'taken.sqlite');
    writeFileSync(file, 'an earlier backup');
    await expect(backupTo(file, server.config)).rejects.toThrow(BackupError);
    await expect(backupTo(file, server.config)).rejects.toThrow(/already exists/);
  });

  it('says which database is missing', async () => {
    await expect(
      backupTo(join(backupDir, 'x.sqlite'), { databasePath: join(backupDir, 'none.sqlite'), uploadsDir: backupDir }),
    ).rejects.toThrow(/no database at .*none\.sqlite/);
    expect(existsSync(join(backupDir, 'x.sqlite'))).toBe(false);
  });

  it('points to pg_dump when the database is PostgreSQL, and writes nothing', async () => {
    const source = { databasePath: join(backupDir, 'none.sqlite'), uploadsDir: backupDir, databaseUrl: 'postgres://wren:secret@db/wren' };
    await expect(backupTo(join(backupDir, 'pg.sqlite'), source)).rejects.toThrow(/DATABASE_URL is set: back PostgreSQL up with pg_dump/);
    await expect(backupTo(join(backupDir, 'pg.sqlite'), source)).rejects.not.toThrow(/secret/);
    expect(existsSync(join(backupDir, 'pg.sqlite.uploads'))).toBe(false);
  });
});
