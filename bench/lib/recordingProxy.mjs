// A pass-through proxy that writes down every HTTP request sent through it: put between a
// gateway and the server it forwards to, it sees exactly what the gateway asked upstream,
// without trusting the gateway's own count. WebSockets pass through unrecorded.
import { createServer } from 'node:http';
import { createProxyServer } from 'http-proxy-3';

/**
 * Listens on 127.0.0.1:`port` and forwards to `target` (an origin). `requests()` lists what went
 * through, `{ method, url, token }` (`token`: the visitor's `X-Auth-Token`, or '').
 */
export function startRecordingProxy(port, target) {
  const proxy = createProxyServer({ target, ws: true });
  const seen = [];
  proxy.on('error', (_error, _req, res) => {
    if (res && 'writeHead' in res && !res.headersSent) res.writeHead(502).end();
    else res?.destroy?.();
  });
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, token: req.headers['x-auth-token'] ?? '' });
    proxy.web(req, res);
  });
  server.on('upgrade', (req, socket, head) => proxy.ws(req, socket, head));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        /** What went through so far, or after the first `since`. */
        requests: (since = 0) => seen.slice(since),
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
            proxy.close();
          }),
      }),
    );
  });
}
