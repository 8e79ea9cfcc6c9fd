/**
 * `GET /widget?website_token&cw_conversation&locale` (contract §2.1): the page the loader's
 * iframe (or a popout, or a mobile web view) opens.
 */
import { Hono, type Context } from 'hono';
import type { GlobalConfig, WidgetBootConfig } from '../../src/shared/types';
import type { AppDeps, AppEnv } from '../context';
import { readPacks, type Packs } from '../lib/manifest';
import { allowedDomains, channelConfig } from '../presenters/inbox';
import { chooseLocale, RTL_LOCALES } from '../presenters/languages';
import { findAccount, findInboxByToken, type Inbox } from '../repositories/inboxes';
import { resolveVisitor } from '../services/visitors';
import { renderWidgetPage } from '../views/widgetPage';

export const BRAND_NAME = 'Wren';
export const WIDGET_BRAND_URL = 'https://github.com/wren-chat/wren';

// Only characters that can appear in a CSP host-source; anything else could alter the policy.
const SOURCE_EXPRESSION = /^[A-Za-z0-9.*:/_-]+$/;

/** `frame-ancestors` from the inbox's allowed domains (`*` when none are configured). */
export function frameAncestors(inbox: Inbox): string {
  const configured = allowedDomains(inbox);
  if (configured.length === 0) return '*';
  const valid = configured.filter((d) => SOURCE_EXPRESSION.test(d));
  return valid.length ? ["'self'", ...valid].join(' ') : "'none'";
}

/** The `/widget` Content-Security-Policy; `ancestors` is its `frame-ancestors` source list (see `frameAncestors()`). */
export function widgetCsp(ancestors: string): string {
  return ["default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:", "connect-src 'self' ws: wss:", "font-src 'self'", "frame-src 'self' https:",
    "base-uri 'none'", "form-action 'none'", `frame-ancestors ${ancestors}`].join('; ');
}

/** `window.globalConfig` of this installation. */
export function widgetGlobalConfig(hasLogo: boolean, maxUploadMb: number): GlobalConfig {
  return {
    LOGO_THUMBNAIL: hasLogo ? '/packs/assets/logo.svg' : '', BRAND_NAME, WIDGET_BRAND_URL,
    DIRECT_UPLOADS_ENABLED: false, MAXIMUM_FILE_UPLOAD_SIZE: maxUploadMb, INSTALLATION_NAME: BRAND_NAME,
  };
}

/** The widget's built assets, or null before a build. */
export function widgetAssets(packsDir: string): { packs: Packs; script: string; style: string } | null {
  const packs = readPacks(packsDir);
  const script = packs?.manifest['widget.js'];
  const style = packs?.manifest['widget.css'];
  return packs && script && style ? { packs, script, style } : null;
}

/** The `/widget` page for `config`, with its headers; gateway mode answers it too. */
export function widgetPageResponse(c: Context, assets: NonNullable<ReturnType<typeof widgetAssets>>, config: WidgetBootConfig,
  options: { locale: string; frameAncestors: string }): Response {
  const { locale } = options;
  const html = renderWidgetPage({ locale, dir: RTL_LOCALES.has(locale.split('_')[0]) ? 'rtl' : 'ltr',
    scriptSrc: `/packs/${assets.script}`, styleSrc: `/packs/${assets.style}`, preloads: assets.packs.widgetImports.map((path) => `/packs/${path}`), config });
  c.header('Content-Security-Policy', widgetCsp(options.frameAncestors));
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  return c.html(html);
}

/** The error when the widget is not built yet. */
export const ASSETS_MISSING = { error: 'widget assets are not built; run npm run build' } as const;

/** The `/widget` route. */
export function widgetPageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/widget', async (c) => {
    const token = c.req.query('website_token');
    const inbox = token ? await findInboxByToken(deps.db, token) : undefined;
    const account = inbox && (await findAccount(deps.db, inbox.account_id));
    if (!inbox || !account) return c.json({ error: 'web widget does not exist' }, 404);
    if (account.status !== 'active') return c.json({ error: 'Account is suspended' }, 401);
    const assets = widgetAssets(deps.config.packsDir);
    if (!assets) return c.json(ASSETS_MISSING, 503);

    const visitor = await resolveVisitor(deps, inbox, c.req.query('cw_conversation'));
    const config: WidgetBootConfig = {
      chatwootWebChannel: channelConfig(inbox, account), chatwootPubsubToken: visitor.contactInbox.pubsub_token,
      authToken: visitor.authToken, globalConfig: widgetGlobalConfig(assets.packs.hasLogo, deps.config.maxUploadMb),
    };
    const locale = chooseLocale(c.req.query('locale'), account.locale);
    return widgetPageResponse(c, assets, config, { locale, frameAncestors: frameAncestors(inbox) });
  });

  return app;
}
