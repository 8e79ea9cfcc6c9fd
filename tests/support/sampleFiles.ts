/**
 * The smallest real files of the types the tests upload: the server reads an upload's content
 * (server/uploads/realType.ts), so a `.png` must begin as a PNG does. `sampleFile(name)` answers
 * bytes of the type the name's extension says; text for text types and names it does not know.
 */
import { crc32 } from 'node:zlib';

const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const chunks = parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part)));
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

/** A zip of stored (uncompressed) entries, as office documents and archives are built. */
function zip(entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = new TextEncoder().encode(text);
    const fields = [
      ...u16(20),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(crc32(data)),
      ...u32(data.length),
      ...u32(data.length),
      ...u16(name.length),
      ...u16(0),
    ];
    const local = bytes([0x50, 0x4b, 0x03, 0x04], fields, name, data);
    centrals.push(bytes([0x50, 0x4b, 0x01, 0x02], u16(20), fields, u16(0), u16(0), u16(0), u32(0), u32(offset), name));
    locals.push(local);
    offset += local.length;
  }
  const central = bytes(...centrals);
  const end = bytes(
    [0x50, 0x4b, 0x05, 0x06],
    u16(0),
    u16(0),
    u16(centrals.length),
    u16(centrals.length),
    u32(central.length),
    u32(offset),
    u16(0),
  );
  return bytes(...locals, central, end);
}

const pngChunk = (type: string, data: number[]) => {
  const body = bytes(type, data);
  return bytes(be32(data.length), body, be32(crc32(body)));
};

const SAMPLES: Record<string, () => Uint8Array<ArrayBuffer>> = {
  png: () =>
    bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      pngChunk('IHDR', [...be32(1), ...be32(1), 8, 6, 0, 0, 0]),
      pngChunk('IEND', []),
    ),
  jpg: () => bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  gif: () => bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x3b]),
  webp: () => bytes('RIFF', u32(12), 'WEBPVP8 ', u32(0)),
  pdf: () => bytes('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  mp4: () => bytes(be32(24), 'ftypisom', be32(0x200), 'isommp41', be32(8), 'free'),
  webm: () => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x8f, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  ogg: () =>
    bytes(
      'OggS',
      [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 19],
      'OpusHead',
      [1, 1, 0, 0, 0x80, 0xbb, 0, 0, 0, 0, 0],
    ),
  '7z': () => bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4], new Array(24).fill(0)),
  zip: () => zip({ 'readme.txt': 'hello' }),
  docx: () =>
    zip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    }),
  ods: () => zip({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<office:document-content/>' }),
  /** A Windows program: what a renamed `.exe` really is. */
  exe: () => bytes('MZ', new Array(62).fill(0), 'This program cannot be run in DOS mode.'),
};
const SAME: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  m4v: 'mp4',
  mov: 'mp4',
  weba: 'webm',
  mkv: 'webm',
  oga: 'ogg',
  opus: 'ogg',
  ogv: 'ogg',
};

/** Real bytes for a file named `name` (by its extension; `type` decides for a name without one). */
export function sampleFile(name: string, type = ''): Uint8Array<ArrayBuffer> {
  const extension = (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? type.split('/')[1]?.split(';')[0] ?? '').toLowerCase();
  const sample = SAMPLES[SAME[extension] ?? extension];
  return sample ? sample() : bytes(`hello from ${name}\n`);
}

/** `file` followed by zeros up to `size` bytes: a real file of an exact size. */
export function padded(file: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(file.subarray(0, size));
  return out;
}
