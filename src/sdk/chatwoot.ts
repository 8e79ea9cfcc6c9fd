import { CONVERSATION_COOKIE } from '../shared/cookies';
import { LOCALE_PATTERN } from '../shared/locales';
import { openPopout } from '../shared/popout';
import type { HostUser } from '../shared/protocol';
import { getCookie, removeCookie } from './cookies';
import type { Launcher } from './launcher';
import { colorScheme, type LoaderSettings } from './settings';

/** The runtime (`runtime/`) takes over calls once it has loaded; until then they queue. */
export interface Runtime {
  call(method: string, args: unknown[]): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

function requireObject(value: unknown): void {
  if (!isObject(value)) throw Error('Custom attributes should have at least one key');
}

function requireKey(value: unknown): void {
  if (!value || typeof value !== 'string') throw Error('Custom attribute is required');
}

/** Fires a Chatwoot-compatible host event on `window` (docs/protocol.md#host-window-events). */
export function emit(name: string, detail: unknown = null): void {
  dispatchEvent(new CustomEvent(name, { detail }));
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
) {
  let runtime: Runtime | undefined;
  const queue: [string, unknown[]][] = [];
  const call = (method: string, ...args: unknown[]) => (runtime ? runtime.call(method, args) : queue.push([method, args]));

  const api = {
    // `settings` carries the site's own keys too (see `loaderSettings`).
    ...settings,
    baseUrl,
    websiteToken,
    hasLoaded: false,
    isOpen: false,
    resetTriggered: false,
    // Chatwoot's `identifier` and `user`: set by the runtime's `setUser`, cleared by its `reset`.
    ...({} as { identifier?: string | number; user?: HostUser }),

    toggle(state?: unknown) {
      const open = state === 'open' ? true : state === 'close' ? false : !api.isOpen;
      if (open === api.isOpen) return;
      api.isOpen = open;
      launcher.toggleClass('open', open);
      if (open) loadRuntime();
      // Focus returns to the launcher only when the visitor was inside the chat, with its focus
      // ring: they left with the keyboard (Escape) or must see where focus went.
      else if (launcher.shadow.activeElement) launcher.bubble.focus({ focusVisible: true } as FocusOptions);
      call('toggle', open);
      emit(`chatwoot:${open ? 'opened' : 'closed'}`);
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
      openPopout(baseUrl, websiteToken, api.locale, getCookie(CONVERSATION_COOKIE));
    },
    setUser(identifier: string | number, user: HostUser) {
      if (typeof identifier !== 'string' && typeof identifier !== 'number') throw Error('Identifier should be a string or a number');
      if (!user || !['avatar_url', 'email', 'name'].some((key) => key in user)) {
        throw Error('User object should have one of the keys [avatar_url, email, name]');
      }
      call('setUser', identifier, user);
      // Identifying a visitor is the site's intent to start a session: load now, not on click.
      loadRuntime();
    },
    setCustomAttributes(customAttributes: Record<string, unknown>) {
      requireObject(customAttributes);
      call('set-custom-attributes', { customAttributes });
    },
    deleteCustomAttribute(customAttribute: string) {
      requireKey(customAttribute);
      call('delete-custom-attribute', { customAttribute });
    },
    setConversationCustomAttributes(customAttributes: Record<string, unknown>) {
      requireObject(customAttributes);
      call('set-conversation-custom-attributes', { customAttributes });
    },
    deleteConversationCustomAttribute(customAttribute: string) {
      requireKey(customAttribute);
      call('delete-conversation-custom-attribute', { customAttribute });
    },
    setLabel: (label = '') => call('set-label', { label }),
    removeLabel: (label = '') => call('remove-label', { label }),
    setLocale(locale: unknown = 'en') {
      if (!LOCALE_PATTERN.test(locale as string)) throw Error(`Unsupported locale: ${locale}`);
      api.locale = locale as string;
      call('set-locale', { locale: api.locale });
    },
    setColorScheme(mode: unknown = 'light') {
      api.darkMode = colorScheme(mode);
      call('set-color-scheme', { darkMode: api.darkMode });
    },
    /**
     * Wren (like Intercom's): opens the conversation with `message` in the composer, for the
     * visitor to edit and send. Without a message it just opens the composer.
     */
    showNewMessage(message: unknown = '') {
      if (typeof message !== 'string') throw Error('Message should be a string');
      call('show-new-message', { message });
      api.toggle('open');
    },
    reset() {
      api.toggle('close');
      removeCookie(CONVERSATION_COOKIE, settings.baseDomain);
      removeCookie(`cw_user_${websiteToken}`, settings.baseDomain);
      api.resetTriggered = true;
      queue.length = 0;
      call('reset');
    },
    /**
     * Wren only (sites asked for a way to remove the widget): removes the launcher, the frame and the loader's listeners and
     * deletes `window.$chatwoot`, so `chatwootSDK.run` can start over. Cookies stay; use
     * `reset()` first to forget the visitor.
     */
    destroy() {
      call('destroy');
      launcher.remove();
      delete window.$chatwoot;
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
  return api;
}

export type Chatwoot = ReturnType<typeof createChatwoot>;
