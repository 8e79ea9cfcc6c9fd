import type { HostSettings } from '../shared/hostApi';
import type { ColorScheme, WidgetSettings } from '../shared/protocol';

export type { HostSettings };

/** What the loader itself needs to paint and run, normalised as Chatwoot does. */
export interface LoaderSettings {
  position: 'left' | 'right';
  type: 'standard' | 'expanded_bubble';
  launcherTitle?: string;
  hideMessageBubble: boolean;
  widgetStyle: 'standard' | 'flat';
  /** As the site wrote them until the runtime loads, which puts in the normalised ones (`widgetSettings`). */
  darkMode?: ColorScheme;
  locale?: string;
  baseDomain?: string;
  widgetColor?: string;
  loadEagerly?: boolean;
  /** Riding along for `popoutChatWindow`, which runs before the runtime has loaded. */
  consent?: HostSettings['consent'];
  storage?: HostSettings['storage'];
}

/** Normalises a colour-scheme value the way Chatwoot does: anything unknown is light. */
export function colorScheme(value: unknown): ColorScheme {
  return value === 'dark' || value === 'auto' ? value : 'light';
}

/**
 * Reads the settings the launcher needs; the rest, the colour scheme and the locale too, are
 * read by the runtime when it loads. The site's other keys ride along unchanged (cheaper than
 * copying the few the loader uses).
 */
export function loaderSettings(raw: HostSettings = {}): LoaderSettings {
  return {
    ...raw,
    position: raw.position === 'left' ? 'left' : 'right',
    type: raw.type === 'expanded_bubble' ? 'expanded_bubble' : 'standard',
    hideMessageBubble: !!raw.hideMessageBubble,
    widgetStyle: raw.widgetStyle === 'flat' ? 'flat' : 'standard',
  };
}

/**
 * The settings the widget receives in `config-set`, with Chatwoot's defaults (docs/protocol.md#host-to-widget).
 * They are `DEFAULT_WIDGET_SETTINGS` of `src/shared/widgetSettings.ts` spelled out, because
 * reading them from there costs the runtime 100 bytes; a test holds the two equal.
 */
export function widgetSettings(raw: HostSettings, loader: LoaderSettings): WidgetSettings {
  return {
    locale: (raw.useBrowserLanguage && navigator.language.replace('-', '_')) || raw.locale,
    position: loader.position,
    showPopoutButton: !!raw.showPopoutButton,
    showUnreadMessagesDialog: raw.showUnreadMessagesDialog !== false,
    widgetStyle: loader.widgetStyle,
    darkMode: colorScheme(raw.darkMode),
    welcomeTitle: raw.welcomeTitle || '',
    welcomeDescription: raw.welcomeDescription || '',
    availableMessage: raw.availableMessage || '',
    unavailableMessage: raw.unavailableMessage || '',
    enableFileUpload: raw.enableFileUpload,
    enableEmojiPicker: raw.enableEmojiPicker !== false,
    enableEndConversation: raw.enableEndConversation !== false,
    // What the settings alone say; the runtime puts in what it knows of this visitor's answer.
    consent: raw.consent === 'required' ? 'ask' : 'granted',
    consentDeclined: raw.consentDeclined === 'none' ? 'none' : 'session',
    storage: raw.storage === 'session' ? 'session' : 'persistent',
  };
}
