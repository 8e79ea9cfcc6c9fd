/**
 * The host ↔ widget postMessage protocol, shared by the loader's runtime (`src/sdk/runtime`) and
 * the widget (`src/widget`) so the two cannot drift. The loader's first file, `sdk.js`,
 * only imports the payload types.
 *
 * Wire format (Chatwoot-compatible, docs/protocol.md#framing): every message is a string,
 * `"chatwoot-widget:" + JSON.stringify({ event, ...payload })`. React Native web views use
 * `type` instead of `event` (docs/protocol.md#mobile-web-views).
 */

export const MESSAGE_PREFIX = 'chatwoot-widget:';

/** Settings the host forwards to the widget in `config-set` (docs/protocol.md#host-to-widget). */
export interface WidgetSettings {
  locale?: string;
  position: 'left' | 'right';
  showPopoutButton: boolean;
  showUnreadMessagesDialog: boolean;
  widgetStyle: 'standard' | 'flat';
  darkMode: ColorScheme;
  campaignsSnoozedTill?: number;
  welcomeTitle: string;
  welcomeDescription: string;
  availableMessage: string;
  unavailableMessage: string;
  enableFileUpload?: boolean;
  enableEmojiPicker: boolean;
  enableEndConversation: boolean;
  /**
   * Wren: what the loader knows of the visitor's consent to storage (docs/behaviour.md#consent):
   * `granted` when the site does not require it or it was given; `ask` until it is; `declined`
   * after a Decline on this page.
   */
  consent: ConsentState;
  /** Wren: what a Decline leaves: the chat in memory for this page (`session`), or none. */
  consentDeclined: 'session' | 'none';
  /** Wren: `session` keeps nothing beyond memory in the frame (and session cookies on the host). */
  storage: 'persistent' | 'session';
  /**
   * Wren: the visitor's unsent messages the loader keeps for this inbox in the host page's own
   * storage, by key (docs/behaviour.md#the-outbox-across-pages). Present when the loader keeps them,
   * as a cross-site frame may have no storage of its own; empty until storage is allowed.
   */
  outbox?: Record<string, string>;
}

export type ConsentState = 'granted' | 'ask' | 'declined';

export type ColorScheme = 'light' | 'dark' | 'auto';

/** The visitor identity the host passes to `setUser` (docs/embedding.md#windowchatwoot). */
export interface HostUser {
  email?: string;
  name?: string;
  avatar_url?: string;
  identifier_hash?: string;
  phone_number?: string;
  company_name?: string;
  city?: string;
  country_code?: string;
  description?: string;
  social_profiles?: Record<string, string>;
  custom_attributes?: Record<string, unknown>;
}

/** Host → widget messages, keyed by event name. */
export interface HostToWidget {
  'config-set': WidgetSettings;
  'set-user': { identifier: string | number; user: HostUser };
  'set-custom-attributes': { customAttributes: Record<string, unknown> };
  'delete-custom-attribute': { customAttribute: string };
  'set-conversation-custom-attributes': { customAttributes: Record<string, unknown> };
  'delete-conversation-custom-attribute': { customAttribute: string };
  'set-label': { label: string };
  'remove-label': { label: string };
  'set-locale': { locale: string };
  'set-color-scheme': { darkMode: ColorScheme };
  /**
   * `focusVisible` (Wren): present when the visitor opened the chat from the launcher, whose focus
   * moves into the frame; true when by keyboard, so the control focused there shows its ring.
   */
  'toggle-open': { isOpen: boolean; focusVisible?: boolean };
  'push-event': { eventName: string };
  'change-url': { referrerURL: string; referrerHost: string };
  'toggle-close-button': { isMobile: boolean };
  /** Wren: `$chatwoot.showNewMessage(message)`: the conversation with `message` in the composer. */
  'show-new-message': { message: string };
  /**
   * Wren: `$chatwoot.setConsent(granted)`. On false the widget forgets everything it stored in
   * the frame, closes its socket and behaves as declined (docs/behaviour.md#consent).
   */
  'set-consent': { granted: boolean };
  /** Wren: `$chatwoot.sendMessage(message)`: sent as the visitor, through the outbox; the chat stays as it is. */
  'send-message': { message: string };
}

/** Widget → host messages, keyed by event name. */
export interface WidgetToHost {
  loaded: { config: { authToken: string; channelConfig: { widgetColor?: string } & Record<string, unknown> } };
  error: { errorType?: string; data: unknown };
  onEvent: { eventIdentifier: string; data: unknown };
  /** The launcher's label in the widget's language, and (Wren) that language, for the launcher's other strings. */
  setBubbleLabel: { label: string; locale?: string };
  setAuthCookie: { data: { widgetAuthToken: string } };
  setCampaignReadOn: Record<string, never>;
  postback: { data: { payload: unknown } };
  toggleBubble: Record<string, never>;
  closeWindow: Record<string, never>;
  closeChat: Record<string, never>;
  updateIframeHeight: { isFixedHeight: boolean; extraHeight?: number };
  setUnreadMode: Record<string, never>;
  /**
   * Wren: like `setUnreadMode`, for a campaign prompt (Chatwoot reuses `setUnreadMode`). Kept
   * apart because the host ignores `setUnreadMode` when the site set
   * `showUnreadMessagesDialog: false`, and that setting must not silence campaigns.
   */
  setCampaignMode: Record<string, never>;
  resetUnreadMode: Record<string, never>;
  handleNotificationDot: { unreadMessageCount: number };
  playAudio: Record<string, never>;
  popoutChatWindow: { baseUrl: string; websiteToken: string; locale: string };
  /** Wren: the visitor pressed Accept (true) or Decline (false) on the consent screen. */
  consent: { granted: boolean };
  /** Wren: whether anyone can answer now, when the widget learns it (data block, presence). */
  'team-availability': { available: boolean };
  /** Wren: keep one of the outbox's entries in the host page's storage (`value`), or forget it (none). */
  outbox: { key: string; value?: string };
}

export type Envelope<M, K extends keyof M = keyof M> = { event: K } & M[K];

/** A widget → host message as the loader's frame bridge delivers it: any one of `WidgetToHost`. */
export type FrameMessage = { [K in keyof WidgetToHost]: Envelope<WidgetToHost, K> }[keyof WidgetToHost];

/** Host window events (`CustomEvent` on `window`, docs/embedding.md#events). */
export const HOST_WINDOW_EVENTS = {
  ready: 'chatwoot:ready',
  error: 'chatwoot:error',
  opened: 'chatwoot:opened',
  closed: 'chatwoot:closed',
  onMessage: 'chatwoot:on-message',
  onStartConversation: 'chatwoot:on-start-conversation',
  postback: 'chatwoot:postback',
  /** Wren: the number of unread agent messages changed (detail: the count). */
  unreadCount: 'chatwoot:unread-count',
  /** Wren: the visitor's conversation was resolved, by them or an agent (detail: `{ conversationId }`). */
  conversationResolved: 'chatwoot:conversation-resolved',
  /** Wren: whether the team can answer now changed, or became known (detail: `{ available }`). */
  teamAvailability: 'chatwoot:team-availability',
} as const;

/** Frames the widget sends to a React Native host (docs/protocol.md#popout). */
export type NativeBridgeMessage =
  | { type: 'loaded'; config: WidgetToHost['loaded']['config'] }
  | { type: 'auth-token'; value: string }
  | { type: 'close-widget' };

/** Serialises one protocol message for `postMessage`. */
export function encodeMessage<M, K extends keyof M & string>(event: K, payload: M[K]): string {
  return MESSAGE_PREFIX + JSON.stringify({ ...payload, event });
}

/**
 * Parses a `postMessage` payload. Returns null for anything that is not a string with the
 * protocol prefix and a JSON object carrying a string `event` (or RN `type`): foreign
 * messages on a shared window are normal and must be ignored quietly.
 */
export function decodeMessage(data: unknown): ({ event: string } & Record<string, unknown>) | null {
  if (typeof data !== 'string' || !data.startsWith(MESSAGE_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(data.slice(MESSAGE_PREFIX.length));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const record = parsed as Record<string, unknown>;
    const event = record.event ?? record.type;
    return typeof event === 'string' ? { ...record, event } : null;
  } catch {
    return null;
  }
}
