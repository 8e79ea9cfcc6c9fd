/**
 * The gateway's `/` (docs/operations.md#gateway-mode): for whoever opens the gateway's address, a
 * page saying what this server is, which Chatwoot it forwards to, and how a site embeds it. It runs
 * no script; its one stylesheet is inline and allowed by its hash, so its CSP forbids the rest.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from './escape';

const GATEWAY_CSS = `:root{color-scheme:light dark;--text:#1f2d3d;--muted:#5b6b7f;--bg:#f5f7fb;--card:#fff;--border:#e0e6ed;--link:#1a64c4}
@media (prefers-color-scheme:dark){:root{--text:#eef1f5;--muted:#a3adba;--bg:#14171c;--card:#1d2128;--border:#323842;--link:#7fb6ff}}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
main{max-width:680px;margin:0 auto;padding:32px 20px}
h1{font-size:1.6em;line-height:1.25;margin:0 0 8px}
h2{font-size:1.15em;margin:28px 0 8px}
p{margin:0 0 12px}
.lead{color:var(--muted)}
dl{margin:16px 0;padding:16px;border:1px solid var(--border);border-radius:8px;background:var(--card)}
dt{font-weight:600}
dd{margin:0 0 12px}
dd:last-child{margin:0}
code{font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
a{color:var(--link)}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px}`;

/** The CSP source that allows exactly the page's stylesheet. */
export const GATEWAY_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(GATEWAY_CSS).digest('base64')}'`;

/** Where the page points its reader. */
export interface GatewayPageProps {
  /** CHATWOOT_URL: the Chatwoot this gateway forwards to. */
  chatwootOrigin: string;
  /** The gateway's own origin, as a site's `BASE_URL` names it. */
  gatewayOrigin: string;
}

/** The page's HTML: every value from outside escaped. */
export function renderGatewayPage({ chatwootOrigin, gatewayOrigin }: GatewayPageProps): string {
  const chatwoot = escapeHtml(chatwootOrigin);
  const gateway = escapeHtml(gatewayOrigin);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Wren gateway</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${GATEWAY_CSS}</style>
</head>
<body>
<main>
<h1>Wren gateway</h1>
<p class="lead">This server runs Wren's website chat widget in front of a Chatwoot. It keeps no conversations: they live in Chatwoot, and agents answer there.</p>
<dl>
<dt>Forwards to</dt>
<dd><code>${chatwoot}</code>: the widget API (<code>/api/v1/widget/*</code>), the help centre (<code>/hc/*</code>) and the realtime socket (<code>/cable</code>)</dd>
<dt>Serves itself</dt>
<dd>the loader (<code>/packs/js/sdk.js</code>), the chat page (<code>/widget</code>) and their files</dd>
<dt>Health</dt>
<dd><a href="/readyz">/readyz</a> says whether Chatwoot answers</dd>
</dl>
<h2>Embedding the chat</h2>
<p>Paste the snippet of the Chatwoot website inbox into your site, with <code>BASE_URL</code> set to <code>${gateway}</code> and the inbox's website token.</p>
<p><a href="https://github.com/wren-chat/wren/blob/main/docs/operations.md#gateway-mode">About gateway mode</a></p>
</main>
</body>
</html>
`;
}
