import { conversationToken, visitorCookies } from '../shared/cookies';
import {
  checkCustomAttributeKey,
  checkCustomAttributes,
  checkUser,
  type HostApi,
  type HostApiMethod,
  type HostEventName,
} from '../shared/hostApi';
import { openPopout } from '../shared/popout';
import type { HostUser } from '../shared/protocol';
import { removeCookie } from './cookies';
import type { Launcher } from './launcher';
import type { LoaderSettings } from './settings';

/**
 * A call waiting for the runtime, then for the frame: `[method, args]`, the shape the
 * recommended snippet's stub queues in `$chatwoot.q` (docs/embedding.md#the-recommended-snippet).
 */
export type HostCall = [method: string, args: unknown[]];

/** The runtime (`runtime/`) takes over calls once it has loaded; until then they wait in the queue. */
export interface Runtime {
  call(method: string, args: unknown[]): void;
}

/**
 * Fires a Chatwoot-compatible host event on `window` (docs/embedding.md#events). It
 * names the widget it comes from as `event.chatwoot`, for pages with several.
 */
export function emit(chatwoot: object, name: HostEventName, detail?: unknown): void {
  // `CustomEvent` makes an absent detail null, as Chatwoot's events carry it.
  dispatchEvent(Object.assign(new CustomEvent(name, { detail }), { chatwoot }));
}

/**
 * What the loader knows of whether the team can answer now, as `$chatwoot.isTeamAvailable` and
 * `chatwoot:team-availability` (when it changes): from the campaigns check's away header, then
 * from the widget.
 */
export function setTeamAvailability(chatwoot: { isTeamAvailable?: boolean }, available: boolean): void {
  if (chatwoot.isTeamAvailable !== available)
    emit(chatwoot, 'chatwoot:team-availability', { available: (chatwoot.isTeamAvailable = available) });
}

/**
 * Builds `window.$chatwoot`, the public API site owners program against (docs/embedding.md#windowchatwoot).
 * Every method hands its call to the runtime by its name, and the runtime does the work and
 * checks the arguments; Chatwoot's own checks run here too, so those calls throw where they
 * were made before anything has loaded, as Chatwoot's do. The few methods below also do what
 * cannot wait for the runtime. Until it has loaded, calls wait in `queue`, in order: the one
 * queue a call passes through (the snippet's stub fills the same array, and the runtime keeps
 * messages for a frame still loading there).
 */
export function createChatwoot(
  websiteToken: string,
  baseUrl: string,
  settings: LoaderSettings,
  launcher: Launcher,
  loadRuntime: () => void,
  /** Called by `destroy()`, once the widget has left the page. */
  onDestroy: () => void,
  queue: HostCall[] = [],
) {
  let runtime: Runtime | undefined;
  const call = (method: string, ...args: unknown[]) => (runtime ? runtime.call(method, args) : queue.push([method, args]));
  /**
   * Removes the visitor's cookies here and now, with their `baseDomain` copies, whether or not
   * the runtime ever loads on this page. (`keepOpen`'s key is the runtime's to remove: only a
   * page where the runtime ran writes it, and one that reads it reopens the chat, which loads it.)
   */
  const forget = () => {
    for (const name of visitorCookies(websiteToken)) removeCookie(name, settings.baseDomain);
  };

  /** A method the runtime does alone, after Chatwoot's check if it has one. */
  const forward =
    <M extends HostApiMethod>(method: M, check?: (arg: never) => void) =>
    (arg: Parameters<HostApi[M]>[0]) => {
      check?.(arg as never);
      call(method, arg);
    };

  const api = {
    // `settings` carries the site's own keys too (see `loaderSettings`).
    ...settings,
    baseUrl,
    websiteToken,
    hasLoaded: false,
    isOpen: false,
    // Chatwoot's `identifier` and `user`: set by the runtime's `setUser`, cleared by its `reset`;
    // Wren's `isTeamAvailable`: unknown until the campaigns check or the widget tells.
    ...({} as { identifier?: string | number; user?: HostUser; isTeamAvailable?: boolean }),

    toggle(state?: 'open' | 'close') {
      const open = state === 'open' ? true : state === 'close' ? false : !api.isOpen;
      if (open === api.isOpen) return;
      api.isOpen = open;
      launcher.toggleClass('open', open);
      if (open) loadRuntime();
      call('toggle', open);
      emit(api, `chatwoot:${open ? 'opened' : 'closed'}` as const);
    },
    // The loader's alone: the widget has nothing to draw differently without the bubble.
    toggleBubbleVisibility(visibility: 'hide' | 'show') {
      launcher.toggleClass('hidden-bubble', (api.hideMessageBubble = visibility === 'hide'));
    },
    popoutChatWindow() {
      api.toggle('close');
      // Opened here, synchronously, whether or not the runtime has loaded: popup blockers allow
      // a window only inside the click that asked for it. The window continues the visitor's
      // conversation by its cookie; a visitor without the cookie has not engaged, so has no
      // conversation to continue, even when a frame was loaded for them (a campaign).
      openPopout(baseUrl, websiteToken, api.locale, conversationToken(websiteToken), settings);
    },
    setUser(identifier: string | number, user: HostUser) {
      checkUser(identifier, user);
      call('setUser', identifier, user);
      // Identifying a visitor is the site's intent to start a session: load now, not on click.
      loadRuntime();
    },
    setCustomAttributes: forward('setCustomAttributes', checkCustomAttributes),
    deleteCustomAttribute: forward('deleteCustomAttribute', checkCustomAttributeKey),
    setConversationCustomAttributes: forward('setConversationCustomAttributes', checkCustomAttributes),
    deleteConversationCustomAttribute: forward('deleteConversationCustomAttribute', checkCustomAttributeKey),
    setLabel: forward('setLabel'),
    removeLabel: forward('removeLabel'),
    setLocale: forward('setLocale'),
    setColorScheme: forward('setColorScheme'),
    /**
     * Wren (like Intercom's): opens the conversation with `message` in the composer, for the
     * visitor to edit and send. Without a message it just opens the composer.
     */
    showNewMessage(message?: string) {
      call('showNewMessage', message);
      api.toggle('open');
    },
    prefillMessage(message: string) {
      api.showNewMessage(message);
    },
    /** Loads the runtime, which loads the frame hidden if need be: the chat stays as it is. */
    sendMessage(message: string) {
      call('sendMessage', message);
      loadRuntime();
    },
    setConsent(granted: boolean) {
      if (granted === false) forget();
      call('setConsent', granted);
    },
    reset() {
      api.toggle('close');
      forget();
      queue.length = 0;
      call('reset');
    },
    /**
     * Wren only (sites asked for a way to remove the widget): removes the launcher, the frame and
     * the loader's listeners; `onDestroy` forgets the widget (`window.$chatwoot`, for the
     * snippet's), so `chatwootSDK.run` can start it over. Cookies stay; use `reset()` first to
     * forget the visitor.
     */
    destroy() {
      call('destroy');
      launcher.remove();
      onDestroy();
    },
    /**
     * Loads the chat frame without opening it: at once (returning visitors, `loadEagerly`), or,
     * given the inbox's campaigns, only if one of them matches the page.
     */
    preload: (...campaigns: unknown[]) => call('preload', ...campaigns),
    /** Hands calls over to the loaded runtime, which takes over the queue. */
    attach(loaded: Runtime) {
      runtime = loaded;
    },
  };
  return api satisfies HostApi;
}

export type Chatwoot = ReturnType<typeof createChatwoot>;
