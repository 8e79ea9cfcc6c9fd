/**
 * The host API as one list (docs/embedding.md#windowchatwoot): the methods of `window.$chatwoot`,
 * their signatures and their argument checks. The recommended snippet's stub, `sdk.js` and the
 * npm package (`packages/wren-chat`) all take their methods from here, so a method added to
 * `HostApi` fails `tsc` in each until it is handled; none of them keeps a list of its own.
 */
import type { RealtimeMessage } from './cable';
import { LOCALE_PATTERN } from './locales';
import type { ColorScheme, HOST_WINDOW_EVENTS, HostUser } from './protocol';

/** What a site may call on a widget: `window.$chatwoot`, or a handle of the npm package. */
export interface HostApi {
  /** Opens (`"open"`), closes (`"close"`) or flips the chat window. */
  toggle(state?: 'open' | 'close'): void;
  /** Hides or shows the launcher (the chat still opens with `toggle`). */
  toggleBubbleVisibility(visibility: 'hide' | 'show'): void;
  /** Opens the chat in a window of its own; call it inside a click (popup blockers). */
  popoutChatWindow(): void;
  /** Identifies the visitor; loads the chat frame at once. */
  setUser(identifier: string | number, user: HostUser): void;
  setCustomAttributes(customAttributes: Record<string, unknown>): void;
  deleteCustomAttribute(customAttribute: string): void;
  /** Waits for the visitor's conversation when they have none yet. */
  setConversationCustomAttributes(customAttributes: Record<string, unknown>): void;
  deleteConversationCustomAttribute(customAttribute: string): void;
  setLabel(label: string): void;
  removeLabel(label: string): void;
  /** One of the 39 interface locales or its language part (`fr`, `fr_CA`, `pt-BR`). */
  setLocale(locale: string): void;
  setColorScheme(mode: ColorScheme): void;
  /** Wren: opens the conversation with `message` in the composer, for the visitor to send. */
  showNewMessage(message?: string): void;
  /** Wren: opens the chat with `message` in the composer, not sent (the same as `showNewMessage`). */
  prefillMessage(message: string): void;
  /** Wren: sends `message` as the visitor, without opening the chat; they see it when they open it. */
  sendMessage(message: string): void;
  /**
   * Wren: the site's consent tool grants (true) or withdraws (false) consent to storage
   * (docs/behaviour.md#consent); withdrawal deletes what Wren stored.
   */
  setConsent(granted: boolean): void;
  /** Forgets the visitor: the next open starts a new anonymous session. */
  reset(): void;
  /** Wren: removes the launcher, the chat frame and their listeners (cookies stay: `reset()` first to forget the visitor). */
  destroy(): void;
}

export type HostApiMethod = keyof HostApi;

/** A host window event's name (`HOST_WINDOW_EVENTS` in src/shared/protocol.ts). */
export type HostEventName = (typeof HOST_WINDOW_EVENTS)[keyof typeof HOST_WINDOW_EVENTS];

/** What each host window event carries in `detail` (docs/embedding.md#events). */
interface EventDetails {
  'chatwoot:ready': null;
  /** The widget's error answer (e.g. a refused `setUser`), or `{ error }` when the chat cannot load. */
  'chatwoot:error': { error?: string } & Record<string, unknown>;
  'chatwoot:opened': null;
  'chatwoot:closed': null;
  /** A message that reached the widget, or a visitor's answer to an interactive message. */
  'chatwoot:on-message': RealtimeMessage;
  'chatwoot:on-start-conversation': { hasConversation: boolean };
  'chatwoot:postback': { event: 'postback'; data: { payload: unknown } };
  /** The number of unread agent messages. */
  'chatwoot:unread-count': number;
  'chatwoot:conversation-resolved': { conversationId: number };
  'chatwoot:team-availability': { available: boolean };
}

/** Each event's `detail`, for every event of `HOST_WINDOW_EVENTS`: an event without one fails `tsc` here. */
export type HostEventDetail = { [E in HostEventName]: EventDetails[E] };

/** A widget's settings: `window.chatwootSettings` as a site owner writes it (docs/embedding.md#windowchatwootsettings), or a handle's options in the npm package. */
export interface HostSettings {
  position?: 'left' | 'right';
  type?: 'standard' | 'expanded_bubble';
  launcherTitle?: string;
  locale?: string;
  useBrowserLanguage?: boolean;
  hideMessageBubble?: boolean;
  showPopoutButton?: boolean;
  showUnreadMessagesDialog?: boolean;
  widgetStyle?: 'standard' | 'flat';
  darkMode?: ColorScheme;
  baseDomain?: string;
  welcomeTitle?: string;
  welcomeDescription?: string;
  availableMessage?: string;
  unavailableMessage?: string;
  enableFileUpload?: boolean;
  enableEmojiPicker?: boolean;
  enableEndConversation?: boolean;
  /** Wren: the launcher colour before the inbox's own colour is known (avoids a colour flash). */
  widgetColor?: string;
  /** Wren: load the chat frame as soon as the page is idle instead of on first intent. */
  loadEagerly?: boolean;
  /**
   * Wren: `required` stores nothing (no cookie, no storage in the frame) until the visitor
   * accepts in the widget or the site calls `setConsent(true)` (docs/behaviour.md#consent).
   */
  consent?: 'required';
  /** Wren: after a Decline, a chat kept in memory for this page (`session`, the default) or none. */
  consentDeclined?: 'session' | 'none';
  /** Wren: `session` keeps no persistent identifier: session cookies, nothing stored in the frame. */
  storage?: 'persistent' | 'session';
  /** Wren: reopen the chat after a reload or navigation if it was open. */
  keepOpen?: boolean;
}

/** Every method once, in the order the docs list them; `satisfies` keeps it equal to `HostApi`. */
const METHODS = {
  toggle: 1,
  toggleBubbleVisibility: 1,
  popoutChatWindow: 1,
  setUser: 1,
  setCustomAttributes: 1,
  deleteCustomAttribute: 1,
  setConversationCustomAttributes: 1,
  deleteConversationCustomAttribute: 1,
  setLabel: 1,
  removeLabel: 1,
  setLocale: 1,
  setColorScheme: 1,
  showNewMessage: 1,
  prefillMessage: 1,
  sendMessage: 1,
  setConsent: 1,
  reset: 1,
  destroy: 1,
} satisfies Record<HostApiMethod, 1>;

/** The host API's method names. */
export const HOST_API_METHODS = /* @__PURE__ */ Object.keys(METHODS) as HostApiMethod[];

/*
 * The argument checks, with Chatwoot's messages (Wren's own for its own methods).
 */

/**
 * Chatwoot's argument checks, by method: they throw at the call, before anything has loaded, as
 * Chatwoot's do. `sdk.js` runs them in its methods; every page view pays for them.
 */
export const CHATWOOT_CHECKS = {
  setUser: checkUser,
  setCustomAttributes: checkCustomAttributes,
  setConversationCustomAttributes: checkCustomAttributes,
  deleteCustomAttribute: checkCustomAttributeKey,
  deleteConversationCustomAttribute: checkCustomAttributeKey,
} satisfies Checks;

/**
 * Wren's stricter checks, for its own methods and Chatwoot's `setLocale`: the loader's runtime
 * runs them (at the call once it has loaded; for a call made before, when it takes the call
 * from the queue), to keep them out of `sdk.js`.
 */
export const WREN_CHECKS = {
  setLocale: checkLocale,
  showNewMessage: checkNewMessage,
  prefillMessage: checkNewMessage,
  sendMessage: checkSentMessage,
  setConsent: checkConsent,
} satisfies Checks;

/** Every check, by method: the npm package runs them all at the call. */
export const HOST_API_CHECKS: Checks = /* @__PURE__ */ Object.assign({}, CHATWOOT_CHECKS, WREN_CHECKS);

type Checks = { [M in HostApiMethod]?: (...args: Parameters<HostApi[M]>) => unknown };

const isFilledObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

export function checkCustomAttributes(value: unknown): void {
  if (!isFilledObject(value)) throw Error('Custom attributes should have at least one key');
}

export function checkCustomAttributeKey(value: unknown): void {
  if (!value || typeof value !== 'string') throw Error('Custom attribute is required');
}

export function checkUser(identifier: unknown, user: unknown): void {
  if (typeof identifier !== 'string' && typeof identifier !== 'number') throw Error('Identifier should be a string or a number');
  if (!user || !['avatar_url', 'email', 'name'].some((key) => key in (user as object))) {
    throw Error('User object should have one of the keys [avatar_url, email, name]');
  }
}

/** Answers the locale (English when none is given), or throws for one Wren does not speak. */
export function checkLocale(locale: unknown = 'en'): string {
  if (!LOCALE_PATTERN.test(locale as string)) throw Error(`Unsupported locale: ${locale}`);
  return locale as string;
}

/** Answers the message (empty when none is given), or throws for anything but text. */
export function checkNewMessage(message: unknown = ''): string {
  if (typeof message !== 'string') throw Error('Message should be a string');
  return message;
}

/** Throws unless the message is text with something in it: an empty message is not sent. */
export function checkSentMessage(message: unknown): void {
  if (!checkNewMessage(message).trim()) throw Error('Message should not be empty');
}

/** Throws for anything but true or false: a consent tool's mistake must not read as a grant. */
export function checkConsent(granted: unknown): void {
  if (typeof granted !== 'boolean') throw Error('Consent should be true or false');
}
