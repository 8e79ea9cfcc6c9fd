import { DOCUMENT_EXTENSIONS } from './fileAccept';

/**
 * MIME types a visitor may attach (docs/behaviour.md#validation): images, audio, video, csv, plain text, json,
 * pdf, rtf, zip, 7z, rar, tar, Word, Excel, PowerPoint and OpenDocument.
 */
export const ALLOWED_MIME_PREFIXES = ['image/', 'audio/', 'video/'] as const;
export const ALLOWED_MIME_TYPES = [
  'text/csv',
  'text/plain',
  'application/json',
  'application/pdf',
  'text/rtf',
  'application/rtf',
  'application/zip',
  'application/x-zip-compressed',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
  'application/x-tar',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  // Other names browsers and systems use for the same documents (the server accepts them too).
  'application/csv',
  'text/x-csv',
  'text/json',
  'application/x-pdf',
  'application/x-rtf',
  'application/x-zip',
  'multipart/x-zip',
  'application/x-rar',
  'application/tar',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.openxmlformats-officedocument.presentationml.template',
  'application/vnd.oasis.opendocument.graphics',
] as const;

/**
 * Browsers report no type (or octet-stream) for files they do not recognise, e.g. `.7z` or
 * `.rar` on many systems: then the extension decides, as it does on the server.
 */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The file picker's `accept` attribute. */
export const ACCEPT = [...ALLOWED_MIME_PREFIXES.map((prefix) => `${prefix}*`), ...ALLOWED_MIME_TYPES].join(',');

export type AttachmentProblem = 'too_large' | 'type_not_allowed' | null;

/** Is this MIME type one a visitor may send? */
export function isAllowedType(mime: string, fileName = ''): boolean {
  const type = mime.toLowerCase().split(';')[0].trim();
  if (UNKNOWN_TYPES.has(type)) return DOCUMENT_EXTENSIONS.has(fileName.split('.').pop()?.toLowerCase() ?? '');
  return ALLOWED_MIME_PREFIXES.some((prefix) => type.startsWith(prefix)) || (ALLOWED_MIME_TYPES as readonly string[]).includes(type);
}

/**
 * Checks a file before any byte is uploaded: the size limit comes from the server's
 * `MAXIMUM_FILE_UPLOAD_SIZE` (MB); values ≤ 0 mean the default 40, as in Chatwoot.
 */
export function checkAttachment(file: Pick<File, 'size' | 'type'> & { name?: string }, maxMb: number): AttachmentProblem {
  const limitMb = maxMb > 0 ? maxMb : 40;
  if (file.size > limitMb * 1024 * 1024) return 'too_large';
  if (!isAllowedType(file.type, file.name)) return 'type_not_allowed';
  return null;
}

/** A file the upload rules refuse, and why. */
export interface RefusedFile {
  file: File;
  problem: Exclude<AttachmentProblem, null>;
}

/** Sorts files into those that may be sent and those refused, with why (`checkAttachment`). */
export function checkFiles(files: readonly File[], maxMb: number): { accepted: File[]; refused: RefusedFile[] } {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const problem = checkAttachment(file, maxMb);
    if (problem) refused.push({ file, problem });
    else accepted.push(file);
  }
  return { accepted, refused };
}
