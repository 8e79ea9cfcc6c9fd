/**
 * deploy/nginx/wren.conf, as committed, in front of a real reference server: Debian's nginx
 * (non-root: its own prefix, pid, temp paths and logs in a temporary folder) with a throwaway
 * self-signed certificate, and a visitor conversation over https:// and wss://.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { CABLE_PROTOCOLS, roomIdentifier } from '../../src/shared/cable';
import { readBootConfig } from '../server/helpers';
import { startTempServer, type TempServer } from '../server/realServer';

const NGINX = '/usr/sbin/nginx';
const COMMITTED_CONFIG = 'deploy/nginx/wren.conf';

let dir: string;
let wren: TempServer;
let nginx: ChildProcess;
let ca: string;
let httpPort: number;
let httpsPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

/** Replaces `from` (which must occur) in `text`: a committed file that no longer matches fails here, not silently. */
function substitute(text: string, from: string | RegExp, to: string): string {
  const replaced = text.replace(from, to);
  if (replaced === text) throw new Error(`${COMMITTED_CONFIG} no longer contains ${from}`);
  return replaced;
}

/** The committed site file with this run's addresses, ports and certificate. */
function siteConfig(wrenPort: number): string {
  let site = readFileSync(COMMITTED_CONFIG, 'utf8');
  site = substitute(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${wrenPort};`);
  site = substitute(site, /listen \[::\]:\d+[^;]*;\n/g, '');
  site = substitute(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  site = substitute(site, 'listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`);
  site = substitute(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  site = substitute(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  return site;
}

/** A main nginx.conf that keeps everything inside `dir` and runs in the foreground, as this user. */
function mainConfig(): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, `${kind}_temp`)};`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    ...temp,
    `  include ${join(dir, 'wren.conf')};`,
    '}',
    '',
  ].join('\n');
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(!!socket.end())).once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An https request to nginx trusting the throwaway certificate (fetch cannot take a CA). */
function https(method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: 'localhost', port: httpsPort, method, path, ca, headers: options.headers }, (res) => {
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
  dir = mkdtempSync(join(tmpdir(), 'wren-nginx-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
  httpPort = await freePort();
  httpsPort = await freePort();
  wren = await startTempServer({ env: { PUBLIC_URL: `https://localhost:${httpsPort}` } });
  writeFileSync(join(dir, 'wren.conf'), siteConfig(wren.port));
  writeFileSync(join(dir, 'nginx.conf'), mainConfig());
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  await waitForPort(httpsPort);
}, 30_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await wren?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('Wren behind nginx (deploy/nginx/wren.conf)', () => {
  it('redirects plain HTTP to HTTPS', async () => {
    const res = await fetch(`http://localhost:${httpPort}/widget?website_token=x`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('https://localhost/widget?website_token=x');
  });

  it('answers the probes over TLS, with a request id nginx generated', async () => {
    const res = await https('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
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
