/**
 * `GET /uploads/:key/:name` — stored attachments. The random key is the capability (like
 * Chatwoot's signed blob URLs); the name is cosmetic. Files are served so that an uploaded
 * file can never act as a page of this origin: the stored (never the client's) Content-Type,
 * `nosniff`, a sandboxing CSP, and a download disposition for anything but image/audio/video.
 */
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { notFound } from '../lib/apiError';
import { findAttachmentByStorageKey } from '../repositories/attachments';
import { servedInline } from '../uploads/fileTypes';
import { STORAGE_KEY, storedPath } from '../uploads/storage';

/** `attachment; filename="…"; filename*=UTF-8''…` with a plain-ASCII fallback name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A single `bytes=a-b` range within `size`, or null (serve the whole file). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** Bytes `start` to `end` of the open `file`, which is closed once they are read (or the client has gone). */
function fileStream(file: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  return Readable.toWeb(file.createReadStream({ start, end, autoClose: true })) as ReadableStream<Uint8Array>;
}

/** The uploads route. */
export function uploadRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/uploads/:key/:name', async (c) => {
    const key = c.req.param('key');
    if (!STORAGE_KEY.test(key)) throw notFound();
    const attachment = await findAttachmentByStorageKey(deps.db, key);
    // A symbolic link (say, in a folder restored from elsewhere) is never followed out of UPLOADS_DIR.
    const file = attachment
      ? await open(storedPath(deps.config.uploadsDir, key), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null)
      : null;
    const info = await file?.stat();
    if (!attachment || !file || !info?.isFile()) {
      await file?.close();
      throw notFound();
    }

    const contentType = attachment.content_type ?? 'application/octet-stream';
    const inline = servedInline(contentType);
    c.header('Content-Type', contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', attachment.file_name ?? 'file'));
    // The key never points at other bytes, so the answer can be kept forever.
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Accept-Ranges', 'bytes');

    const range = parseRange(c.req.header('range'), info.size);
    if (range === 'invalid') {
      await file.close();
      c.header('Content-Range', `bytes */${info.size}`);
      return c.body(null, 416);
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    c.header('Content-Length', String(info.size === 0 ? 0 : end - start + 1));
    if (range) c.header('Content-Range', `bytes ${start}-${end}/${info.size}`);
    if (c.req.method === 'HEAD' || info.size === 0) {
      await file.close();
      return c.body(null, range ? 206 : 200);
    }
    return c.body(fileStream(file, start, end), range ? 206 : 200);
  });

  return app;
}
