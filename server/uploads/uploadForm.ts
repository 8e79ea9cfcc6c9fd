/**
 * Reads an attachment upload (multipart) into checked files on disk plus its text fields.
 * Every file is checked twice before it is kept: its type when its headers arrive (so a
 * disallowed file is refused before a byte is written) and its size while it streams in.
 * Nothing of a failed request stays on disk.
 */
import type { Context } from 'hono';
import type { AppConfig } from '../config';
import { ApiError } from '../lib/apiError';
import { hasNul, NUL_IN_TEXT } from '../lib/storable';
import type { FileRules } from '../../src/shared/fileRules';
import { acceptFile, type AcceptedFile } from './fileTypes';
import { multipartBoundary, readMultipart } from './multipart';
import { contentMatches } from './realType';
import { startFile, type PendingFile } from './storage';

/** At most this many attachments per message (docs/protocol.md#messages). */
export const MAX_ATTACHMENTS = 15;

export interface UploadedFile extends AcceptedFile {
  storageKey: string;
  /** The client's name, kept for display and the download's Content-Disposition. */
  fileName: string;
  size: number;
}

export interface UploadForm {
  /** Text fields in arrival order (a repeated name appears repeatedly). */
  fields: [string, string][];
  files: UploadedFile[];
  /** Makes the files permanent; call before referencing them from the database. */
  commit(): Promise<void>;
  /** Removes the files (failed request, or a retried send that was already stored). */
  discard(): Promise<void>;
}

/** `File exceeds the 40 MB attachment limit` — the widget shows this text. */
export function fileTooLargeMessage(maxUploadMb: number): string {
  return `File exceeds the ${maxUploadMb} MB attachment limit`;
}

/** The largest multipart body accepted: the maximum number of maximum-size files, plus 1 MB of fields. */
export function uploadBodyLimit(config: Pick<AppConfig, 'maxUploadMb'>): number {
  return (config.maxUploadMb * MAX_ATTACHMENTS + 1) * 1024 * 1024;
}

/** Whether the request carries a multipart body. */
export function isMultipart(c: Context): boolean {
  return multipartBoundary(c.req.header('content-type')) !== null;
}

/**
 * Reads the multipart request; files must come in `fileField`. A visitor's upload passes the
 * inbox's `rules` too (docs/behaviour.md#file-rules): its types and size. Every file's bytes must
 * be what its name says (`realType.ts`). Throws `ApiError` on any problem.
 */
export async function readUploadForm(
  c: Context,
  config: Pick<AppConfig, 'maxUploadMb' | 'uploadsDir'>,
  fileField: string,
  rules?: FileRules,
): Promise<UploadForm> {
  const boundary = multipartBoundary(c.req.header('content-type'));
  const body = c.req.raw.body;
  if (!boundary || !body) throw new ApiError(400, 'Malformed multipart body');
  const maxBodyBytes = uploadBodyLimit(config);
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > maxBodyBytes) throw new ApiError(413, 'Request body is too large');

  const pending: { file: PendingFile; accepted: AcceptedFile; fileName: string }[] = [];
  const discard = async () => {
    await Promise.all(pending.map(({ file }) => file.discard()));
  };
  const maxMb = rules?.maxSizeMb ?? config.maxUploadMb;
  const tooLarge = () => new ApiError(422, fileTooLargeMessage(maxMb));
  try {
    const fields = await readMultipart(
      body,
      boundary,
      { maxBodyBytes, maxFieldBytes: 64 * 1024, maxParts: MAX_ATTACHMENTS + 30 },
      async (part) => {
        if (part.field !== fileField) throw new ApiError(422, `Unexpected file in ${part.field}`);
        if (pending.length >= MAX_ATTACHMENTS) throw new ApiError(422, `Too many attachments (maximum is ${MAX_ATTACHMENTS})`);
        const accepted = acceptFile(part.fileName, part.contentType);
        // The inbox's rules name extensions; the accepted extension is the server's own, never a guess.
        if (!accepted || (rules && !rules.extensions.includes(accepted.extension))) throw new ApiError(422, 'File type not allowed');
        const file = await startFile(config.uploadsDir, maxMb * 1024 * 1024, tooLarge);
        pending.push({ file, accepted, fileName: part.fileName.slice(0, 255) || `attachment.${accepted.extension}` });
        return { write: (chunk) => file.write(chunk), end: () => file.finish() };
      },
    );
    if (fields.some(([name, text]) => hasNul(name) || hasNul(text))) throw new ApiError(422, NUL_IN_TEXT);
    const empty = pending.find(({ file }) => file.size === 0);
    if (empty) throw new ApiError(422, `${empty.fileName} is empty`);
    for (const { file, accepted, fileName } of pending) {
      if (!(await contentMatches(file.partPath, accepted.extension)))
        throw new ApiError(422, `${fileName} is not a .${accepted.extension} file: its content is of another type`);
    }
    return {
      fields,
      files: pending.map(({ file, accepted, fileName }) => ({ ...accepted, storageKey: file.key, fileName, size: file.size })),
      commit: async () => {
        await Promise.all(pending.map(({ file }) => file.commit()));
      },
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The last value of field `name`, if present. */
export function field(fields: [string, string][], name: string): string | undefined {
  let value: string | undefined;
  for (const [key, text] of fields) if (key === name) value = text;
  return value;
}
