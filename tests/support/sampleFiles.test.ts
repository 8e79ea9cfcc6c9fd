import { fileTypeFromBuffer } from 'file-type';
import { padded, sampleFile } from './sampleFiles';

describe('sampleFile', () => {
  it.each([
    ['a.png', 'png'],
    ['a.JPG', 'jpg'],
    ['a.gif', 'gif'],
    ['a.webp', 'webp'],
    ['a.pdf', 'pdf'],
    ['a.mp4', 'mp4'],
    ['a.webm', 'webm'],
    ['a.ogg', 'opus'],
    ['a.7z', '7z'],
    ['a.zip', 'zip'],
    ['a.docx', 'docx'],
    ['a.ods', 'ods'],
    ['a.exe', 'exe'],
    ['a.txt', undefined],
    ['blob', 'webm', 'audio/webm;codecs=opus'],
  ])('makes %s a real %s file', async (name, ext, type = '') => {
    expect((await fileTypeFromBuffer(sampleFile(name, type)))?.ext).toBe(ext);
  });

  it('pads a file to an exact size and keeps its type', async () => {
    const file = padded(sampleFile('a.pdf'), 4096);
    expect(file).toHaveLength(4096);
    expect((await fileTypeFromBuffer(file))?.ext).toBe('pdf');
  });
});
