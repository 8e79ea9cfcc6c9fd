/**
 * A streaming `multipart/form-data` reader (RFC 7578). File parts are handed to a sink chunk by
 * chunk as they arrive, so a 40 MB upload never sits in memory and an oversize or disallowed
 * file is refused while it is still arriving. Text fields are small and collected.
 */
import { ApiError } from '../lib/apiError';

/** A file part as its headers describe it. */
export interface FilePart {
  field: string;
  /** The client's file name with any path removed; for display only, never for storage. */
  fileName: string;
  contentType: string;
}

/** Receives one file's bytes; `write` may throw to refuse the file (aborting the whole read). */
export interface FileSink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export interface MultipartLimits {
  /** The whole body; beyond it → 413. */
  maxBodyBytes: number;
  /** Each text field; beyond it → 422. */
  maxFieldBytes: number;
  /** Number of parts (fields and files); beyond it → 422. */
  maxParts: number;
}

const HEADER_LIMIT = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const DASHES = Buffer.from('--');

const malformed = () => new ApiError(400, 'Malformed multipart body');

/** The boundary of a `multipart/form-data` Content-Type, or null for anything else. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function headerParam(header: string, name: string): string | undefined {
  // `name` must not match the tail of `filename`, hence the leading separator. Browsers send
  // quotes in names as %22 and never backslash-escape (an old IE sent `C:\path\name` as is).
  const match =
    new RegExp(`(?:^|;)\\s*${name}="([^"]*)"`, 'i').exec(header) ?? new RegExp(`(?:^|;)\\s*${name}=([^;\\s]*)`, 'i').exec(header);
  return match?.[1];
}

function parseHeaders(block: Buffer): { field?: string; fileName?: string; contentType: string } {
  const headers = new Map<string, string>();
  for (const line of block.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\b/i.test(disposition)) return { contentType: '' };
  const fileName = headerParam(disposition, 'filename');
  return {
    field: headerParam(disposition, 'name'),
    // Old browsers sent a full client path; only the last segment is a name.
    fileName: fileName === undefined ? undefined : (fileName.split(/[\\/]/).pop() ?? ''),
    contentType: headers.get('content-type') ?? '',
  };
}

/**
 * Reads `body` to the end, calling `onFile` for every file part (its sink gets the bytes) with the
 * text fields read before it, and returns the text fields in order. Throws `ApiError` (400
 * malformed, 413 too large, 422 limits, or whatever `onFile` or a sink throws); the caller cleans
 * up what its sinks stored.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
  onFile: (part: FilePart, fieldsBefore: readonly [string, string][]) => Promise<FileSink>,
): Promise<[string, string][]> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: [string, string][] = [];
  // The first boundary has no CRLF before it; adding one makes every boundary look alike.
  let buffer: Buffer = Buffer.from(CRLF);
  // Changed inside `advance`, which TypeScript's narrowing cannot see; hence the cast.
  let state = 'preamble' as 'preamble' | 'boundary' | 'headers' | 'body' | 'done';
  let total = 0;
  let parts = 0;
  let part: { sink?: FileSink; field?: string; chunks: Buffer[]; size: number } | null = null;

  const emit = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    if (part.sink) return part.sink.write(data);
    if (part.field === undefined) return;
    part.size += data.length;
    if (part.size > limits.maxFieldBytes) throw new ApiError(422, `Field ${part.field} is too large`);
    part.chunks.push(data);
  };

  const finishPart = async () => {
    if (part?.sink) await part.sink.end();
    else if (part?.field !== undefined) fields.push([part.field, Buffer.concat(part.chunks).toString('utf8')]);
    part = null;
  };

  const advance = async (): Promise<boolean> => {
    if (state === 'preamble' || state === 'body') {
      const at = buffer.indexOf(delimiter);
      if (at === -1) {
        // Keep just enough to recognise a delimiter split across chunks.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          if (state === 'body') await emit(buffer.subarray(0, safe));
          buffer = buffer.subarray(safe);
        }
        return false;
      }
      if (state === 'body') {
        await emit(buffer.subarray(0, at));
        await finishPart();
      }
      buffer = buffer.subarray(at + delimiter.length);
      state = 'boundary';
      return true;
    }
    if (state === 'boundary') {
      if (buffer.length < 2) return false;
      if (buffer.subarray(0, 2).equals(DASHES)) {
        state = 'done';
        return false;
      }
      if (!buffer.subarray(0, 2).equals(CRLF)) throw malformed();
      buffer = buffer.subarray(2);
      state = 'headers';
      return true;
    }
    if (state === 'headers') {
      const empty = buffer.length >= 2 && buffer.subarray(0, 2).equals(CRLF);
      const at = empty ? 0 : buffer.indexOf(HEADER_END);
      if (at === -1) {
        if (buffer.length > HEADER_LIMIT) throw malformed();
        return false;
      }
      const headers = parseHeaders(buffer.subarray(0, at));
      buffer = buffer.subarray(empty ? 2 : at + HEADER_END.length);
      if (++parts > limits.maxParts) throw new ApiError(422, 'Too many form fields');
      part = { chunks: [], size: 0, field: headers.field };
      if (headers.field !== undefined && headers.fileName !== undefined) {
        part.sink = await onFile({ field: headers.field, fileName: headers.fileName, contentType: headers.contentType }, fields);
      }
      state = 'body';
      return true;
    }
    return false;
  };

  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      total += value.length;
      if (total > limits.maxBodyBytes) throw new ApiError(413, 'Request body is too large');
      buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value);
      while (await advance());
      // Whatever follows the closing boundary (the epilogue) is ignored.
      if (state === 'done') break;
    }
  } finally {
    if (!finished) void drain(reader, limits.maxBodyBytes - total);
  }
  if (state !== 'done') throw malformed();
  return fields;
}

/**
 * Reads and drops the rest of a body that will not be used, while the answer goes out. Cancelling
 * instead would destroy the socket, and a client still sending gets a reset before it reads the
 * answer. Beyond `budget` bytes the client is not worth waiting for: then the stream is cancelled.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  let left = budget;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.length;
      if (left < 0) break;
    }
  } catch {
    return; // The client went away; nothing to drain.
  }
  reader.cancel().catch(() => undefined);
}
