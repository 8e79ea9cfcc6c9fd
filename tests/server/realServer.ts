/**
 * A real reference server (`startServer`: a port, the cable, a database file) in a temporary
 * folder, for the tests that need a process-like server: behind nginx, backed up and restored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { createSharedPostgresDatabase, TEST_ENGINE } from './engines/testDatabase';
import { createPacksDir } from './helpers';

export type TempServer = Extract<RunningServer, { mode: 'embedded' }> & {
  /** The folder holding `wren.sqlite` and `uploads/`. */
  dataDir: string;
  /** Stops the server and deletes its folders. */
  destroy(): Promise<void>;
};

/** Starts a server on a free port over `dataDir` (default: a new temporary folder). */
export async function startTempServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<TempServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wren-data-'));
  const packsDir = createPacksDir();
  // In the postgres project the server runs on a database of its own there (DATABASE_URL).
  const postgres = TEST_ENGINE === 'postgres' && !options.env?.DATABASE_URL ? await createSharedPostgresDatabase() : undefined;
  const config = {
    ...loadConfig({ ...(postgres && { DATABASE_URL: postgres.url }), ...options.env }),
    port: 0,
    databasePath: join(dataDir, 'wren.sqlite'),
    uploadsDir: join(dataDir, 'uploads'),
    outboxDir: join(dataDir, 'outbox'),
    packsDir,
  };
  const running = await startServer(config);
  if (running.mode !== 'embedded') throw new Error('a temporary reference server runs embedded');
  return {
    ...running,
    dataDir,
    async destroy() {
      await running.close();
      await postgres?.drop();
      rmSync(packsDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
