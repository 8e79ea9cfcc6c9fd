/**
 * An answer given before the request's body was read (429 over a rate limit, 413 over a size
 * limit) must leave the client able to go on: the next request on the same keep-alive
 * connection gets its answer, with a pooled client (undici) and with fetch. A body declared
 * larger than any route takes is refused at once, before a byte of it is read.
 */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, Pool } from 'undici';
import { readBootConfig } from './helpers';
import { startTempServer, type TempServer } from './realServer';

let server: TempServer;
let origin: string;
let authToken: string;

beforeAll(async () => {
  // One upload per visitor per 10 minutes, and uploads of at most 1 MB (16 MB per request).
  server = await startTempServer({ env: { RATE_LIMIT_UPLOADS_PER_VISITOR: '1/600', MAX_UPLOAD_MB: '1' } });
  origin = `http://127.0.0.1:${server.port}`;
  const page = await fetch(`${origin}/widget?website_token=${server.config.websiteToken}`);
  authToken = readBootConfig(await page.text()).authToken;
  const started = await fetch(`${origin}/api/v1/widget/conversations?website_token=${server.config.websiteToken}`, {
    method: 'POST',
    headers: { 'x-auth-token': authToken, 'content-type': 'application/json' },
    body: JSON.stringify({ message: { content: 'hello' } }),
  });
  expect(started.status).toBe(200);
});
afterAll(() => server.destroy());

const widgetPath = (path: string) => `/api/v1/widget${path}?website_token=${server.config.websiteToken}`;

/** A multipart body of one `size`-byte GIF. */
function upload(size: number): { body: Buffer; contentType: string } {
  const boundary = 'wrenboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="message[attachments][]"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size - 6, 0x20), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Requests the server answers before reading the body, each followed by a GET that must work. */
const EARLY: [string, () => { path: string; headers: Record<string, string>; body: Buffer }][] = [
  [
    '413 for a JSON body over 1 MB',
    () => ({
      path: widgetPath('/messages'),
      headers: { 'x-auth-token': authToken, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ message: { content: 'x'.repeat(3 * 1024 * 1024) } })),
    }),
  ],
  [
    '429 for an upload over the rate limit',
    () => {
      const { body, contentType } = upload(768 * 1024);
      return { path: widgetPath('/messages'), headers: { 'x-auth-token': authToken, 'content-type': contentType }, body };
    },
  ],
  [
    '413 for an upload declared over the request limit',
    () => {
      const { body, contentType } = upload(20 * 1024 * 1024);
      return { path: widgetPath('/messages'), headers: { 'x-auth-token': authToken, 'content-type': contentType }, body };
    },
  ],
];

describe('an early answer keeps the connection usable', () => {
  beforeAll(async () => {
    // Spend the visitor's one upload, so the next is over the limit.
    const { body, contentType } = upload(1024);
    const res = await fetch(`${origin}${widgetPath('/messages')}`, {
      method: 'POST',
      headers: { 'x-auth-token': authToken, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(200);
  });

  it.each(EARLY)('%s, with a pooled undici client', async (_, make) => {
    const pool = new Pool(origin, { connections: 1, pipelining: 1 });
    try {
      const { path, headers, body } = make();
      const early = await pool.request({ method: 'POST', path, headers, body });
      expect([413, 429]).toContain(early.statusCode);
      expect(await early.body.json()).toEqual({ error: expect.any(String) });
      const next = await pool.request({ method: 'GET', path: widgetPath('/messages'), headers: { 'x-auth-token': authToken } });
      expect(next.statusCode).toBe(200);
      await next.body.json();
    } finally {
      await pool.close();
    }
  });

  it.each(EARLY)('%s, with fetch', async (_, make) => {
    const dispatcher = new Agent({ connections: 1 });
    try {
      const { path, headers, body } = make();
      const early = await fetch(`${origin}${path}`, { method: 'POST', headers, body, dispatcher } as RequestInit);
      expect([413, 429]).toContain(early.status);
      await early.json();
      const next = await fetch(`${origin}${widgetPath('/messages')}`, {
        headers: { 'x-auth-token': authToken },
        dispatcher,
      } as RequestInit);
      expect(next.status).toBe(200);
      await next.json();
    } finally {
      await dispatcher.close();
    }
  });
});

describe('an early answer to a body of no declared length (chunked)', () => {
  it('says Connection: close, and the pooled client goes on on a new connection', async () => {
    const pool = new Pool(origin, { connections: 1, pipelining: 1 });
    try {
      const { body, contentType } = upload(256 * 1024);
      const early = await pool.request({
        method: 'POST',
        path: widgetPath('/messages'),
        headers: { 'x-auth-token': authToken, 'content-type': contentType },
        body: Readable.from([body]),
      });
      expect(early.statusCode).toBe(429);
      expect(early.headers.connection).toBe('close');
      await early.body.json();
      const next = await pool.request({ method: 'GET', path: widgetPath('/messages'), headers: { 'x-auth-token': authToken } });
      expect(next.statusCode).toBe(200);
      await next.body.json();
    } finally {
      await pool.close();
    }
  });
});

describe('a body declared larger than any route takes', () => {
  it.each([
    ['an upload', 'multipart/form-data; boundary=x'],
    ['JSON', 'application/json'],
  ])('(%s) is refused with 413 before a byte of it is sent, and the connection closes', async (_, contentType) => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST ${widgetPath('/messages')} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Auth-Token: ${authToken}\r\nContent-Type: ${contentType}\r\nContent-Length: ${10 * 1024 * 1024 * 1024}\r\n\r\n`,
    );
    // Nothing more is sent: the answer cannot be waiting for the body.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"error"');
  });
});
