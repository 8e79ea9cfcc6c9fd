import { outboxPrefix, type OutboxEntry } from '../../../shared/outbox';

/**
 * The visitor's messages that wait in the host page's own storage for the chat to come back
 * (the loader's outbox, src/shared/outbox.ts), in the order they were written. An entry that is
 * not one (another script's key, a half-written value) is left out.
 */
export function waitingMessages(storage: Storage, websiteToken: string): OutboxEntry[] {
  const prefix = outboxPrefix(websiteToken);
  const entries: OutboxEntry[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    try {
      const entry = JSON.parse(storage.getItem(key)!) as OutboxEntry;
      if (typeof entry?.order === 'number' && typeof entry.content === 'string') entries.push(entry);
    } catch {
      // Not JSON: not an entry.
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}
