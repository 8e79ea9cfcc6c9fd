// A customer's page on another origin: embeds Wren with the standard snippet, under a strict
// CSP that allows scripts only from itself and the widget's origin and no inline styles.
import { createServer } from 'node:http';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const WIDGET = `http://localhost:${PORT}`;
const TOKEN = 'e2e-website-token';
const CSP = `default-src 'self'; script-src 'self' ${WIDGET}; style-src 'self'; frame-src ${WIDGET}; connect-src 'self' ${WIDGET}; img-src 'self' data:`;

const page = (title) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="/site.css"></head>
<body><h1>${title}</h1><p>An ordinary page of a site that embeds Wren.</p>
<a href="/other">Another page</a>
<script src="/snippet.js"></script>
</body></html>`;

// The snippet of chatwoot-contract.md §1.1, as an external file because this page forbids inline script.
const snippet = `window.chatwootSettings = Object.assign({}, window.chatwootSettings);
(function (d, t) {
  var BASE_URL = ${JSON.stringify(WIDGET)};
  var g = d.createElement(t), s = d.getElementsByTagName(t)[0];
  g.src = BASE_URL + "/packs/js/sdk.js";
  g.async = true;
  s.parentNode.insertBefore(g, s);
  g.onload = function () {
    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(TOKEN)}, baseUrl: BASE_URL });
  };
})(document, "script");`;

createServer((req, res) => {
  const path = new URL(req.url, 'http://host').pathname;
  if (path === '/snippet.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(snippet);
  } else if (path === '/site.css') {
    res.writeHead(200, { 'content-type': 'text/css' }).end('body{font:16px system-ui;margin:2rem;min-height:150vh}');
  } else if (path === '/' || path === '/other') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP }).end(page(path === '/' ? 'Acme Store' : 'Acme Store — other page'));
  } else {
    res.writeHead(404).end();
  }
}).listen(PORT + 1, '127.0.0.1');
