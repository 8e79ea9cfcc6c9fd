/**
 * The `/agent` HTML shell (docs/architecture.md#the-pieces): the console's stylesheet and
 * module script, nothing inline, so the page runs under `script-src 'self'; style-src 'self'`.
 */
import { escapeHtml } from './escape';
import { FAVICON_LINK } from './favicon';

/** Renders the agent console's page. */
export function renderAgentPage(props: { scriptSrc: string; styleSrc: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>Wren agent console</title>
${FAVICON_LINK}
<link rel="stylesheet" href="${escapeHtml(props.styleSrc)}">
<script type="module" src="${escapeHtml(props.scriptSrc)}"></script>
</head>
<body>
<div id="app"></div>
<noscript>The agent console needs JavaScript.</noscript>
</body>
</html>
`;
}
