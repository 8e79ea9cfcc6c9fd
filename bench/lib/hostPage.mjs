// A customer's page on another origin (127.0.0.1) than the widget (localhost), under the strict
// CSP of e2e/support/hostPage.mjs. `/` embeds Wren with the standard snippet (as an external
// file: the CSP forbids inline script); `/bare` is the same page without it, the baseline that
// the loader's main-thread cost is measured against.
import { createServer } from 'node:http';
import { embedSnippet } from '../../e2e/support/snippet.mjs';

export function startHostPage(port, widgetOrigin, websiteToken) {
  const csp = `default-src 'self'; script-src 'self' ${widgetOrigin}; style-src 'self'; frame-src ${widgetOrigin}; connect-src 'self' ${widgetOrigin}; img-src 'self' data:`;
  const page = (withWidget) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Acme Store</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/site.css"></head>
<body><h1>Acme Store</h1><p>An ordinary page of a site that embeds Wren.</p>
<script src="/site.js"></script>
${withWidget ? '<script src="/snippet.js"></script>' : ''}
</body></html>`;
  const snippet = embedSnippet(widgetOrigin, websiteToken);
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://host').pathname;
    // The host's own files are cacheable like a real site's, so warm runs differ only in what Wren does.
    if (path === '/snippet.js') res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' }).end(snippet);
    else if (path === '/site.js')
      res
        .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' })
        .end("document.documentElement.className = 'js';");
    else if (path === '/site.css')
      res
        .writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=3600' })
        .end('body{font:16px system-ui;margin:2rem;min-height:150vh}');
    else if (path === '/' || path === '/bare') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'no-cache' })
        .end(page(path === '/'));
    } else res.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
