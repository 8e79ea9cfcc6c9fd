// A customer's page on another origin (127.0.0.1) than the widget (localhost), under the strict
// CSP of e2e/support/hostPage.mjs. `/` embeds Wren with Chatwoot's standard snippet (as an
// external file: the CSP forbids inline script); `/bare` is the same page without it, the
// baseline that the loader's main-thread cost is measured against; `/recommended` embeds it
// with the recommended snippet (docs/embedding.md#the-recommended-snippet) when one is given;
// `/inline` is the page as most sites have it: no CSP, Chatwoot's snippet pasted inline.
//
// `article: true` makes the page a plausible article (a header, a hero image, a few
// paragraphs) rather than two lines, so Lighthouse has a Largest Contentful Paint of its own.
import { createServer } from 'node:http';
import { embedSnippet } from '../../e2e/support/snippet.mjs';

const HERO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#9f7aea"/></linearGradient></defs>
<rect width="1200" height="600" fill="url(#g)"/><circle cx="900" cy="200" r="140" fill="#fff" opacity=".25"/>
<path d="M0 480 Q300 380 600 470 T1200 430 V600 H0z" fill="#1a365d" opacity=".6"/></svg>`;

const PARAGRAPH =
  'Our store ships hand-made goods from small workshops. Every order is packed by the people who made it, and every question you send reaches one of them. ';

/**
 * @param {number} port
 * @param {string} widgetOrigin
 * @param {string} websiteToken
 * @param {{ recommendedSnippet?: string, article?: boolean }} [options]
 */
export function startHostPage(port, widgetOrigin, websiteToken, { recommendedSnippet, article = false } = {}) {
  const csp = `default-src 'self'; script-src 'self' ${widgetOrigin}; style-src 'self'; frame-src ${widgetOrigin}; connect-src 'self' ${widgetOrigin}; img-src 'self' data:`;
  const body = article
    ? `<header class="top"><strong>Acme Store</strong><nav><a href="/bare">Shop</a> <a href="/bare">About</a></nav></header>
<main><h1>Hand-made goods, shipped by the people who made them</h1>
<img class="hero" src="/hero.svg" width="1200" height="600" alt="">
${Array.from({ length: 8 }, (_, i) => `<p>${PARAGRAPH.repeat(2 + (i % 3))}</p>`).join('\n')}</main>`
    : '<h1>Acme Store</h1><p>An ordinary page of a site that embeds Wren.</p>';
  const page = (snippet) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Acme Store</title>
<meta name="description" content="A host page for Wren's benchmarks."><link rel="icon" href="data:,"><link rel="stylesheet" href="/site.css"></head>
<body>${body}
<script src="/site.js"></script>
${snippet ?? ''}
</body></html>`;
  const snippet = embedSnippet(widgetOrigin, websiteToken);
  const css = article
    ? 'body{font:18px/1.6 system-ui;margin:0;color:#1a202c}.top{display:flex;justify-content:space-between;padding:1rem 2rem;background:#f7fafc}main{max-width:48rem;margin:0 auto;padding:1rem 1.5rem}.hero{width:100%;height:auto}'
    : 'body{font:16px system-ui;margin:2rem;min-height:150vh}';
  const external = (path) => `<script src="${path}"></script>`;
  const pages = {
    '/': external('/snippet.js'),
    '/bare': null,
    '/inline': `<script>\n${snippet}\n</script>`,
    ...(recommendedSnippet ? { '/recommended': external('/recommended.js') } : {}),
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://host').pathname;
    const script = (text) => res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' }).end(text);
    // The host's own files are cacheable like a real site's, so warm runs differ only in what Wren does.
    if (path === '/snippet.js') script(snippet);
    else if (path === '/recommended.js' && recommendedSnippet) script(recommendedSnippet);
    else if (path === '/site.js') script("document.documentElement.className = 'js';");
    else if (path === '/site.css') res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=3600' }).end(css);
    else if (path === '/hero.svg' && article)
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' }).end(HERO_SVG);
    else if (Object.hasOwn(pages, path)) {
      const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
      res.writeHead(200, path === '/inline' ? headers : { ...headers, 'content-security-policy': csp }).end(page(pages[path]));
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
