/**
 * Online backups: a consistent copy of the SQLite database taken while the server keeps
 * writing (SQLite's backup API through better-sqlite3), and the uploads copied beside it.
 *
 *   <file>            the database: conversations, contacts, settings (secret_key_base),
 *                     the inbox's website token and the agents' access tokens
 *   <file>.uploads/   the attachment files, under the same keys as UPLOADS_DIR
 *
 * The database goes first: uploads are written before the row that names them and never
 * rewritten, so every file the copied database refers to is already on disk when the folder
 * is copied.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup problem the command reports as a one-line message. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupSource {
  databasePath: string;
  uploadsDir: string;
  /** Set → the database is PostgreSQL, which this command does not copy. */
  databaseUrl?: string;
}

export interface BackupResult {
  databaseFile: string;
  uploadsDir: string;
  /** Attachment files copied. */
  uploads: number;
}

/** Where the uploads of the backup at `file` go. */
export function backupUploadsDir(file: string): string {
  return `${file}.uploads`;
}

/** Backs `source` up to `file` (and `file.uploads/`); refuses to overwrite an earlier backup. */
export async function backupTo(file: string, source: BackupSource): Promise<BackupResult> {
  const uploadsDir = backupUploadsDir(file);
  if (source.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump and copy UPLOADS_DIR beside it (README, "Several processes"); this command copies SQLite',
    );
  }
  if (!existsSync(source.databasePath)) throw new BackupError(`no database at ${source.databasePath} (set DATABASE_PATH)`);
  if (existsSync(file) || existsSync(uploadsDir)) throw new BackupError(`${file} or ${uploadsDir} already exists; choose a new name`);
  mkdirSync(dirname(file), { recursive: true });

  // Written under a temporary name, so an interrupted backup never looks like a complete one.
  const partial = `${file}.partial`;
  const db = new SQLite(source.databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }

  mkdirSync(uploadsDir);
  if (existsSync(source.uploadsDir)) cpSync(source.uploadsDir, uploadsDir, { recursive: true });
  renameSync(partial, file);
  return {
    databaseFile: file,
    uploadsDir,
    uploads: readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length,
  };
}
