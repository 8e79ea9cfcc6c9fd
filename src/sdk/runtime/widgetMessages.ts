import type { HostApi } from '../../shared/hostApi';
import type { HostToWidget } from '../../shared/protocol';

/** The `$chatwoot` calls the widget answers by itself, and the runtime only passes on. */
type Forwarded =
  | 'setCustomAttributes'
  | 'deleteCustomAttribute'
  | 'setConversationCustomAttributes'
  | 'deleteConversationCustomAttribute'
  | 'setLabel'
  | 'removeLabel'
  | 'setColorScheme'
  | 'showNewMessage';

/** A host → widget message, as `send` takes it. */
type WidgetMessage = { [K in keyof HostToWidget]: [K, HostToWidget[K]] }[keyof HostToWidget];

/**
 * What each passed-on call says to the widget (docs/protocol.md#host-to-widget). Here rather than
 * in sdk.js, which every page view pays for: sdk.js checks the argument and queues the call by
 * its method's name.
 */
export const WIDGET_MESSAGES: { [M in Forwarded]: (arg: Parameters<HostApi[M]>[0]) => WidgetMessage } = {
  setCustomAttributes: (customAttributes) => ['set-custom-attributes', { customAttributes }],
  deleteCustomAttribute: (customAttribute) => ['delete-custom-attribute', { customAttribute }],
  setConversationCustomAttributes: (customAttributes) => ['set-conversation-custom-attributes', { customAttributes }],
  deleteConversationCustomAttribute: (customAttribute) => ['delete-conversation-custom-attribute', { customAttribute }],
  setLabel: (label = '') => ['set-label', { label }],
  removeLabel: (label = '') => ['remove-label', { label }],
  setColorScheme: (darkMode) => ['set-color-scheme', { darkMode }],
  showNewMessage: (message = '') => ['show-new-message', { message }],
};
