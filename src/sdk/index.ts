/**
 * The loader (`/packs/js/sdk.js`): what every page view of a host site pays for.
 *
 * It paints the launcher and defines `window.$chatwoot` at once, and nothing else. The
 * runtime that owns the chat frame (`runtime/`, a separate hashed file) loads on intent (a
 * hover, focus or click), or once the page is idle for a returning visitor with a conversation cookie, for a
 * site that sets `loadEagerly`, or when the inbox has campaigns (the runtime then loads the
 * frame only if one matches this page). A first-time visitor who never clicks costs this file
 * and one cacheable, credential-less campaigns GET: no frame, no socket, no cookie, no storage.
 *
 * A page may run several widgets (docs/architecture.md#several-widgets-on-one-page): each `run`
 * with other options starts one more, with its own launcher, frame and visitor.
 */
import { createChatwoot, emit, type Chatwoot, type HostCall } from './chatwoot';
import { AWAY_HEADER } from '../shared/awayMode';
import { conversationToken, keepOpenKey } from '../shared/cookies';
import type { HostApiMethod } from '../shared/hostApi';
import { sessionValue } from './cookies';
import { createLauncher } from './launcher';
import { loaderSettings, type HostSettings } from './settings';
import type { RuntimeModule } from './runtimeContext';

/** What `chatwootSDK.run` takes (docs/embedding.md#the-snippet). */
export interface RunOptions {
  websiteToken: string;
  baseUrl: string;
  /**
   * Wren: this widget's settings. Without them it reads `window.chatwootSettings`, and it is the
   * snippet's widget: the one `window.$chatwoot` names.
   */
  settings?: HostSettings;
}

declare global {
  interface Window {
    chatwootSettings?: HostSettings;
    chatwootSDK?: { run(options: RunOptions): Chatwoot };
    $chatwoot?: Chatwoot;
  }
}

/** The runtime's hashed file name under /packs, injected by build.mjs. */
declare const __WREN_RUNTIME__: string;

/** Runs `task` once the page has loaded and the main thread is idle, so it never competes with the host. */
function whenIdle(task: () => void): void {
  // Safari has no requestIdleCallback: a fixed delay stands in.
  const schedule = () => window.requestIdleCallback?.(task, { timeout: 4000 }) ?? setTimeout(task, 1500);
  if (document.readyState === 'complete') schedule();
  // The page's load event comes once.
  else addEventListener('load', schedule);
}

/**
 * `window.chatwootSDK.run` (docs/embedding.md#the-snippet): starts a widget and answers it.
 * Without `settings` it is the snippet's widget, `window.$chatwoot`, and a page runs one: the
 * snippet running again (Turbo's navigations re-run scripts) answers the one running. With
 * `settings` it is one more widget (docs/architecture.md#several-widgets-on-one-page), which its
 * caller keeps, as the npm package does. `importRuntime` exists for tests; the page always gets
 * the real dynamic import of the runtime's hashed file.
 */
export function run(
  { websiteToken, baseUrl, settings: own }: RunOptions,
  importRuntime = (url: string): Promise<RuntimeModule> => import(/* @vite-ignore */ url),
): Chatwoot {
  // The snippet's widget, once running, is `window.$chatwoot`; until then the recommended
  // snippet's stub (docs/embedding.md#the-recommended-snippet) queues its calls there in `q`.
  const stub = window.$chatwoot as (Chatwoot & { q?: HostCall[] }) | undefined;
  if (!own && stub && !stub.q) return stub;
  const base = new URL(baseUrl, location.href).href.replace(/\/$/, '');
  const runtimeUrl = `${base}/packs/${__WREN_RUNTIME__}`;
  const raw = own ?? window.chatwootSettings ?? {};
  const settings = loaderSettings(raw);
  // The one queue of host calls: the stub's array, taken over.
  const queue = (!own && stub?.q) || [];
  let loading: Promise<void> | undefined;
  let destroyed = false;

  const loadRuntime = () =>
    destroyed ||
    (loading ??= importRuntime(runtimeUrl)
      .then((module) => module.installRuntime({ chatwoot, launcher, settings, raw, queue }))
      .catch((error) => {
        // Blocked or offline: keep the bubble usable (a later click retries) and say so.
        loading = undefined;
        chatwoot.toggle('close');
        console.warn('Wren:', error);
        emit(chatwoot, 'chatwoot:error', { error: `${error}` });
      }));

  // Intent (hover, focus) loads the runtime, a static and cacheable file, so the click finds it
  // ready. It creates no frame and writes nothing: a hover is not a session.
  const launcher = createLauncher(settings, () => chatwoot.toggle(), loadRuntime, !own);
  const chatwoot = createChatwoot(
    websiteToken,
    base,
    settings,
    launcher,
    loadRuntime,
    () => {
      destroyed = true;
      if (!own) delete window.$chatwoot;
    },
    queue,
  );
  if (!own) window.$chatwoot = chatwoot;
  // `$chatwoot` works from this moment (calls queue for the frame), so sites that identify
  // the visitor on ready need not wait for a click.
  setTimeout(emit, 0, chatwoot, 'chatwoot:ready');
  // Then the stub's calls, in order, each in a task of its own: one that throws (bad arguments)
  // does so where a direct call would, and the others still run. (The methods use no `this`.)
  for (const [name, args] of queue.splice(0)) setTimeout(chatwoot[name as HostApiMethod] as (...a: unknown[]) => void, 0, ...args);
  // `keepOpen`: the chat was open on the page before this one (the runtime remembers it).
  if (raw.keepOpen && sessionValue(keepOpenKey(websiteToken))) chatwoot.toggle('open');
  // The launcher's words in a language but English come with the runtime (runtime/hostStrings.ts):
  // a site in another language loads it once the page is idle after its load (off the page's own
  // critical path), so the launcher's name is the visitor's language before anyone reaches for it,
  // not from the first hover (docs/embedding.md#what-loads-when).
  if (!(settings.locale || 'en').startsWith('en')) whenIdle(loadRuntime);
  whenIdle(async () => {
    if (destroyed) return;
    // A returning visitor's frame loads at once, and the widget tells whether the team is away;
    // their launcher stays, so they can always reach their conversation.
    if (settings.loadEagerly || conversationToken(websiteToken)) {
      chatwoot.preload();
      loadRuntime();
      return;
    }
    // The one request a first-time visitor's page view may make. No cookies go with it and
    // the server marks it public for a minute, so browsers and CDNs answer most page views
    // from cache (`cache: 'default'` is fetch's default). It also says whether the team is
    // away (docs/behaviour.md#away-mode). Only an inbox with campaigns costs the runtime file,
    // which then loads the frame if a campaign matches this page.
    try {
      const response = await fetch(`${base}/api/v1/widget/campaigns?website_token=${encodeURIComponent(websiteToken)}`, {
        credentials: 'omit',
      });
      const away = response.headers.get(AWAY_HEADER);
      // Hidden as `hideMessageBubble` hides it: `toggle('open')` still opens the chat.
      if (away === 'hide_launcher') launcher.toggleClass('hidden-bubble', true);
      // The page's first word on it (the widget's later ones go through `setTeamAvailability`).
      emit(chatwoot, 'chatwoot:team-availability', { available: (chatwoot.isTeamAvailable = !away) });
      const campaigns = await response.json();
      if (campaigns.length) {
        chatwoot.preload(campaigns);
        loadRuntime();
      }
    } catch {}
  });
  return chatwoot;
}

window.chatwootSDK = { run: (options) => run(options) };
