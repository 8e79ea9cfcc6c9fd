// A customer's page on another origin: embeds Wren with the standard snippet, under a strict
// CSP that allows scripts only from itself and the widget's origin and no inline styles.
import { createServer } from 'node:http';
import { embedSnippet } from './snippet.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const WIDGET = `http://localhost:${PORT}`;
const TOKEN = 'e2e-website-token';
const CSP = `default-src 'self'; script-src 'self' ${WIDGET}; style-src 'self'; frame-src ${WIDGET}; connect-src 'self' ${WIDGET}; img-src 'self' data:`;

// A second origin for the same server (`localhost` instead of `127.0.0.1`): a third party's
// frame on the customer's page, e.g. an ad.
const THIRD_PARTY = `http://localhost:${PORT + 1}`;
// The customer page with such a frame: the same policy, plus that frame's origin.
const HOSTILE_CSP = CSP.replace(`frame-src ${WIDGET}`, `frame-src ${WIDGET} ${THIRD_PARTY}`);

const page = (title, extra = '', snippetSrc = '/snippet.js') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="/site.css"></head>
<body><h1>${title}</h1><p>An ordinary page of a site that embeds Wren.</p>
<a href="/other">Another page</a>${extra}
<script src="${snippetSrc}"></script>
</body></html>`;

// Tests set window.e2eAfterRun (page.addInitScript) to call $chatwoot right after run, before ready.
const snippet = embedSnippet(WIDGET, TOKEN, { afterRunHook: true });
// A site that pasted a website token no inbox has (e2e/unavailable.spec.ts).
const UNKNOWN_TOKEN = 'e2e-no-such-token';
const unknownTokenSnippet = embedSnippet(WIDGET, UNKNOWN_TOKEN, { afterRunHook: true });

createServer((req, res) => {
  const path = new URL(req.url, 'http://host').pathname;
  if (path === '/snippet.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(snippet);
  } else if (path === '/snippet-unknown-token.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(unknownTokenSnippet);
  } else if (path === '/unknown-token') {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP })
      .end(page('Acme Store — wrong token', '', '/snippet-unknown-token.js'));
  } else if (path === '/site.css') {
    res.writeHead(200, { 'content-type': 'text/css' }).end('body{font:16px system-ui;margin:2rem;min-height:150vh}');
  } else if (path === '/' || path === '/other') {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP })
      .end(page(path === '/' ? 'Acme Store' : 'Acme Store — other page'));
  } else if (path === '/landing') {
    // A campaign's landing page (e2e/prompts.spec.ts targets `/landing*`).
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP })
      .end(page('Acme Store — spring sale'));
  } else if (path === '/hostile') {
    const frame = `<iframe id="third-party" title="Advert" src="${THIRD_PARTY}/third-party"></iframe>`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': HOSTILE_CSP })
      .end(page('Acme Store — with an advert', frame));
  } else if (path === '/third-party') {
    // Scriptless on purpose: tests run their forgeries inside it with frame.evaluate.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Advert</title><p>Buy now</p>');
  } else {
    res.writeHead(404).end();
  }
}).listen(PORT + 1, '127.0.0.1');
