/**
 * `GET /widget?website_token&cw_conversation&locale` (docs/protocol.md#the-widget-page): the page the loader's
 * iframe (or a popout, or a mobile web view) opens. It stores nothing: a new visitor is only a
 * signed token until their first write (docs/protocol.md#the-lazy-visitor), and the data block
 * carries what the first paint shows (docs/protocol.md#the-data-block).
 */
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { chooseLocale, LOCALES, textDirection } from '../../src/shared/locales';
import type { GlobalConfig, WidgetBootConfig } from '../../src/shared/types';
import { CSP_SOURCE, type Branding } from '../config';
import type { AppDeps, AppEnv } from '../context';
import { readPacks, type Packs } from '../lib/manifest';
import { connectSources, pageCsp } from '../lib/pageCsp';
import { pageOrigin } from '../lib/publicUrl';
import { allowedDomains, channelConfig } from '../presenters/inbox';
import type { Inbox } from '../repositories/inboxes';
import { inboxPortal } from '../repositories/portals';
import { initialData } from '../services/visitorData';
import { resolveVisitor } from '../services/visitors';
import { renderWidgetPage } from '../views/widgetPage';
import { preferredEncodings } from './packs';
import { findWebsiteInbox } from './widgetApi/auth';
import { clientAddress } from '../limits/clientAddress';

/** `frame-ancestors` from the inbox's allowed domains (`*` when none are configured). */
export function frameAncestors(inbox: Inbox): string {
  const configured = allowedDomains(inbox);
  if (configured.length === 0) return '*';
  const valid = configured.filter((d) => CSP_SOURCE.test(d));
  return valid.length ? ["'self'", ...valid].join(' ') : "'none'";
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
export function widgetAssets(packsDir: string): { packs: Packs; script: string } | null {
  const packs = readPacks(packsDir);
  const script = packs?.manifest['widget.js'];
  return packs && script ? { packs, script } : null;
}

/** The `/widget` page for `config`, with its headers; gateway mode answers it too. */
export function widgetPageResponse(
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
    preloads: assets.packs.widgetImports.map((path) => `/packs/${path}`),
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
export const ASSETS_MISSING = { error: 'widget assets are not built; run npm run build' } as const;

/** The `/widget` route. */
export function widgetPageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/widget', async (c) => {
    const { inbox, account } = (await findWebsiteInbox(deps, c.req.query('website_token'))) ?? {};
    if (!inbox || !account) return c.json({ error: 'web widget does not exist' }, 404);
    if (account.status !== 'active') return c.json({ error: 'Account is suspended' }, 401);
    const assets = widgetAssets(deps.config.packsDir);
    if (!assets) return c.json(ASSETS_MISSING, 503);

    const visitor = await resolveVisitor(deps, inbox, c.req.query('cw_conversation'), clientAddress(c, deps.config.trustProxy));
    const config: WidgetBootConfig = {
      chatwootWebChannel: channelConfig(inbox, account, await inboxPortal(deps.db, inbox), deps.config.maxUploadMb),
      chatwootPubsubToken: visitor.ref.pubsubToken,
      authToken: visitor.authToken,
      globalConfig: widgetGlobalConfig(deps.config, assets.packs),
      // The first paint's data travels with the page: no API round trip before the widget shows.
      initialData: await initialData(deps, inbox, account, visitor),
    };
    const locale = chooseLocale(c.req.query('locale'), LOCALES, account.locale);
    const connect = connectSources(pageOrigin(deps.config, c.req.url), deps.config.cspConnectSrc);
    return widgetPageResponse(c, assets, config, { locale, frameAncestors: frameAncestors(inbox), connectSources: connect });
  });

  return app;
}
