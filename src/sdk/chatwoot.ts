import { conversationCookie, conversationToken, LEGACY_CONVERSATION_COOKIE, userCookie } from '../shared/cookies';
import {
  checkCustomAttributeKey,
  checkCustomAttributes,
  checkLocale,
  checkNewMessage,
  checkUser,
  type HostApi,
  type HostApiMethod,
  type HostEventName,
} from '../shared/hostApi';
import { openPopout } from '../shared/popout';
import type { HostUser } from '../shared/protocol';
import { removeCookie } from './cookies';
import type { Launcher } from './launcher';
import { colorScheme, type LoaderSettings } from './settings';

/** The runtime (`runtime/`) takes over calls once it has loaded; until then they queue. */
export interface Runtime {
  call(method: string, args: unknown[]): void;
}

/**
 * Fires a Chatwoot-compatible host event on `window` (docs/protocol.md#host-window-events). It
 * names the widget it comes from as `event.chatwoot`, for pages with several.
 */
export function emit(chatwoot: object, name: HostEventName, detail?: unknown): void {
  // `CustomEvent` makes an absent detail null, as Chatwoot's events carry it.
  dispatchEvent(Object.assign(new CustomEvent(name, { detail }), { chatwoot }));
}

/**
 * Builds `window.$chatwoot`, the public API site owners program against (docs/protocol.md#the-host-api).
 * Arguments are validated here, synchronously, so a bad call throws where it was made; the
 * work itself is done by the runtime, and calls made before it exists are queued in order.
 */
export function createChatwoot(
  websiteToken: string,
  baseUrl: string,
  settings: LoaderSettings,
  launcher: Launcher,
  loadRuntime: () => void,
  /** Called by `destroy()`, once the widget has left the page. */
  onDestroy: () => void,
) {
  let runtime: Runtime | undefined;
  const queue: [string, unknown[]][] = [];
  const call = (method: string, ...args: unknown[]) => (runtime ? runtime.call(method, args) : queue.push([method, args]));
  /** A method whose argument is checked here, at the call, and handed to the runtime as it is. */
  const forward =
    <M extends HostApiMethod>(method: M, check?: (arg: unknown) => void) =>
    (arg: Parameters<HostApi[M]>[0]) => {
      check?.(arg);
      call(method, arg);
    };

  const api = {
    // `settings` carries the site's own keys too (see `loaderSettings`).
    ...settings,
    baseUrl,
    websiteToken,
    hasLoaded: false,
    isOpen: false,
    // Chatwoot's `identifier` and `user`: set by the runtime's `setUser`, cleared by its `reset`.
    ...({} as { identifier?: string | number; user?: HostUser }),

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
      openPopout(baseUrl, websiteToken, api.locale, conversationToken(websiteToken));
    },
    setUser(identifier: string | number, user: HostUser) {
      checkUser(identifier, user);
      call('setUser', identifier, user);
      // Identifying a visitor is the site's intent to start a session: load now, not on click.
      loadRuntime();
    },
    // The runtime turns these into the widget's messages (runtime/widgetMessages.ts).
    setCustomAttributes: forward('setCustomAttributes', checkCustomAttributes),
    deleteCustomAttribute: forward('deleteCustomAttribute', checkCustomAttributeKey),
    setConversationCustomAttributes: forward('setConversationCustomAttributes', checkCustomAttributes),
    deleteConversationCustomAttribute: forward('deleteConversationCustomAttribute', checkCustomAttributeKey),
    setLabel: forward('setLabel'),
    removeLabel: forward('removeLabel'),
    setLocale(locale?: string) {
      call('setLocale', (api.locale = checkLocale(locale)));
    },
    setColorScheme(mode?: string) {
      call('setColorScheme', (api.darkMode = colorScheme(mode)));
    },
    /**
     * Wren (like Intercom's): opens the conversation with `message` in the composer, for the
     * visitor to edit and send. Without a message it just opens the composer.
     */
    showNewMessage(message?: string) {
      call('showNewMessage', checkNewMessage(message));
      api.toggle('open');
    },
    reset() {
      api.toggle('close');
      for (const name of [conversationCookie(websiteToken), LEGACY_CONVERSATION_COOKIE, userCookie(websiteToken)])
        removeCookie(name, settings.baseDomain);
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
    /** Hands calls over to the loaded runtime and replays the queue, in order. */
    attach(loaded: Runtime) {
      runtime = loaded;
      for (const [method, args] of queue.splice(0)) loaded.call(method, args);
    },
  };
  return api satisfies HostApi;
}

export type Chatwoot = ReturnType<typeof createChatwoot>;
