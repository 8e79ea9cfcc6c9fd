import type { HostToWidget } from '../../shared/protocol';
import * as endpoints from '../api/endpoints';
import * as siteCallEndpoints from '../api/siteCallEndpoints';
import type { WidgetState } from './widget';

/**
 * What the site asks of the widget that the first paint never needs, so it waits for a chunk of
 * its own: its consent tool, `sendMessage`, and its calls on the contact's and the
 * conversation's custom attributes and labels. A table entry in `hostActions.ts` loads this.
 */

/** Ends or deletes something kept for the visitor (`WidgetState['forgets']`). */
type Forget = WidgetState['forgets'][number];

/** Every key and database the widget writes in the frame starts with this (docs/embedding.md#cookies-and-storage). */
export const FRAME_STORAGE_PREFIX = 'wren';

const quietly = <T>(get: () => T): T | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

/**
 * Deletes everything the widget stored in the frame (docs/behaviour.md#consent): its keys in
 * `localStorage` and `sessionStorage`, its IndexedDB databases, and what the parts that keep
 * something added to `forgets` (first: the persistent outbox closes its database, so deleting
 * it is not blocked; the socket ends).
 * By name, so a store this page never loaded (the outbox of an earlier visit) goes too.
 */
export async function forgetStoredData(forgets: Iterable<Forget>, frame: Window = window): Promise<void> {
  await Promise.allSettled([...forgets].map(async (forget) => forget()));
  for (const store of [quietly(() => frame.localStorage), quietly(() => frame.sessionStorage)]) {
    if (!store) continue;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i) ?? '');
    for (const key of keys) if (key.startsWith(FRAME_STORAGE_PREFIX)) store.removeItem(key);
  }
  const databases = (await quietly(() => frame.indexedDB?.databases())?.catch(() => undefined)) ?? [];
  for (const { name } of databases) if (name?.startsWith(FRAME_STORAGE_PREFIX)) frame.indexedDB.deleteDatabase(name);
}

/**
 * `$chatwoot.setConsent(granted)` (docs/behaviour.md#consent): a grant lets the widget store;
 * a withdrawal behaves as declined from now on, ends the socket (main.tsx) and deletes
 * everything stored.
 */
export function setConsent(
  { app, forgets }: Pick<WidgetState, 'app' | 'forgets'>,
  { granted }: HostToWidget['set-consent'],
): Promise<void> | undefined {
  if (typeof granted !== 'boolean') return;
  app.update({ consent: granted ? 'granted' : 'declined' });
  if (!granted) return forgetStoredData(forgets);
}

/**
 * `$chatwoot.sendMessage(text)`: sent as the visitor through the outbox, the chat left as it is;
 * the visitor sees it when they open. Should the sending code not load, the text waits in the
 * composer rather than being lost.
 */
export function sendMessage(
  { conversationFlow, composer }: Pick<WidgetState, 'conversationFlow' | 'composer'>,
  { message }: HostToWidget['send-message'],
) {
  const text = typeof message === 'string' ? message.trim() : '';
  if (!text) return;
  return conversationFlow.load().then(
    (flow) => flow.sendMessage(text),
    () => composer.prefill(text),
  );
}

type HostCalls = Pick<WidgetState, 'hostCall'>;

/** `$chatwoot.setCustomAttributes` (docs/embedding.md#windowchatwoot). */
export const setContactAttributes = ({ hostCall }: HostCalls, { customAttributes }: HostToWidget['set-custom-attributes']) =>
  hostCall(endpoints.updateContact({ custom_attributes: customAttributes }), 'SET_CUSTOM_ATTRIBUTES_ERROR');

/** `$chatwoot.deleteCustomAttribute`. */
export const deleteContactAttribute = ({ hostCall }: HostCalls, { customAttribute }: HostToWidget['delete-custom-attribute']) =>
  hostCall(siteCallEndpoints.deleteContactCustomAttributes([customAttribute]), 'DELETE_CUSTOM_ATTRIBUTE_ERROR');

/** `$chatwoot.setConversationCustomAttributes`, once there is a conversation (`hostActions.ts` waits for it). */
export const setConversationAttributes = (
  { hostCall }: HostCalls,
  { customAttributes }: HostToWidget['set-conversation-custom-attributes'],
) => hostCall(siteCallEndpoints.setConversationCustomAttributes(customAttributes), 'SET_CONVERSATION_ATTRIBUTES_ERROR');

/** `$chatwoot.deleteConversationCustomAttribute`. */
export const deleteConversationAttribute = (
  { hostCall }: HostCalls,
  { customAttribute }: HostToWidget['delete-conversation-custom-attribute'],
) => hostCall(siteCallEndpoints.deleteConversationCustomAttribute(customAttribute), 'DELETE_CONVERSATION_ATTRIBUTE_ERROR');

/**
 * `$chatwoot.setLabel`. A label the account does not have: Wren's server says so (422) and the
 * site's developer hears it in the console, not as an error event (Chatwoot's server is silent).
 */
export const addLabel = ({ hostCall }: HostCalls, { label }: HostToWidget['set-label']) =>
  hostCall(siteCallEndpoints.addLabel(label), 'SET_LABEL_ERROR', (error) => {
    if (error.status !== 422) return false;
    console.warn(`Wren: setLabel("${label}"): the account has no such label`);
    return true;
  });

/** `$chatwoot.removeLabel`. */
export const removeLabel = ({ hostCall }: HostCalls, { label }: HostToWidget['remove-label']) =>
  hostCall(siteCallEndpoints.removeLabel(label), 'REMOVE_LABEL_ERROR');
