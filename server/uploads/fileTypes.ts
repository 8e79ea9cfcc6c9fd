/**
 * Which attachments the server accepts (docs/behaviour.md#validation, docs/protocol.md#messages): images, audio, video, csv,
 * plain text, json, pdf, rtf, zip, 7z, rar, tar, Word, Excel, PowerPoint (old and OOXML) and
 * OpenDocument. A file passes when its MIME type AND its extension agree with one entry below;
 * the stored type is then ours, not the client's, so what is served later is predictable. This
 * list is the most an inbox's file rules can allow (docs/behaviour.md#file-rules): nothing
 * outside it, so no executable, is ever accepted.
 */
import { extensionOf, type FileRules } from '../../src/shared/fileRules';

/** Chatwoot's `file_type` of an uploaded file. */
export type UploadFileType = 'image' | 'audio' | 'video' | 'file';

export interface AcceptedFile {
  /** Canonical MIME type (no parameters) the file is stored and served as. */
  contentType: string;
  /** Lower-case extension without the dot. */
  extension: string;
  fileType: UploadFileType;
}

/** extension → the MIME types a browser may legitimately report for it; the first is canonical. */
const BY_EXTENSION: Record<string, string[]> = {
  // Images. Only the raster types of Chatwoot's list count as `image`; the rest are files.
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  jpe: ['image/jpeg'],
  jfif: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png', 'image/apng'],
  apng: ['image/apng', 'image/png'],
  gif: ['image/gif'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  webp: ['image/webp'],
  svg: ['image/svg+xml'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  heic: ['image/heic'],
  heif: ['image/heif'],
  avif: ['image/avif'],
  // Audio (webm/ogg/wav are what the browser's recorder produces).
  mp3: ['audio/mpeg', 'audio/mp3'],
  mpga: ['audio/mpeg'],
  m4a: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'],
  aac: ['audio/aac', 'audio/x-aac'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  oga: ['audio/ogg'],
  opus: ['audio/opus', 'audio/ogg'],
  weba: ['audio/webm'],
  flac: ['audio/flac', 'audio/x-flac'],
  amr: ['audio/amr'],
  mid: ['audio/midi', 'audio/x-midi'],
  midi: ['audio/midi', 'audio/x-midi'],
  aif: ['audio/aiff', 'audio/x-aiff'],
  aiff: ['audio/aiff', 'audio/x-aiff'],
  caf: ['audio/x-caf'],
  // Video (webm, ogg and 3gp may carry either).
  mp4: ['video/mp4', 'audio/mp4'],
  m4v: ['video/x-m4v', 'video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm', 'audio/webm'],
  ogv: ['video/ogg'],
  ogg: ['audio/ogg', 'video/ogg', 'application/ogg'],
  avi: ['video/x-msvideo', 'video/avi'],
  mkv: ['video/x-matroska'],
  '3gp': ['video/3gpp', 'audio/3gpp'],
  '3g2': ['video/3gpp2', 'audio/3gpp2'],
  mpeg: ['video/mpeg'],
  mpg: ['video/mpeg'],
  wmv: ['video/x-ms-wmv'],
  flv: ['video/x-flv'],
  // Documents. Windows reports .csv as an Excel type, and many systems report text/plain for it.
  csv: ['text/csv', 'application/csv', 'text/x-csv', 'text/plain', 'application/vnd.ms-excel'],
  txt: ['text/plain'],
  text: ['text/plain'],
  log: ['text/plain'],
  json: ['application/json', 'text/json'],
  pdf: ['application/pdf', 'application/x-pdf'],
  rtf: ['application/rtf', 'text/rtf', 'application/x-rtf'],
  zip: ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'],
  '7z': ['application/x-7z-compressed'],
  rar: ['application/vnd.rar', 'application/x-rar-compressed', 'application/x-rar'],
  tar: ['application/x-tar', 'application/tar'],
  doc: ['application/msword'],
  dot: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  dotx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.template'],
  xls: ['application/vnd.ms-excel'],
  xlt: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  xltx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.template'],
  ppt: ['application/vnd.ms-powerpoint'],
  pps: ['application/vnd.ms-powerpoint'],
  pot: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ppsx: ['application/vnd.openxmlformats-officedocument.presentationml.slideshow'],
  potx: ['application/vnd.openxmlformats-officedocument.presentationml.template'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  odg: ['application/vnd.oasis.opendocument.graphics'],
};

/** MIME type → the extension given to a file that arrives without one (a recorded Blob). */
const EXTENSION_FOR: Map<string, string> = new Map([
  ['audio/webm', 'webm'],
  ['audio/ogg', 'ogg'],
  ['audio/mp4', 'm4a'],
]);
for (const [extension, types] of Object.entries(BY_EXTENSION)) {
  for (const type of types) if (!EXTENSION_FOR.has(type)) EXTENSION_FOR.set(type, extension);
}

// Browsers say this (or nothing) when they do not know a type; the extension then decides.
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const RASTER_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp']);

/** Chatwoot's inference: jpeg/png/gif/bmp/webp → image, video/* → video, audio/* → audio, else file. */
export function fileTypeOf(contentType: string): UploadFileType {
  if (RASTER_IMAGES.has(contentType)) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'file';
}

/**
 * The stored type of an upload named `fileName` that the client declared as `declaredType`,
 * or null when the file is not allowed.
 */
export function acceptFile(fileName: string, declaredType: string): AcceptedFile | null {
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  const extension = extensionOf(fileName);
  const allowed = extension ? BY_EXTENSION[extension] : undefined;
  let contentType: string | undefined;
  if (allowed) {
    if (UNKNOWN_TYPES.has(declared)) contentType = allowed[0];
    else if (allowed.includes(declared)) contentType = declared;
  } else if (!extension && EXTENSION_FOR.has(declared)) {
    // "blob" from a recorder, or a name without a dot: the declared type must be one we know.
    contentType = declared;
  }
  if (!contentType) return null;
  return { contentType, extension: allowed ? extension : (EXTENSION_FOR.get(contentType) ?? ''), fileType: fileTypeOf(contentType) };
}

/** Whether a stored file may be shown inline (images, audio, video); others are downloads. */
export function servedInline(contentType: string): boolean {
  return fileTypeOf(contentType) !== 'file';
}

/** Every extension the server knows, in the order of the list above. */
export const KNOWN_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);

/**
 * The extensions an inbox's `allowed_types` admits: each entry is an extension (`pdf` or `.pdf`),
 * a MIME family (`image/*`) or a MIME type (`application/pdf`), and admits the known extensions
 * it names. Entries that admit nothing known (`exe`, `application/x-msdownload`) come back in
 * `unknown`, so the caller can refuse them by name.
 */
export function admittedExtensions(allowedTypes: readonly string[]): { extensions: string[]; unknown: string[] } {
  const admitted = new Set<string>();
  const unknown: string[] = [];
  for (const entry of allowedTypes) {
    const token = entry.trim().toLowerCase();
    const matches = KNOWN_EXTENSIONS.filter((extension) => {
      const types = BY_EXTENSION[extension];
      if (!token.includes('/')) return extension === token.replace(/^\./, '');
      if (token.endsWith('/*')) return types[0].startsWith(token.slice(0, -1));
      return types.includes(token);
    });
    if (matches.length === 0) unknown.push(entry);
    for (const extension of matches) admitted.add(extension);
  }
  return { extensions: KNOWN_EXTENSIONS.filter((extension) => admitted.has(extension)), unknown };
}

/** An inbox's file rules as stored (`file_rules`): either key left out keeps the default. */
export interface StoredFileRules {
  /** What visitors may send; left out: every type of the list above. */
  allowed_types?: string[];
  /** The largest file in MB; left out: the server's `MAX_UPLOAD_MB`. */
  max_size_mb?: number;
}

/** The rules the widget and the upload route apply for an inbox (docs/behaviour.md#file-rules). */
export function effectiveFileRules(stored: StoredFileRules, maxUploadMb: number): FileRules {
  return {
    extensions: stored.allowed_types ? admittedExtensions(stored.allowed_types).extensions : [...KNOWN_EXTENSIONS],
    maxSizeMb: Math.min(stored.max_size_mb ?? maxUploadMb, maxUploadMb),
  };
}
