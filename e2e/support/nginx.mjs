// deploy/nginx/wren.conf, as committed, run by Debian's nginx in a temporary folder (non-root:
// its own prefix, pid, temp paths and logs) with a throwaway self-signed certificate for
// `localhost`, in front of one or more Wren processes. Used by tests/deploy/nginx.test.ts and
// the e2e of several processes (e2e/scaled.spec.ts).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './services.mjs';

const NGINX = '/usr/sbin/nginx';
export const COMMITTED_CONFIG = 'deploy/nginx/wren.conf';
/** The upstream servers the committed file lists: the two processes of its example. */
const COMMITTED_UPSTREAMS = [/server 127\.0\.0\.1:3000\b/, /server 127\.0\.0\.1:3001\b/];

/** Replaces `from` (which must occur) in `text`: a committed file that no longer matches fails here, not silently. */
function substitute(text, from, to) {
  const replaced = text.replace(from, to);
  if (replaced === text) throw new Error(`${COMMITTED_CONFIG} no longer contains ${from}`);
  return replaced;
}

/** The committed site file with this run's upstream ports, listening ports, certificate and ACME webroot (`dir/webroot`). */
function siteConfig(dir, upstreamPorts, httpPort, httpsPort) {
  let site = readFileSync(COMMITTED_CONFIG, 'utf8');
  // One process: both upstream lines name it. Two: one each.
  COMMITTED_UPSTREAMS.forEach((line, i) => {
    site = substitute(site, line, `server 127.0.0.1:${upstreamPorts[i % upstreamPorts.length]}`);
  });
  site = substitute(site, /listen \[::\]:\d+[^;]*;\n/g, '');
  site = substitute(site, /listen 80\b/g, `listen 127.0.0.1:${httpPort}`);
  site = substitute(site, /listen 443 ssl\b/g, `listen 127.0.0.1:${httpsPort} ssl`);
  // The certificate is for localhost, and so is the one host name served.
  site = substitute(site, /server_name chat\.example\.com;/g, 'server_name localhost;');
  site = substitute(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  site = substitute(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  site = substitute(site, /root \/var\/www\/html;/, `root ${join(dir, 'webroot')};`);
  return site;
}

/** A main nginx.conf that keeps everything inside `dir` and runs in the foreground, as this user. */
function mainConfig(dir) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, `${kind}_temp`)};`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    ...temp,
    `  include ${join(dir, 'wren.conf')};`,
    '}',
    '',
  ].join('\n');
}

async function waitForPort(port, dir, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(!!socket.end())).once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await sleep(100);
  }
}

/** Picks the ports nginx will listen on and makes its certificate; `start` runs it once the upstreams are known. */
export async function prepareNginx() {
  const dir = mkdtempSync(join(tmpdir(), 'wren-nginx-'));
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
  const httpPort = await freePort();
  const httpsPort = await freePort();
  let child;
  return {
    dir,
    httpPort,
    httpsPort,
    origin: `https://localhost:${httpsPort}`,
    ca: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    /** Starts nginx in front of the Wren processes on `upstreamPorts`. */
    async start(upstreamPorts) {
      writeFileSync(join(dir, 'wren.conf'), siteConfig(dir, upstreamPorts, httpPort, httpsPort));
      writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
      child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
      await waitForPort(httpsPort, dir);
    },
    /** What nginx logged (errors and upstream failures). */
    errorLog: () => readFileSync(join(dir, 'error.log'), 'utf8'),
    async stop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
