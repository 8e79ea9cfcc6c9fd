/**
 * Where the outbox keeps what it has not sent yet beyond the page (docs/behaviour.md#the-outbox-across-pages):
 * the frame's localStorage, so that the next page of the site sends it (`keptMessages.ts` decides
 * what is kept and taken on; `outbox.ts` sends).
 *
 * localStorage rather than IndexedDB: a text is small, a write is done before the request leaves
 * without waiting, and it costs no library and no chunk. A key per message keeps tabs that write
 * at once from overwriting each other.
 */
import { outboxPrefix, unsentKeys } from '../lib/unsentMessages';

/** One message the server has not acknowledged yet, as stored. */
export interface OutboxEntry {
  /** The message's `echo_id`, which the server stores it under: sent again, it is stored once. */
  echoId: string;
  /** The visitor who wrote it (their pubsub token): it is only ever sent as them. */
  visitor: string;
  /** The tab that sends it (`outboxElection.ts`); another tab takes it on once that one is gone. */
  owner: string;
  /** Its place in the visitor's order: when it was written, in µs, unique within a tab. */
  order: number;
  content: string;
  /** The message it quotes, if any. */
  replyTo?: number;
}

/** A store of entries. Storage that fails (blocked, full, private mode) throws nothing: the page still holds the message. */
export interface OutboxStore {
  /** Every entry, in the visitor's order. */
  entries(): OutboxEntry[];
  put(entry: OutboxEntry): void;
  remove(echoId: string): void;
  /** Deletes every entry: the visitor withdrew their consent (the widget's `forgetStoredData`). */
  forget(): void;
}

/** Entries older than this are dropped instead of sent: past the gateway's window a send may be stored twice. */
export const OUTBOX_ENTRY_TTL_MS = 24 * 60 * 60 * 1000;

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
    },
  };
}
