/**
 * The loader (`/packs/js/sdk.js`): what every page view of a host site pays for.
 *
 * It paints the launcher and defines `window.$chatwoot` at once, and nothing else. The
 * runtime that owns the chat frame (`runtime/`, a separate hashed file) loads on intent (a
 * click), or after the page is idle for a returning visitor with a conversation cookie, or
 * when the site sets `loadEagerly`. A first-time visitor who never clicks costs this file:
 * no frame, no socket, no cookie, no storage.
 */
import { createChatwoot, emit, type Chatwoot } from './chatwoot';
import { getCookie } from './cookies';
import { createLauncher } from './launcher';
import { loaderSettings, type HostSettings, type LoaderSettings } from './settings';
import type { installRuntime } from './runtime';

declare global {
  interface Window {
    chatwootSettings?: HostSettings;
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    $chatwoot?: Chatwoot;
  }
}

/** The runtime's hashed file name under /packs, injected by build.mjs. */
declare const __WREN_RUNTIME__: string;

export interface RuntimeContext {
  chatwoot: Chatwoot;
  launcher: ReturnType<typeof createLauncher>;
  settings: LoaderSettings;
  raw: HostSettings;
}

function whenIdle(task: () => void): void {
  const schedule = () => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 4000 }) : setTimeout(task, 1500));
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
}

function run({ websiteToken, baseUrl }: { websiteToken: string; baseUrl: string }): void {
  if (window.$chatwoot) return;
  const base = new URL(baseUrl, location.href).href.replace(/\/$/, '');
  const raw = window.chatwootSettings ?? {};
  const settings = loaderSettings(raw);
  let loading: Promise<void> | undefined;

  const loadRuntime = () => {
    loading ??= import(/* @vite-ignore */ `${base}/packs/${__WREN_RUNTIME__}`)
      .then((module: { installRuntime: typeof installRuntime }) => module.installRuntime({ chatwoot, launcher, settings, raw }))
      .catch((error) => {
        loading = undefined;
        chatwoot.toggle('close');
        emit('chatwoot:error', { error: `The chat could not load: ${error}` });
      });
    return loading;
  };

  const launcher = createLauncher(settings, () => chatwoot.toggle(), () => {
    // Intent: warm the connection and fetch the runtime (a static, cacheable file), so the
    // click opens faster. No request to /widget and no cookie: a hover is not a session.
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `${base}/packs/${__WREN_RUNTIME__}`;
    document.head.append(link);
  });
  const chatwoot = createChatwoot(websiteToken, base, raw, settings, launcher, loadRuntime);
  window.$chatwoot = chatwoot;
  // `$chatwoot` works from this moment (calls queue for the frame), so sites that identify
  // the visitor on ready need not wait for a click.
  setTimeout(() => emit('chatwoot:ready'));
  if (settings.loadEagerly || getCookie('cw_conversation')) whenIdle(() => {
    chatwoot.preload();
    loadRuntime();
  });
}

window.chatwootSDK = { run };
