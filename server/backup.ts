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
 *
 * The copy holds the secret key and every token, and the visitors' files: it is readable by its
 * owner only (files 0600, folders 0700), written where nobody else can plant anything (a fresh
 * private folder, then linked into place, which never overwrites and never follows a link), and
 * the uploads copy takes regular files only, so no symbolic link leads out of it.
 */
import { constants, chmodSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
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

/** Whether anything, a dangling symbolic link included, is at `path`. */
function occupied(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}

/** Backs `source` up to `file` (and `file.uploads/`); refuses to overwrite an earlier backup. */
export async function backupTo(file: string, source: BackupSource): Promise<BackupResult> {
  const uploadsDir = backupUploadsDir(file);
  if (source.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump and copy UPLOADS_DIR beside it (docs/operations.md#backups); this command copies SQLite',
    );
  }
  if (!existsSync(source.databasePath)) throw new BackupError(`no database at ${source.databasePath} (set DATABASE_PATH)`);
  if (occupied(file) || occupied(uploadsDir)) throw new BackupError(`${file} or ${uploadsDir} already exists; choose a new name`);
  mkdirSync(dirname(file), { recursive: true });

  // Written in a private folder first, so an interrupted backup never looks like a complete one
  // and nobody can swap a link in under the name SQLite writes to.
  const staging = mkdtempSync(join(dirname(file), `.${basename(file)}.`));
  try {
    const staged = join(staging, 'wren.sqlite');
    const db = new SQLite(source.databasePath, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(staged);
    } finally {
      db.close();
    }
    chmodSync(staged, 0o600);

    mkdirSync(uploadsDir, { mode: 0o700 });
    const uploads = existsSync(source.uploadsDir) ? await copyRegularFiles(source.uploadsDir, uploadsDir) : 0;
    try {
      linkSync(staged, file);
    } catch (error) {
      rmSync(uploadsDir, { recursive: true, force: true });
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${file} already exists; choose a new name`);
      throw error;
    }
    return { databaseFile: file, uploadsDir, uploads };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Copies the regular files and folders under `from` into `to` (which exists), as 0600 files and
 * 0700 folders; symbolic links and anything else are left behind. Resolves with the files copied.
 */
async function copyRegularFiles(from: string, to: string): Promise<number> {
  let copied = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { mode: 0o700 });
      copied += await copyRegularFiles(source, target);
    } else if (entry.isFile()) {
      // O_NOFOLLOW: a file swapped for a link since the listing is refused, not followed.
      const input = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW);
      const output = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      await pipeline(input.createReadStream(), output.createWriteStream());
      copied++;
    }
  }
  return copied;
}
