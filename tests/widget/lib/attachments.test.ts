import { checkFiles, ACCEPT, ALLOWED_MIME_TYPES, checkAttachment, isAllowedType } from '../../../src/widget/lib/attachments';

const MB = 1024 * 1024;

describe('which file types a visitor may attach', () => {
  it.each([
    ['images', 'image/png'],
    ['images', 'image/jpeg'],
    ['images', 'image/heic'],
    ['audio', 'audio/mpeg'],
    ['audio', 'audio/webm'],
    ['video', 'video/mp4'],
    ['video', 'video/quicktime'],
    ['csv', 'text/csv'],
    ['plain text', 'text/plain'],
    ['json', 'application/json'],
    ['pdf', 'application/pdf'],
    ['rtf', 'application/rtf'],
    ['rtf', 'text/rtf'],
    ['zip', 'application/zip'],
    ['zip', 'application/x-zip-compressed'],
    ['7z', 'application/x-7z-compressed'],
    ['rar', 'application/vnd.rar'],
    ['rar', 'application/x-rar-compressed'],
    ['tar', 'application/x-tar'],
    ['Word', 'application/msword'],
    ['Word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['Excel', 'application/vnd.ms-excel'],
    ['Excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['PowerPoint', 'application/vnd.ms-powerpoint'],
    ['PowerPoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['OpenDocument', 'application/vnd.oasis.opendocument.text'],
    ['OpenDocument', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['OpenDocument', 'application/vnd.oasis.opendocument.presentation'],
  ])('allows %s (%s)', (_family, type) => {
    expect(isAllowedType(type)).toBe(true);
  });

  it.each([
    'text/html',
    'application/javascript',
    'text/javascript',
    'application/x-msdownload',
    'application/x-sh',
    'application/octet-stream',
    'application/xhtml+xml',
    'application/pdfx',
    'imagepng',
    '',
  ])('refuses %j', (type) => {
    expect(isAllowedType(type)).toBe(false);
  });

  it('ignores case and parameters', () => {
    expect(isAllowedType('Text/Plain; charset=utf-8')).toBe(true);
    expect(isAllowedType('IMAGE/PNG')).toBe(true);
    expect(isAllowedType('text/html; charset=utf-8')).toBe(false);
  });

  it('offers the same types in the file picker', () => {
    const accepted = ACCEPT.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['image/*', 'audio/*', 'video/*', ...ALLOWED_MIME_TYPES]));
    expect(accepted.every((type) => type.endsWith('/*') || isAllowedType(type))).toBe(true);
  });
});

describe('checking a file before upload', () => {
  it('passes an allowed file under the limit', () => {
    expect(checkAttachment({ size: 5 * MB, type: 'application/pdf' }, 40)).toBeNull();
  });

  it('passes a file of exactly the limit', () => {
    expect(checkAttachment({ size: 40 * MB, type: 'image/png' }, 40)).toBeNull();
  });

  it('refuses a file one byte over the limit as too large', () => {
    expect(checkAttachment({ size: 40 * MB + 1, type: 'image/png' }, 40)).toBe('too_large');
  });

  it('uses the limit the server gives, in MB', () => {
    expect(checkAttachment({ size: 2 * MB, type: 'image/png' }, 1)).toBe('too_large');
    expect(checkAttachment({ size: 90 * MB, type: 'image/png' }, 100)).toBeNull();
  });

  it.each([0, -5])('reads a limit of %s as the default 40 MB', (limit) => {
    expect(checkAttachment({ size: 40 * MB, type: 'image/png' }, limit)).toBeNull();
    expect(checkAttachment({ size: 40 * MB + 1, type: 'image/png' }, limit)).toBe('too_large');
  });

  it('refuses a type that is not allowed', () => {
    expect(checkAttachment({ size: 100, type: 'application/x-msdownload' }, 40)).toBe('type_not_allowed');
  });

  it.each(['archive.7z', 'backup.rar', 'data.json', 'Report.PDF', 'sheet.ods'])(
    'lets the extension decide when the browser reports no type: %s passes',
    (name) => {
      expect(checkAttachment({ size: 100, type: '', name }, 40)).toBeNull();
      expect(checkAttachment({ size: 100, type: 'application/octet-stream', name }, 40)).toBeNull();
    },
  );

  it.each(['setup.exe', 'script.sh', 'noextension'])('refuses %s of an unknown type', (name) => {
    expect(checkAttachment({ size: 100, type: '', name }, 40)).toBe('type_not_allowed');
  });

  it('reports a file both too large and of a refused type as too large', () => {
    expect(checkAttachment({ size: 50 * MB, type: 'text/html' }, 40)).toBe('too_large');
  });
});

describe('checking what a visitor attaches, several files at once', () => {
  const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });

  it('keeps the files that may go, in order, and says why each other one may not', () => {
    const photo = file('photo.png', 'image/png');
    const invoice = file('invoice.pdf', 'application/pdf');
    const big = file('big.zip', 'application/zip', 2 * MB);
    const exe = file('setup.exe', 'application/x-msdownload');
    expect(checkFiles([big, photo, exe, invoice], 1)).toEqual({
      accepted: [photo, invoice],
      refused: [
        { file: big, problem: 'too_large' },
        { file: exe, problem: 'type_not_allowed' },
      ],
    });
  });

  it('refuses nothing of an empty list', () => {
    expect(checkFiles([], 40)).toEqual({ accepted: [], refused: [] });
  });
});
