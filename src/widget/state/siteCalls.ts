import type { HostToWidget } from '../../shared/protocol';
import type { WidgetState } from './widget';

/**
 * What the site asks of the widget rarely enough to wait for a chunk of its own (about its
 * consent tool and `sendMessage`): a table entry in `hostActions.ts` loads this.
 */

/** Ends or deletes something kept for the visitor (`WidgetState['forgets']`). */
type Forget = WidgetState['forgets'][number];

/** Every key and database the widget writes in the frame starts with this (docs/protocol.md#cookies-and-storage). */
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
