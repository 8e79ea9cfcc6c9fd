/**
 * The demo host page at `/`: a plain page that embeds the widget with the recommended snippet
 * (docs/embedding.md#the-recommended-snippet), served as an external script so the page keeps a strict CSP.
 * It points the evaluator at the agent console (`/agent`) to play the other side.
 */
import { HOST_API_METHODS } from '../../src/shared/hostApi';
import { FAVICON_LINK } from './favicon';

/** The page itself; everything it runs and styles comes from `/demo/*`. */
export function renderDemoPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Wren demo</title>
${FAVICON_LINK}
<link rel="stylesheet" href="/demo/demo.css">
</head>
<body>
<main>
<h1>Wren demo — click the bubble</h1>
<p>This page stands in for your website. It embeds the Wren chat widget with the recommended
snippet you would paste into your own pages (it loads the widget once the page has loaded), under
a strict Content-Security-Policy (<code>script-src 'self'; style-src 'self'</code>).</p>
<p>Click the bubble in the corner to start a conversation. Then answer it as the agent in the
<a href="/agent" target="_blank" rel="noopener">agent console</a>: open the console link the server
printed when it started, or sign in with its <code>api_access_token</code>.</p>
<p>Bots and scripts answer through the Application API, e.g.
<code>POST /api/v1/accounts/1/conversations/{id}/messages</code> with the header
<code>api_access_token</code>.</p>
</main>
<script src="/demo/snippet.js"></script>
</body>
</html>
`;
}

/**
 * The recommended embed snippet for `baseUrl` and `websiteToken` (JSON-encoded into the script;
 * docs/embedding.md#the-recommended-snippet): `sdk.js` is inserted once the page has loaded and the
 * browser is idle, so it is never part of what PageSpeed measures for the page's own content,
 * and `$chatwoot` works at once: a stub queues its calls in `q` (every method of the host API,
 * src/shared/hostApi.ts), and sdk.js replays them.
 * The demo page serves it as an external script, which its strict CSP requires.
 */
export function renderDemoSnippet(baseUrl: string, websiteToken: string): string {
  return `window.chatwootSettings = { position: "right", type: "standard", launcherTitle: "Chat with us" };
(function (w, d) {
  var BASE_URL = ${JSON.stringify(baseUrl)};
  if (w.$chatwoot) return;
  // $chatwoot works at once: its calls wait in q, and sdk.js replays them in order.
  var q = [], stub = (w.$chatwoot = { q: q });
  ${JSON.stringify(HOST_API_METHODS.join(' '))}.split(" ").forEach(function (name) {
    stub[name] = function () { q.push([name, [].slice.call(arguments)]); };
  });
  function load() {
    var g = d.createElement("script");
    g.src = BASE_URL + "/packs/js/sdk.js";
    g.async = true;
    g.onload = function () {
      w.chatwootSDK.run({ websiteToken: ${JSON.stringify(websiteToken)}, baseUrl: BASE_URL });
    };
    d.head.appendChild(g);
  }
  // After the page's own load event, once the browser is idle (2 s at the latest).
  function idle() {
    w.requestIdleCallback ? w.requestIdleCallback(load, { timeout: 2000 }) : setTimeout(load, 200);
  }
  d.readyState === "complete" ? idle() : w.addEventListener("load", idle);
})(window, document);
`;
}

/** The demo page's stylesheet. */
export const DEMO_CSS = `:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f5f7fb; color: #1f2d3d; }
main { max-width: 40rem; margin: 4rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.75rem; line-height: 1.25; }
h1, p { overflow-wrap: break-word; }
/* A path or a policy may break anywhere: on a phone a long line would widen the page and push the launcher off-screen. */
code { font-size: 0.9em; background: #e8edf5; padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
a { color: #1557a8; }
@media (max-width: 480px) { main { margin: 2rem auto; padding: 0 1rem; } h1 { font-size: 1.5rem; } }
@media (prefers-color-scheme: dark) { body { background: #151b26; color: #e6ebf2; } code { background: #263042; } a { color: #8ab8f5; } }
`;
