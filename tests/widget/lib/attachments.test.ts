import { checkFiles, refusalMessage, type RefusalTexts } from '../../../src/widget/lib/attachments';
import { filePickerAccept } from '../../../src/widget/lib/fileAccept';
import type { FileRules } from '../../../src/shared/fileRules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });
/** An inbox that takes pictures and PDFs up to 1 MB. */
const RULES: FileRules = { extensions: ['png', 'jpg', 'jpeg', 'pdf'], maxSizeMb: 1 };

describe('checking what a visitor attaches against the inbox’s file rules', () => {
  it('keeps the files that may go, in order, and says why each other one may not', () => {
    const photo = file('photo.png', 'image/png');
    const invoice = file('invoice.pdf', 'application/pdf');
    const big = file('scan.pdf', 'application/pdf', 2 * MB);
    const exe = file('setup.exe', 'application/x-msdownload');
    const sheet = file('prices.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(checkFiles([big, photo, exe, invoice, sheet], RULES)).toEqual({
      accepted: [photo, invoice],
      refused: [
        { file: big, problem: 'too_large' },
        { file: exe, problem: 'type_not_allowed' },
        { file: sheet, problem: 'type_not_allowed' },
      ],
    });
  });

  it('takes a file exactly at the limit and judges a pasted picture without a name by its type', () => {
    const atLimit = file('photo.jpg', 'image/jpeg', 1 * MB);
    const pasted = file('', 'image/png');
    expect(checkFiles([atLimit, pasted], RULES).accepted).toEqual([atLimit, pasted]);
  });

  it('refuses nothing of an empty list', () => {
    expect(checkFiles([], RULES)).toEqual({ accepted: [], refused: [] });
  });
});

describe('what the visitor is told about a refused file', () => {
  const texts: RefusalTexts = {
    tooLarge: (limit) => `over ${limit}`,
    typeRefused: (name, extension) => `${name}: no .${extension}`,
    typeNotAllowed: 'not this type',
  };

  it('names the inbox’s size limit, not the server’s', () => {
    expect(refusalMessage({ file: file('scan.pdf', 'application/pdf', 2 * MB), problem: 'too_large' }, RULES, texts)).toBe('over 1 MB');
  });

  it('names the type the inbox does not take, or says so without one', () => {
    expect(refusalMessage({ file: file('setup.exe', ''), problem: 'type_not_allowed' }, RULES, texts)).toBe('setup.exe: no .exe');
    expect(refusalMessage({ file: file('README', ''), problem: 'type_not_allowed' }, RULES, texts)).toBe('not this type');
  });
});

describe('the file picker', () => {
  it('offers the inbox’s extensions', () => {
    expect(filePickerAccept(RULES)).toBe('.png,.jpg,.jpeg,.pdf');
  });
});
