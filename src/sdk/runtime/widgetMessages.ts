import type { HostApi } from '../../shared/hostApi';
import type { HostToWidget } from '../../shared/protocol';

/** The `$chatwoot` calls the widget answers by itself, and the runtime only passes on. */
type Forwarded = keyof Pick<
  HostApi,
  | 'setCustomAttributes'
  | 'deleteCustomAttribute'
  | 'setConversationCustomAttributes'
  | 'deleteConversationCustomAttribute'
  | 'setLabel'
  | 'removeLabel'
  | 'showNewMessage'
>;

/** A host → widget message's name, and the one field of its payload the call's argument fills. */
type MessageField = { [K in keyof HostToWidget]: readonly [K, keyof HostToWidget[K]] }[keyof HostToWidget];

/**
 * What each passed-on call says to the widget (docs/protocol.md#host-to-widget): the message and
 * the field its argument goes in. Here rather than in sdk.js, which every page view pays for:
 * sdk.js checks the argument and queues the call by its method's name.
 */
export const WIDGET_MESSAGES: Record<Forwarded, MessageField> = {
  setCustomAttributes: ['set-custom-attributes', 'customAttributes'],
  deleteCustomAttribute: ['delete-custom-attribute', 'customAttribute'],
  setConversationCustomAttributes: ['set-conversation-custom-attributes', 'customAttributes'],
  deleteConversationCustomAttribute: ['delete-conversation-custom-attribute', 'customAttribute'],
  setLabel: ['set-label', 'label'],
  removeLabel: ['remove-label', 'label'],
  showNewMessage: ['show-new-message', 'message'],
};
