import type { WidgetSettings } from './protocol';

/**
 * Chatwoot's defaults for every setting a site may leave out of `window.chatwootSettings`: the
 * loader runtime fills them in before `config-set`, and the widget starts from them until
 * `config-set` arrives (or for good in a popout, which gets none).
 */
export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  position: 'right',
  showPopoutButton: false,
  showUnreadMessagesDialog: true,
  widgetStyle: 'standard',
  darkMode: 'light',
  welcomeTitle: '',
  welcomeDescription: '',
  availableMessage: '',
  unavailableMessage: '',
  enableEmojiPicker: true,
  enableEndConversation: true,
  consent: 'granted',
  consentDeclined: 'session',
  storage: 'persistent',
};
