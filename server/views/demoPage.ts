/**
 * The demo host page at `/`: a plain page that embeds the widget with the standard snippet
 * (docs/protocol.md#embed-snippet), served as an external script so the page keeps a strict CSP.
 * It points the evaluator at the agent console (`/agent`) to play the other side.
 */
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
<p>This page stands in for your website. It embeds the Wren chat widget with the same snippet
you would paste into your own pages, under a strict Content-Security-Policy
(<code>script-src 'self'; style-src 'self'</code>).</p>
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

/** The embed snippet for `baseUrl` and `websiteToken` (JSON-encoded into the script). */
export function renderDemoSnippet(baseUrl: string, websiteToken: string): string {
  return `window.chatwootSettings = { position: "right", type: "standard", launcherTitle: "Chat with us" };
(function (d, t) {
  var BASE_URL = ${JSON.stringify(baseUrl)};
  var g = d.createElement(t), s = d.getElementsByTagName(t)[0];
  g.src = BASE_URL + "/packs/js/sdk.js";
  g.async = true;
  s.parentNode.insertBefore(g, s);
  g.onload = function () {
    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(websiteToken)}, baseUrl: BASE_URL });
  };
})(document, "script");
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
