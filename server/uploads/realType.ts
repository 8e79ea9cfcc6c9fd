/**
 * Whether an upload's bytes are what its name says (docs/behaviour.md#file-rules): a `.pdf` must
 * be a PDF, a `.txt` must not be a program. The name and the declared MIME type are the
 * client's word (`fileTypes.ts` checks they agree); the content is read here with file-type,
 * which recognises formats by their magic bytes, so an executable renamed `invoice.pdf` is
 * refused like `invoice.exe`.
 */
import { fileTypeFromFile } from 'file-type';

/** Formats that are text: file-type recognises none of them, or one of these text formats. */
const TEXT = [undefined, 'xml', 'vtt', 'ics', 'vcf'];
const JPEG = ['jpg'];
/** ISO base media (MP4, QuickTime, 3GPP): file-type names the brand it finds. */
const ISO_MEDIA = ['mp4', 'm4v', 'm4a', 'm4b', 'm4p', 'mov', '3gp', '3g2', 'f4v', 'f4a', 'f4b', 'f4p'];
const OGG = ['ogg', 'oga', 'ogv', 'opus', 'ogm', 'ogx', 'spx'];
const MATROSKA = ['webm', 'mkv'];
const MPEG_AUDIO = ['mp3', 'mp2', 'mp1'];
/** Old Office documents are OLE compound files. */
const COMPOUND = ['cfb'];
/** OOXML and OpenDocument are zip files; an unusual one is read as a plain zip. */
const zipped = (...formats: string[]) => [...formats, 'zip'];
const OFFICE_ZIPS = [
  'docx',
  'dotx',
  'xlsx',
  'xltx',
  'pptx',
  'ppsx',
  'potx',
  'odt',
  'ods',
  'odp',
  'odg',
  'ott',
  'ots',
  'otp',
  'otg',
  'epub',
];

/**
 * For each extension the server accepts (`fileTypes.ts`), what file-type may find in the bytes.
 * `undefined` in a list: a format file-type cannot recognise, so finding nothing is right.
 */
const CONTENT: Record<string, readonly (string | undefined)[]> = {
  jpg: JPEG,
  jpeg: JPEG,
  jpe: JPEG,
  jfif: JPEG,
  png: ['png', 'apng'],
  apng: ['apng', 'png'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  svg: TEXT,
  tif: ['tif'],
  tiff: ['tif'],
  ico: ['ico', 'cur'],
  heic: ['heic', 'avif'],
  heif: ['heic', 'avif'],
  avif: ['avif', 'heic'],
  mp3: MPEG_AUDIO,
  mpga: MPEG_AUDIO,
  m4a: ISO_MEDIA,
  aac: ['aac', ...ISO_MEDIA],
  wav: ['wav'],
  oga: OGG,
  opus: OGG,
  weba: MATROSKA,
  flac: ['flac'],
  amr: ['amr'],
  mid: ['mid'],
  midi: ['mid'],
  aif: ['aif'],
  aiff: ['aif'],
  caf: [undefined],
  mp4: ISO_MEDIA,
  m4v: ISO_MEDIA,
  mov: ISO_MEDIA,
  webm: MATROSKA,
  ogv: OGG,
  ogg: OGG,
  avi: ['avi'],
  mkv: MATROSKA,
  '3gp': ISO_MEDIA,
  '3g2': ISO_MEDIA,
  mpeg: ['mpg', 'mp2', 'mts'],
  mpg: ['mpg', 'mp2', 'mts'],
  wmv: ['asf'],
  flv: ['flv'],
  csv: TEXT,
  txt: TEXT,
  text: TEXT,
  log: TEXT,
  json: TEXT,
  pdf: ['pdf'],
  rtf: ['rtf'],
  zip: zipped(...OFFICE_ZIPS),
  '7z': ['7z'],
  rar: ['rar'],
  tar: ['tar'],
  doc: COMPOUND,
  dot: COMPOUND,
  xls: COMPOUND,
  xlt: COMPOUND,
  ppt: COMPOUND,
  pps: COMPOUND,
  pot: COMPOUND,
  docx: zipped('docx'),
  dotx: zipped('dotx', 'docx'),
  xlsx: zipped('xlsx'),
  xltx: zipped('xltx', 'xlsx'),
  pptx: zipped('pptx'),
  ppsx: zipped('ppsx', 'pptx'),
  potx: zipped('potx', 'pptx'),
  odt: zipped('odt', 'ott'),
  ods: zipped('ods', 'ots'),
  odp: zipped('odp', 'otp'),
  odg: zipped('odg', 'otg'),
};

/**
 * Whether the file at `path`, accepted by name as `extension`, holds that kind of content. An
 * extension this table does not know has no content rule: refused, as nothing vouches for it.
 */
export async function contentMatches(path: string, extension: string): Promise<boolean> {
  const expected = CONTENT[extension];
  if (!expected) return false;
  const found = await fileTypeFromFile(path);
  return expected.includes(found?.ext);
}

/** The extensions with a content rule: a test holds them equal to the accepted list. */
export const CONTENT_RULE_EXTENSIONS = Object.keys(CONTENT);
