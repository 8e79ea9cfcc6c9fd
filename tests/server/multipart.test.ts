import { readMultipart, multipartBoundary, type FilePart } from '../../server/uploads/multipart';

const LIMITS = { maxBodyBytes: 1_000_000, maxFieldBytes: 1000, maxParts: 10 };

/** The body split into chunks of `size` bytes, as a slow network would deliver it. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

async function read(text: string, size: number) {
  const files: (FilePart & { data: string })[] = [];
  const fields = await readMultipart(chunked(text, size), 'b0und', LIMITS, async (part) => {
    const file = { ...part, data: '' };
    files.push(file);
    return {
      write: async (chunk) => {
        file.data += Buffer.from(chunk).toString('utf8');
      },
      end: async () => undefined,
    };
  });
  return { fields, files };
}

const BODY = [
  'preamble to ignore',
  '--b0und',
  'Content-Disposition: form-data; name="message[content]"',
  '',
  'héllo\r\nworld',
  '--b0und',
  'Content-Disposition: form-data; name="message[attachments][]"; filename="C:\\Users\\me\\a b.txt"',
  'Content-Type: text/plain',
  '',
  'line one\r\n--b0un not a boundary\r\n',
  '--b0und--',
  'epilogue',
].join('\r\n');

describe('readMultipart', () => {
  it.each([1, 3, 7, 64, 10_000])('reads fields and files the same whatever the chunk size (%i bytes)', async (size) => {
    const { fields, files } = await read(BODY, size);
    expect(fields).toEqual([['message[content]', 'héllo\r\nworld']]);
    expect(files).toEqual([
      { field: 'message[attachments][]', fileName: 'a b.txt', contentType: 'text/plain', data: 'line one\r\n--b0un not a boundary\r\n' },
    ]);
  });

  it('rejects a body without its closing boundary', async () => {
    await expect(read(BODY.slice(0, BODY.indexOf('--b0und--')), 5)).rejects.toMatchObject({ status: 400 });
  });

  it('enforces the field size, part count and body size limits', async () => {
    const field = (value: string) => `--b0und\r\nContent-Disposition: form-data; name="f"\r\n\r\n${value}\r\n`;
    await expect(read(`${field('x'.repeat(1001))}--b0und--`, 100)).rejects.toMatchObject({ status: 422 });
    await expect(read(`${field('a').repeat(11)}--b0und--`, 100)).rejects.toMatchObject({ status: 422 });
    await expect(read(`${'p'.repeat(1_000_001)}\r\n--b0und--`, 65_536)).rejects.toMatchObject({ status: 413 });
  });

  it('finds the boundary of multipart/form-data content types only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbC')).toBe('----WebKitFormBoundaryAbC');
    expect(multipartBoundary('multipart/form-data; boundary="quoted b"')).toBe('quoted b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });
});
