/**
 * deploy/nginx/wren.conf, as committed, in front of a real reference server: Debian's nginx
 * (non-root: its own prefix, pid, temp paths and logs in a temporary folder) with a throwaway
 * self-signed certificate, and a visitor conversation over https:// and wss://.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { request } from 'node:https';
import { WebSocket } from 'ws';
import { prepareNginx, type Nginx } from '../../e2e/support/nginx.mjs';
import { CABLE_PROTOCOLS, roomIdentifier } from '../../src/shared/cable';
import { readBootConfig } from '../server/helpers';
import { startTempServer, type TempServer } from '../server/realServer';

let nginx: Nginx;
let wren: TempServer;
let ca: string;
let httpPort: number;
let httpsPort: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An https request to nginx trusting the throwaway certificate (fetch cannot take a CA). */
function https(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; servername?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { servername = 'localhost', headers } = options;
    const req = request({ host: 'localhost', servername, port: httpsPort, method, path, ca, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString()) as Record<string, unknown>;

beforeAll(async () => {
  nginx = await prepareNginx();
  ({ ca, httpPort, httpsPort } = nginx);
  wren = await startTempServer({ env: { PUBLIC_URL: nginx.origin } });
  await nginx.start([wren.port]);
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await wren?.destroy();
});

describe('Wren behind nginx (deploy/nginx/wren.conf)', () => {
  it('redirects plain HTTP to HTTPS', async () => {
    const res = await fetch(`http://localhost:${httpPort}/widget?website_token=x`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('https://localhost/widget?website_token=x');
  });

  it('answers no request that names another host, over HTTP or HTTPS', async () => {
    const plain = new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: httpPort, path: '/', headers: { host: 'attacker.example' } }, resolve);
      req.on('error', reject);
      req.end();
    });
    await expect(plain).rejects.toThrow(/socket hang up|ECONNRESET/);
    // The certificate's name at the handshake, another in Host: still nothing.
    await expect(https('GET', '/readyz', { headers: { host: 'attacker.example' } })).rejects.toThrow(/socket hang up|ECONNRESET/);
    // Another name at the handshake: refused there.
    await expect(https('GET', '/readyz', { servername: 'attacker.example' })).rejects.toThrow(/alert|handshake|ECONNRESET/i);
    expect((await https('GET', '/readyz')).status).toBe(200);
  });

  it('answers the probes over TLS, with a request id nginx generated', async () => {
    const res = await https('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it("serves Let's Encrypt's challenges from the webroot over plain HTTP, for certbot's renewals", async () => {
    const challenges = join(nginx.dir, 'webroot/.well-known/acme-challenge');
    mkdirSync(challenges, { recursive: true });
    writeFileSync(join(challenges, 'token-123'), 'token-123.key-authorization');
    const res = await fetch(`http://localhost:${httpPort}/.well-known/acme-challenge/token-123`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('token-123.key-authorization');
    const other = await fetch(`http://localhost:${httpPort}/.well-known/other`, { redirect: 'manual' });
    expect(other.status).toBe(301);
  });

  it('keeps /metrics off the public internet', async () => {
    const res = await https('GET', '/metrics');
    expect(res.status).toBe(403);
    expect(res.body.toString()).not.toContain('wren_');
    // Wren itself still serves it to a scraper on its own address.
    expect((await fetch(`http://127.0.0.1:${wren.port}/metrics`)).status).toBe(200);
  });

  it('leaves cache headers to Wren', async () => {
    const res = await https('GET', `/api/v1/widget/campaigns?website_token=${wren.config.websiteToken}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('runs a visitor conversation over https:// and wss://, with PUBLIC_URL in the URLs Wren builds', { timeout: 30_000 }, async () => {
    const page = await https('GET', `/widget?website_token=${wren.config.websiteToken}`);
    expect(page.status).toBe(200);
    const boot = readBootConfig(page.body.toString());
    const auth = { 'X-Auth-Token': boot.authToken, 'content-type': 'application/json' };
    const widget = (path: string) => `/api/v1/widget${path}?website_token=${wren.config.websiteToken}`;

    const frames: Record<string, unknown>[] = [];
    const ws = new WebSocket(`wss://localhost:${httpsPort}/cable`, CABLE_PROTOCOLS, { ca });
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect(ws.protocol).toBe('actioncable-v1-json');
    const identifier = roomIdentifier(boot.chatwootPubsubToken);
    ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    await vi.waitFor(() => expect(frames).toContainEqual({ identifier, type: 'confirm_subscription' }), { timeout: 5000 });

    const started = await https('POST', widget('/conversations'), {
      headers: auth,
      body: JSON.stringify({ message: { content: 'Hello over TLS' } }),
    });
    expect(started.status).toBe(200);
    const conversationId = json(started).id as number;

    const file = new FormData();
    file.append(
      'message[attachments][]',
      new Blob([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')], { type: 'image/gif' }),
      'dot.gif',
    );
    const multipart = new Response(file);
    const uploaded = await https('POST', widget('/messages'), {
      headers: { 'X-Auth-Token': boot.authToken, 'content-type': multipart.headers.get('content-type') ?? '' },
      body: Buffer.from(await multipart.arrayBuffer()),
    });
    expect(uploaded.status).toBe(200);
    const dataUrl = (json(uploaded).attachments as { data_url: string }[])[0].data_url;
    expect(dataUrl.startsWith(`https://localhost:${httpsPort}/uploads/`)).toBe(true);
    const stored = await https('GET', new URL(dataUrl).pathname);
    expect(stored.status).toBe(200);
    expect(stored.body.toString('latin1').startsWith('GIF89a')).toBe(true);

    const reply = await https('POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, {
      headers: { api_access_token: wren.config.apiAccessToken, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Hi! Answered through nginx' }),
    });
    expect(reply.status).toBe(200);
    await vi.waitFor(
      () =>
        expect(frames).toContainEqual(
          expect.objectContaining({
            identifier,
            message: expect.objectContaining({
              event: 'message.created',
              data: expect.objectContaining({ content: 'Hi! Answered through nginx', message_type: 1 }),
            }),
          }),
        ),
      { timeout: 5000 },
    );
    ws.close();
  });
});
