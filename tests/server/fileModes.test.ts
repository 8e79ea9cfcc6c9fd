/**
 * What Wren keeps on disk is its owner's alone: the SQLite database (every conversation, the
 * secret key, the tokens) and its `-wal`/`-shm` files 0600, the uploads folder 0700 and each
 * visitor file in it 0600 — whatever the umask, and also where an earlier version left them open.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import { createFixture, sendMessage } from './helpers';
import { startTempServer } from './realServer';

const modeOf = (path: string) => statSync(path).mode & 0o777;

let folder: string;
let umask: number;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'wren-modes-'));
  // The most permissive umask: whatever Wren does not close itself stays open.
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
  rmSync(folder, { recursive: true, force: true });
});

describe('files on disk', () => {
  it('creates the SQLite database, its -wal and -shm files 0600 in a folder created 0700', async () => {
    const path = join(folder, 'data', 'wren.sqlite');
    const db = createDatabase(path);
    try {
      await migrateToLatest(db);
      await sql`select count(*) from messages`.execute(db);
      expect(readdirSync(join(folder, 'data')).sort()).toEqual(['wren.sqlite', 'wren.sqlite-shm', 'wren.sqlite-wal']);
      for (const file of ['wren.sqlite', 'wren.sqlite-shm', 'wren.sqlite-wal'])
        expect(modeOf(join(folder, 'data', file)), file).toBe(0o600);
      expect(modeOf(join(folder, 'data'))).toBe(0o700);
    } finally {
      await db.destroy();
    }
  });

  it('closes a database an earlier version left readable to others', async () => {
    const path = join(folder, 'wren.sqlite');
    for (const file of [path, `${path}-wal`, `${path}-shm`]) writeFileSync(file, '', { mode: 0o644 });
    chmodSync(path, 0o644);
    const db = createDatabase(path);
    await db.destroy();
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
  });

  it('keeps the uploads folder 0700 from the start (an open one is closed) and writes each file 0600', async () => {
    mkdirSync(join(folder, 'uploads'), { mode: 0o755 });
    const server = await startTempServer({ dataDir: folder });
    const mode = modeOf(join(folder, 'uploads'));
    await server.destroy();
    expect(mode).toBe(0o700);
    const uploadsDir = join(folder, 'fresh-uploads');
    const fx = await createFixture({ uploadsDir });
    try {
      const visitor = await fx.visit();
      await sendMessage(fx, visitor, 'hello');
      const form = new FormData();
      form.append('message[attachments][]', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
      expect((await fx.widget('/messages', visitor, { method: 'POST', body: form })).status).toBe(200);
      expect(modeOf(uploadsDir)).toBe(0o700);
      const [stored] = readdirSync(uploadsDir);
      expect(modeOf(join(uploadsDir, stored))).toBe(0o600);
    } finally {
      await fx.close();
    }
  });
});
