import { readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { padded, sampleFile } from '../support/sampleFiles';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture({ env: { MAX_UPLOAD_MB: '1' } });
});
afterEach(() => fx.close());

type Upload = { name: string; type: string; bytes?: Uint8Array<ArrayBuffer> | string };
type AttachmentJson = {
  id: number;
  message_id: number;
  file_type: string;
  extension: string;
  data_url: string;
  thumb_url: string;
  file_size: number;
  width: null;
  height: null;
  account_id: number;
};

function form(files: Upload[], fields: Record<string, string> = {}, fileField = 'message[attachments][]'): FormData {
  const data = new FormData();
  for (const file of files)
    data.append(fileField, new File([file.bytes ?? sampleFile(file.name, file.type)], file.name, { type: file.type }));
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const upload = (visitor: Visitor, body: FormData) => fx.widget('/messages', visitor, { method: 'POST', body });
const storedFiles = () => readdirSync(fx.uploadsDir);
const MB = 1024 * 1024;

describe('POST /api/v1/widget/messages (multipart)', () => {
  it('stores an image under a random name and answers with Chatwoot attachment data', async () => {
    const visitor = await fx.visit();
    const events = fx.listen(visitor.pubsubToken);
    const res = await upload(
      visitor,
      form([{ name: 'holiday photo.png', type: 'image/png' }], {
        'message[referer_url]': 'https://shop.example/p/1',
        'message[timestamp]': 'Mon Jun 10 2024',
        'message[echo_id]': 'up-1',
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ content: null, message_type: 0, conversation_id: 1, echo_id: 'up-1' });
    const [attachment] = body.attachments as AttachmentJson[];
    expect(attachment).toMatchObject({
      message_id: body.id,
      account_id: 1,
      file_type: 'image',
      extension: 'png',
      file_size: sampleFile('a.png').length,
      width: null,
      height: null,
    });
    expect(attachment.data_url).toMatch(/^http:\/\/localhost\/uploads\/[A-Za-z0-9_-]{32}\/holiday%20photo\.png$/);
    expect(attachment.thumb_url).toBe(attachment.data_url);
    expect(storedFiles()).toEqual([attachment.data_url.split('/')[4]]);
    const created = events.find((e) => e.event === 'message.created')?.data as { attachments: AttachmentJson[] };
    expect(created.attachments[0].data_url).toBe(attachment.data_url);
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload[0].attachments[0]).toEqual(attachment);
  });

  it('never follows a symbolic link out of the uploads folder (say, one a restore brought along)', async () => {
    const visitor = await fx.visit();
    const image = (await (await upload(visitor, form([{ name: 'a.png', type: 'image/png' }]))).json()).attachments[0];
    const key = new URL(image.data_url).pathname.split('/')[2];
    const secret = join(fx.packsDir, 'secret.txt');
    writeFileSync(secret, 'the secret key');
    rmSync(join(fx.uploadsDir, key));
    symlinkSync(secret, join(fx.uploadsDir, key));
    const res = await fx.request(new URL(image.data_url).pathname);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Resource could not be found' });
  });

  it('serves an image inline, and anything else as a sandboxed download, with the stored type', async () => {
    const visitor = await fx.visit();
    const image = (await (await upload(visitor, form([{ name: 'a.png', type: 'image/png' }]))).json()).attachments[0];
    const res = await fx.request(new URL(image.data_url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(sampleFile('a.png'));

    const pdf = (await (await upload(visitor, form([{ name: 'Rechnung März.pdf', type: 'application/pdf', bytes: '%PDF-1.4' }]))).json())
      .attachments[0];
    expect(pdf).toMatchObject({ file_type: 'file', extension: 'pdf', thumb_url: '' });
    const download = await fx.request(new URL(pdf.data_url).pathname);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    );
  });

  it('answers a byte range with 206 so media can seek', async () => {
    const visitor = await fx.visit();
    const video = (await (await upload(visitor, form([{ name: 'clip.mp4', type: 'video/mp4' }]))).json()).attachments[0];
    const res = await fx.request(new URL(video.data_url).pathname, { headers: { range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    const clip = sampleFile('clip.mp4');
    expect(res.headers.get('content-range')).toBe(`bytes 2-5/${clip.length}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(clip.subarray(2, 6));
    expect((await fx.request(new URL(video.data_url).pathname, { headers: { range: `bytes=${clip.length + 10}-` } })).status).toBe(416);
  });

  it.each([
    ['clip.mp4', 'video/mp4', 'video', 'mp4'],
    ['blob', 'audio/webm;codecs=opus', 'audio', 'webm'],
    ['voice.ogg', 'audio/ogg', 'audio', 'ogg'],
    ['photo.JPG', 'image/jpeg', 'image', 'jpg'],
    ['diagram.svg', 'image/svg+xml', 'file', 'svg'],
    ['export.csv', 'application/vnd.ms-excel', 'file', 'csv'],
    ['notes.txt', 'text/plain', 'file', 'txt'],
    ['archive.7z', '', 'file', '7z'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'file', 'docx'],
    ['sheet.ods', 'application/vnd.oasis.opendocument.spreadsheet', 'file', 'ods'],
  ])('accepts %s (%s) as %s', async (name, type, fileType, extension) => {
    const visitor = await fx.visit();
    const res = await upload(visitor, form([{ name, type }]));
    expect(res.status).toBe(200);
    expect((await res.json()).attachments[0]).toMatchObject({ file_type: fileType, extension });
  });

  it('serves an SVG as a download, never as an inline document', async () => {
    const visitor = await fx.visit();
    const svg = (await (await upload(visitor, form([{ name: 'x.svg', type: 'image/svg+xml', bytes: '<svg onload="alert(1)"/>' }]))).json())
      .attachments[0];
    const res = await fx.request(new URL(svg.data_url).pathname);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    ['an executable', [{ name: 'setup.exe', type: 'application/x-msdownload' }]],
    ['HTML disguised as an image', [{ name: 'page.html', type: 'image/png' }]],
    ['an image type with a script extension', [{ name: 'cat.js', type: 'image/png' }]],
    ['a PDF type on a .png name', [{ name: 'cat.png', type: 'application/pdf' }]],
    [
      'one bad file among good ones',
      [
        { name: 'a.png', type: 'image/png' },
        { name: 'b.sh', type: 'text/x-sh' },
      ],
    ],
  ])('refuses %s with 422 and stores nothing', async (_name, files) => {
    const visitor = await fx.visit();
    const res = await upload(visitor, form(files));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'File type not allowed' });
    expect(storedFiles()).toEqual([]);
    expect(await (await fx.widget('/messages', visitor)).json()).toEqual({ payload: [], meta: {} });
  });

  it('refuses a file over MAX_UPLOAD_MB with the limit in the message, keeping nothing', async () => {
    const visitor = await fx.visit();
    const ok = await upload(visitor, form([{ name: 'exact.bin.pdf', type: 'application/pdf', bytes: padded(sampleFile('a.pdf'), MB) }]));
    expect(ok.status).toBe(200);
    const before = storedFiles();
    const res = await upload(
      visitor,
      form([
        { name: 'small.png', type: 'image/png' },
        { name: 'big.pdf', type: 'application/pdf', bytes: padded(sampleFile('a.pdf'), MB + 1) },
      ]),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'File exceeds the 1 MB attachment limit' });
    expect(storedFiles()).toEqual(before);
    expect((await (await fx.widget('/messages', visitor)).json()).payload).toHaveLength(1);
  });

  it('takes 15 attachments in one message but not 16', async () => {
    const visitor = await fx.visit();
    const files = Array.from({ length: 16 }, (_, i) => ({ name: `f${i}.txt`, type: 'text/plain' }));
    const tooMany = await upload(visitor, form(files));
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toEqual({ error: 'Too many attachments (maximum is 15)' });
    expect(storedFiles()).toEqual([]);
    const res = await upload(visitor, form(files.slice(0, 15)));
    expect((await res.json()).attachments).toHaveLength(15);
  });

  it('stores a retried upload (same echo_id) once, keeping one copy of the file', async () => {
    const visitor = await fx.visit();
    const first = await (await upload(visitor, form([{ name: 'a.png', type: 'image/png' }], { 'message[echo_id]': 'same' }))).json();
    const again = await (await upload(visitor, form([{ name: 'a.png', type: 'image/png' }], { 'message[echo_id]': 'same' }))).json();
    expect(again.id).toBe(first.id);
    expect(again.attachments).toEqual(first.attachments);
    expect(storedFiles()).toHaveLength(1);
  });

  it('keeps reply_to within the conversation and takes an optional caption', async () => {
    const visitor = await fx.visit();
    const quoted = await sendMessage(fx, visitor, 'see below');
    const res = await upload(
      visitor,
      form([{ name: 'a.png', type: 'image/png' }], { 'message[reply_to]': String(quoted.id), 'message[content]': 'here' }),
    );
    expect(await res.json()).toMatchObject({ content: 'here', content_attributes: { in_reply_to: quoted.id } });
  });

  it('answers 422 for a form without files, or with a direct-upload blob id', async () => {
    const visitor = await fx.visit();
    const empty = new FormData();
    empty.append('message[referer_url]', 'https://x.example');
    expect(await (await upload(visitor, empty)).json()).toEqual({ error: 'No attachment received' });
    const blobId = new FormData();
    blobId.append('message[attachments][]', 'eyJfcmFpbHMiOnt9fQ==--abc');
    expect((await upload(visitor, blobId)).status).toBe(422);
    const wrongField = await upload(visitor, form([{ name: 'a.png', type: 'image/png' }], {}, 'attachment'));
    expect(wrongField.status).toBe(422);
  });

  it('answers 400 for a broken multipart body and 413 beyond the request limit', async () => {
    const visitor = await fx.visit();
    const headers = { 'content-type': 'multipart/form-data; boundary=XyZ' };
    const broken = await fx.widget('/messages', visitor, {
      method: 'POST',
      body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      headers,
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Malformed multipart body' });
    // MAX_UPLOAD_MB=1 → 15 files of 1 MB plus 1 MB of fields.
    const huge = `${'x'.repeat(17 * MB)}\r\n--XyZ--\r\n`;
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: huge, headers });
    expect(res.status).toBe(413);
    expect(storedFiles()).toEqual([]);
  });

  it('keeps the 1 MB limit for JSON bodies', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: { message: { content: 'z'.repeat(1_100_000) } } });
    expect(res.status).toBe(413);
  });

  it('answers 404 for an unknown or malformed upload key', async () => {
    expect((await fx.request(`/uploads/${'a'.repeat(32)}/x.png`)).status).toBe(404);
    expect((await fx.request('/uploads/..%2F..%2Fetc/passwd')).status).toBe(404);
  });
});
