/**
 * The loader (`/packs/js/sdk.js`): what every page view of a host site pays for.
 *
 * It paints the launcher and defines `window.$chatwoot` at once, and nothing else. The
 * runtime that owns the chat frame (`runtime/`, a separate hashed file) loads on intent (a
 * hover, focus or click), or once the page is idle for a returning visitor with a conversation cookie, for a
 * site that sets `loadEagerly`, or when the inbox has campaigns (the runtime then loads the
 * frame only if one matches this page). A first-time visitor who never clicks costs this file
 * and one cacheable, credential-less campaigns GET: no frame, no socket, no cookie, no storage.
 */
import { createChatwoot, emit, type Chatwoot } from './chatwoot';
import { CONVERSATION_COOKIE } from '../shared/cookies';
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
  // The page's load event comes once.
  else addEventListener('load', schedule);
}

/**
 * `window.chatwootSDK.run` (docs/protocol.md#embed-snippet). `importRuntime` exists for tests; the
 * page always gets the real dynamic import of the runtime's hashed file.
 */
export function run(
  { websiteToken, baseUrl }: { websiteToken: string; baseUrl: string },
  importRuntime = (url: string): Promise<RuntimeModule> => import(/* @vite-ignore */ url),
): void {
  // The recommended snippet's stub (docs/protocol.md#embed-snippet) queues calls in `q` until now.
  const stub = window.$chatwoot as { q?: [keyof Chatwoot, unknown[]][] } | undefined;
  if (stub && !stub.q) return;
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
        console.warn('Wren:', error);
        emit('chatwoot:error', { error: `${error}` });
      }));

  // Intent (hover, focus) loads the runtime, a static and cacheable file, so the click finds it
  // ready. It creates no frame and writes nothing: a hover is not a session.
  const launcher = createLauncher(settings, () => chatwoot.toggle(), loadRuntime);
  const chatwoot = createChatwoot(websiteToken, base, settings, launcher, loadRuntime);
  window.$chatwoot = chatwoot;
  // `$chatwoot` works from this moment (calls queue for the frame), so sites that identify
  // the visitor on ready need not wait for a click.
  setTimeout(emit, 0, 'chatwoot:ready');
  // Then the stub's calls, in order, each in a task of its own: one that throws (bad arguments)
  // does so where a direct call would, and the others still run. (The methods use no `this`.)
  stub?.q?.map(([name, args]) => setTimeout(chatwoot[name] as (...a: unknown[]) => void, 0, ...args));
  whenIdle(() => {
    if (settings.loadEagerly || getCookie(CONVERSATION_COOKIE)) {
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
