/**
 * The loader (`/packs/js/sdk.js`): what every page view of a host site pays for.
 *
 * It paints the launcher and defines `window.$chatwoot` at once, and nothing else. The
 * runtime that owns the chat frame (`runtime/`, a separate hashed file) loads on intent (a
 * click), or once the page is idle for a returning visitor with a conversation cookie, for a
 * site that sets `loadEagerly`, or when the inbox has campaigns (the runtime then loads the
 * frame only if one matches this page). A first-time visitor who never clicks costs this file
 * and one cacheable, credential-less campaigns GET: no frame, no socket, no cookie, no storage.
 */
import { createChatwoot, emit, type Chatwoot } from './chatwoot';
import { getCookie } from './cookies';
import { createLauncher } from './launcher';
import { loaderSettings, type HostSettings } from './settings';
import type { RuntimeModule } from './runtimeContext';

declare global {
  interface Window {
    chatwootSettings?: HostSettings;
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    $chatwoot?: Chatwoot;
  }
}

/** The runtime's hashed file name under /packs, injected by build.mjs. */
declare const __WREN_RUNTIME__: string;

/** Runs `task` once the page has loaded and the main thread is idle, so it never competes with the host. */
function whenIdle(task: () => void): void {
  const schedule = () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 4000 }) : setTimeout(task, 1500));
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
}

/**
 * `window.chatwootSDK.run` (docs/protocol.md#embed-snippet). `importRuntime` exists for tests; the
 * page always gets the real dynamic import of the runtime's hashed file.
 */
export function run(
  { websiteToken, baseUrl }: { websiteToken: string; baseUrl: string },
  importRuntime = (url: string): Promise<RuntimeModule> => import(/* @vite-ignore */ url),
): void {
  if (window.$chatwoot) return;
  const base = new URL(baseUrl, location.href).href.replace(/\/$/, '');
  const runtimeUrl = `${base}/packs/${__WREN_RUNTIME__}`;
  const raw = window.chatwootSettings ?? {};
  const settings = loaderSettings(raw);
  let loading: Promise<void> | undefined;

  const loadRuntime = () =>
    (loading ??= importRuntime(runtimeUrl)
      .then((module) => module.installRuntime({ chatwoot, launcher, settings, raw }))
      .catch((error) => {
        // Blocked or offline: keep the bubble usable (a later click retries) and say so.
        loading = undefined;
        chatwoot.toggle('close');
        emit('chatwoot:error', { error: `The chat could not load: ${error}` });
      }));

  const launcher = createLauncher(
    settings,
    () => chatwoot.toggle(),
    () => {
      // Intent: fetch the runtime (a static, cacheable file) so the click opens faster. No
      // request to /widget and no cookie: a hover is not a session.
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = runtimeUrl;
      document.head.append(link);
    },
  );
  const chatwoot = createChatwoot(websiteToken, base, settings, launcher, loadRuntime);
  window.$chatwoot = chatwoot;
  // `$chatwoot` works from this moment (calls queue for the frame), so sites that identify
  // the visitor on ready need not wait for a click.
  setTimeout(() => emit('chatwoot:ready'));
  whenIdle(() => {
    if (settings.loadEagerly || getCookie('cw_conversation')) {
      chatwoot.preload();
      loadRuntime();
      return;
    }
    // The one request a first-time visitor's page view may make. No cookies go with it and
    // the server marks it public for a minute, so browsers and CDNs answer most page views
    // from cache (`cache: 'default'` is fetch's default). Only an inbox with campaigns costs
    // the runtime file, which then loads the frame if a campaign matches this page.
    fetch(`${base}/api/v1/widget/campaigns?website_token=${encodeURIComponent(websiteToken)}`, { credentials: 'omit' })
      .then((response) => response.json())
      .then((campaigns) => {
        if (campaigns.length) {
          chatwoot.preload(campaigns);
          loadRuntime();
        }
      })
      .catch(() => undefined);
  });
}

window.chatwootSDK = { run: (options) => run(options) };
