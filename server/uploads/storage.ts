/**
 * Attachment files on disk under UPLOADS_DIR. Each file is stored under a random key (never the
 * client's name, so no path or name from the request reaches the file system), first as
 * `<key>.part` and renamed when complete, so an interrupted upload never looks like a file.
 */
import { chmodSync, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from '../lib/random';

/** 24 random bytes, base64url: unguessable, so the file URL itself is the capability. */
export const STORAGE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** A file being written; `commit` makes it permanent, `discard` removes every trace. */
export interface PendingFile {
  key: string;
  size: number;
  /** Where the bytes are until `commit`, for reading them back (the content check). */
  partPath: string;
  write(chunk: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The visitors' files are Wren's alone: UPLOADS_DIR is made 0700 when the server starts (one an
 * earlier version made open to others is closed), and each file in it is written 0600.
 */
export function keepUploadsPrivate(uploadsDir: string): void {
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  chmodSync(uploadsDir, 0o700);
}

/** The path of the stored file `key` (the key is validated by the caller). */
export function storedPath(uploadsDir: string, key: string): string {
  return join(uploadsDir, key);
}

function writeChunk(stream: WriteStream, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    stream.once('error', onError);
    // Honour back-pressure: a slow disk slows the upload instead of filling memory.
    if (stream.write(chunk)) {
      stream.off('error', onError);
      resolve();
    } else {
      stream.once('drain', () => {
        stream.off('error', onError);
        resolve();
      });
    }
  });
}

/**
 * Starts writing a new file into `uploadsDir`. `maxBytes` is enforced while writing: the chunk
 * that crosses it throws `tooLarge()` instead of being written.
 */
export async function startFile(uploadsDir: string, maxBytes: number, tooLarge: () => Error): Promise<PendingFile> {
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  const key = randomToken(24);
  const partPath = `${storedPath(uploadsDir, key)}.part`;
  const stream = createWriteStream(partPath, { flags: 'wx', mode: 0o600 });
  let closed = false;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      if (closed) return resolve();
      closed = true;
      stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  const file: PendingFile = {
    key,
    size: 0,
    partPath,
    async write(chunk) {
      if (file.size + chunk.length > maxBytes) throw tooLarge();
      file.size += chunk.length;
      await writeChunk(stream, chunk);
    },
    finish: close,
    async commit() {
      await close();
      await rename(partPath, storedPath(uploadsDir, key));
    },
    async discard() {
      await close().catch(() => undefined);
      await rm(partPath, { force: true });
      await rm(storedPath(uploadsDir, key), { force: true });
    },
  };
  return file;
}
