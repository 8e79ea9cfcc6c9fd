/**
 * `GET /widget?website_token&cw_conversation&locale` (docs/protocol.md#the-widget-page): the page the loader's
 * iframe (or a popout, or a mobile web view) opens. It stores nothing: a new visitor is only a
 * signed token until their first write (docs/protocol.md#the-lazy-visitor), and the data block
 * carries what the first paint shows (docs/protocol.md#the-data-block). Both modes serve it: what
 * differs is where the data comes from (`WidgetPageSource`).
 */
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { chooseLocale, LOCALES, textDirection } from '../../src/shared/locales';
import type { GlobalConfig, WidgetBootConfig } from '../../src/shared/types';
import type { Branding } from '../config';
import { readPacks, type Packs } from '../lib/manifest';
import { connectSources, pageCsp } from '../lib/pageCsp';
import { pageOrigin } from '../lib/publicUrl';
import type { RequestEnv } from '../observability/requestLog';
import { renderWidgetPage } from '../views/widgetPage';
import { preferredEncodings } from './packs';

/** What a visit to `/widget` names: the inbox, and the visitor it resumes (none: a new one). */
export interface WidgetVisit {
  websiteToken: string | undefined;
  cwConversation: string | undefined;
}

/** The page for a visit: its data block and `frame-ancestors`, or the answer that refuses it. */
export type WidgetPage =
  | { ok: true; config: WidgetBootConfig; frameAncestors: string }
  | { ok: false; status: 401 | 404 | 502 | 504; body: Record<string, unknown> };

/**
 * Where a mode finds what the page shows a visitor: the reference server in its database
 * (`widgetPageSource.ts`), the gateway from Chatwoot (`gateway/widgetConfigSource.ts`). The page
 * itself (its HTML, headers, CSP and compression) is this module's, the same in both; it reads no
 * store, so the gateway serves it without carrying the reference server's.
 */
export interface WidgetPageSource {
  /** `c` is the visitor's request, for their address; `packs` the build the page loads. */
  load(c: Context, visit: WidgetVisit, packs: Packs): Promise<WidgetPage>;
}

/**
 * The `/widget` Content-Security-Policy: `ancestors` is its `frame-ancestors` source list (see
 * `frameAncestors()`), `connect` its `connect-src` (see `connectSources()`).
 */
export function widgetCsp(ancestors: string, connect: string): string {
  return pageCsp(connect, ["font-src 'self'", "frame-src 'self' https:", `frame-ancestors ${ancestors}`]);
}

/**
 * `window.globalConfig` of this installation: its branding (the logo the build ships unless
 * `LOGO_THUMBNAIL` says otherwise) and upload limit.
 */
export function widgetGlobalConfig(config: { branding: Branding; maxUploadMb: number }, packs: Pick<Packs, 'logo'> | null): GlobalConfig {
  const { branding } = config;
  return {
    LOGO_THUMBNAIL: branding.logoUrl ?? packs?.logo ?? '',
    BRAND_NAME: branding.brandName,
    WIDGET_BRAND_URL: branding.brandUrl,
    // The reference server takes attachments in the message itself (multipart): it has no
    // ActiveStorage direct-upload endpoint to announce (docs/protocol.md#the-widget-page).
    DIRECT_UPLOADS_ENABLED: false,
    MAXIMUM_FILE_UPLOAD_SIZE: config.maxUploadMb,
    INSTALLATION_NAME: branding.installationName,
  };
}

/** The widget's built assets, or null before a build. */
function widgetAssets(packsDir: string): { packs: Packs; script: string } | null {
  const packs = readPacks(packsDir);
  const script = packs?.manifest['widget.js'];
  return packs && script ? { packs, script } : null;
}

/**
 * What the first paint imports at once, for the page to fetch alongside its script rather than
 * after it has run: the chunks it imports statically, and the strings of a locale but English
 * (English's first-paint share is in the script). The widget asks for the page's locale as it
 * starts (`setLocale` in src/widget/main.tsx; in a frame the host's `config-set` names the same
 * one, the `locale` of the frame's address).
 */
function firstPaintImports(packs: Packs, locale: string): string[] {
  const strings = locale === 'en' ? undefined : packs.localeStrings[locale];
  return strings ? [...packs.widgetImports, strings] : packs.widgetImports;
}

/** The `/widget` page for `config`, with its headers. */
function widgetPageResponse(
  c: Context,
  assets: NonNullable<ReturnType<typeof widgetAssets>>,
  config: WidgetBootConfig,
  options: { locale: string; frameAncestors: string; connectSources: string },
): Response {
  const { locale } = options;
  const html = renderWidgetPage({
    locale,
    dir: textDirection(locale),
    scriptSrc: `/packs/${assets.script}`,
    preloads: firstPaintImports(assets.packs, locale).map((path) => `/packs/${path}`),
    config,
  });
  c.header('Content-Security-Policy', widgetCsp(options.frameAncestors, options.connectSources));
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('Vary', 'Accept-Encoding');
  // The page is the visitor's own (no-store) and carries the first paint's data, a few KB of
  // JSON that compress to a third: compressed per request, which takes well under a millisecond.
  const [encoding] = preferredEncodings(c.req.header('Accept-Encoding'));
  if (!encoding) return c.html(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
      : gzipSync(html, { level: 6 });
  c.header('Content-Encoding', encoding);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(body));
}

/** The error when the widget is not built yet. */
const ASSETS_MISSING = { error: 'widget assets are not built; run npm run build' } as const;

/** The `/widget` route of either mode, over the mode's `source`. */
export function widgetPageRoutes(source: WidgetPageSource, config: { packsDir: string; publicUrl?: string; cspConnectSrc: string[] }) {
  const app = new Hono<RequestEnv>();

  app.get('/widget', async (c) => {
    const assets = widgetAssets(config.packsDir);
    if (!assets) return c.json(ASSETS_MISSING, 503);
    const visit = { websiteToken: c.req.query('website_token'), cwConversation: c.req.query('cw_conversation') };
    const page = await source.load(c, visit, assets.packs);
    if (!page.ok) return c.json(page.body, page.status);
    const locale = chooseLocale(c.req.query('locale'), LOCALES, page.config.chatwootWebChannel.locale);
    const connect = connectSources(pageOrigin(config, c.req.url), config.cspConnectSrc);
    return widgetPageResponse(c, assets, page.config, { locale, frameAncestors: page.frameAncestors, connectSources: connect });
  });

  return app;
}
