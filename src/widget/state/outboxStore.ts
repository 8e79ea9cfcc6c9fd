/**
 * Where the outbox keeps what it has not sent yet beyond the page (docs/behaviour.md#the-outbox-across-pages):
 * the frame's localStorage, so that the next page of the site sends it (`keptMessages.ts` decides
 * what is kept and taken on; `outbox.ts` sends).
 *
 * localStorage rather than IndexedDB: a text is small, a write is done before the request leaves
 * without waiting, and it costs no library and no chunk. A key per message keeps tabs that write
 * at once from overwriting each other. A file's entry is here too, in its place among the texts;
 * only its bytes are in IndexedDB (`keptFiles.ts`), whose code a page loads only when an entry
 * says a file is kept.
 */
import { outboxFilesDatabase, outboxPrefix, type OutboxEntry } from '../../shared/outbox';
import { unsentKeys } from '../lib/unsentMessages';

export type { OutboxEntry };

/** A store of entries. Storage that fails (blocked, full, private mode) throws nothing: the page still holds the message. */
export interface OutboxStore {
  /** Every entry, in the visitor's order. */
  entries(): OutboxEntry[];
  put(entry: OutboxEntry): void;
  remove(echoId: string): void;
  /** Deletes every entry, the kept files' database too: the visitor withdrew their consent (the widget's `forgetStoredData`). */
  forget(): void;
}

/** This inbox's store in the frame's localStorage, which browsers partition by the embedding site. */
export function createStorageStore(websiteToken: string): OutboxStore {
  const prefix = outboxPrefix(websiteToken);
  const quietly = (action: () => void) => {
    try {
      action();
    } catch {
      // Blocked or full: the message is not kept beyond the page, and still goes from it.
    }
  };
  return {
    entries() {
      const entries: OutboxEntry[] = [];
      for (const key of unsentKeys(websiteToken)) quietly(() => entries.push(JSON.parse(localStorage.getItem(key) ?? '')));
      return entries.sort((a, b) => a.order - b.order);
    },
    put: (entry) => quietly(() => localStorage.setItem(prefix + entry.echoId, JSON.stringify(entry))),
    remove: (echoId) => quietly(() => localStorage.removeItem(prefix + echoId)),
    forget() {
      for (const key of unsentKeys(websiteToken)) quietly(() => localStorage.removeItem(key));
      // By name, without the kept files' code: a connection open in any tab closes for it (`keptFiles.ts`).
      quietly(() => indexedDB.deleteDatabase(outboxFilesDatabase(websiteToken)));
    },
  };
}
