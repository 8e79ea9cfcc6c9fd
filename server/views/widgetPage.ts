/**
 * The `/widget` HTML shell: one module script, which carries the page's stylesheet too
 * (docs/architecture.md#caching-and-chunk-names), and the boot configuration as a JSON data block (no
 * inline script, so the page runs under `script-src 'self'`).
 */
import { WIDGET_CONFIG_ELEMENT_ID, type WidgetBootConfig } from '../../src/shared/types';
import { escapeHtml, jsonForScript } from './escape';
import { FAVICON_LINK } from './favicon';

export interface WidgetPageProps {
  locale: string;
  dir: 'ltr' | 'rtl';
  scriptSrc: string;
  /** The entry's static chunks, fetched in parallel with it instead of after it. */
  preloads?: string[];
  config: WidgetBootConfig;
}

/**
 * Renders the widget page. `interactive-widget=resizes-content`: where the page is the top
 * document (a popout, a mobile app's web view), the on-screen keyboard resizes its layout, so the
 * composer stays above it (docs/behaviour.md#phones); in a frame, the loader sizes the frame.
 */
export function renderWidgetPage(props: WidgetPageProps): string {
  return `<!doctype html>
<html lang="${escapeHtml(props.locale.replace('_', '-'))}" dir="${props.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover,interactive-widget=resizes-content">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(props.config.chatwootWebChannel.websiteName)}</title>
${FAVICON_LINK}
<script type="module" src="${escapeHtml(props.scriptSrc)}"></script>
${(props.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n')}
</head>
<body>
<div id="app"></div>
<script type="application/json" id="${WIDGET_CONFIG_ELEMENT_ID}">${jsonForScript(props.config)}</script>
</body>
</html>
`;
}
