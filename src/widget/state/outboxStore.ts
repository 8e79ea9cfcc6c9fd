/**
 * Where the outbox keeps what it has not sent yet beyond the page (docs/behaviour.md#the-outbox-across-pages):
 * the host page's localStorage through the loader, or the frame's, so that the next page of the site
 * sends it (`keptMessages.ts` decides what is kept and taken on; `outbox.ts` sends).
 *
 * localStorage rather than IndexedDB: a text is small, a write is done before the request leaves
 * without waiting, and it costs no library and no chunk. A key per message keeps tabs that write
 * at once from overwriting each other. A file's entry is here too, in its place among the texts;
 * only its bytes are in IndexedDB (`keptFiles.ts`), whose code a page loads only when an entry
 * says a file is kept.
 */
import { outboxFilesDatabase, outboxPrefix, type OutboxEntry } from '../../shared/outbox';

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

/** Storage with one key per entry: the frame's localStorage, or the host page's through the loader. */
export interface KeyedStorage {
  keys(): string[];
  get(key: string): string | null | undefined;
  /** Writes `value` under `key`, or removes the key (no value). */
  set(key: string, value?: string): void;
}

/** The frame's localStorage. Any use throws where the browser gives the frame none (a cross-site frame, a private window). */
const frameStorage: KeyedStorage = {
  keys: () => Object.keys(localStorage),
  get: (key) => localStorage.getItem(key),
  set: (key, value) => (value === undefined ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
};

/** The loader's keeping of the outbox in the host page's storage (`config-set`'s `outbox`, the `outbox` message). */
export interface HostOutbox {
  /** What the loader kept for this inbox when this page loaded; undefined where no loader keeps it (a popout, an older loader, before `config-set`). */
  kept(): Record<string, string> | undefined;
  /** Keeps one entry there (`value`), or forgets it. */
  keep(key: string, value?: string): void;
}

/** The host page's storage: a copy of what the loader kept, each change written through to it. */
function hostStorage(kept: Record<string, string>, keep: HostOutbox['keep']): KeyedStorage {
  const copy = new Map(Object.entries(kept));
  return {
    keys: () => [...copy.keys()],
    get: (key) => copy.get(key),
    set(key, value) {
      if (value === undefined) copy.delete(key);
      else copy.set(key, value);
      keep(key, value);
    },
  };
}

/**
 * Where the entries live (docs/behaviour.md#the-outbox-across-pages): in the host page's own
 * storage wherever a Wren loader keeps them, since browsers refuse or partition a cross-site
 * frame's storage (every real site embeds the widget cross-site); in the frame's where there is
 * no loader (a popout). Asked at each use, as the loader's `config-set` may come after the outbox
 * is made.
 */
export function outboxStorage(host: HostOutbox): () => KeyedStorage {
  let hostCopy: KeyedStorage | undefined;
  return () => {
    const kept = host.kept();
    return kept ? (hostCopy ??= hostStorage(kept, host.keep)) : frameStorage;
  };
}

/** This inbox's store in `storage` (the frame's localStorage unless told otherwise). */
export function createStorageStore(websiteToken: string, storage: () => KeyedStorage = () => frameStorage): OutboxStore {
  const prefix = outboxPrefix(websiteToken);
  const quietly = (action: () => void) => {
    try {
      action();
    } catch {
      // Blocked or full: the message is not kept beyond the page, and still goes from it.
    }
  };
  const keys = () => {
    try {
      return storage()
        .keys()
        .filter((key) => key.startsWith(prefix));
    } catch {
      return [];
    }
  };
  return {
    entries() {
      const entries: OutboxEntry[] = [];
      for (const key of keys()) quietly(() => entries.push(JSON.parse(storage().get(key) ?? '')));
      return entries.sort((a, b) => a.order - b.order);
    },
    put: (entry) => quietly(() => storage().set(prefix + entry.echoId, JSON.stringify(entry))),
    remove: (echoId) => quietly(() => storage().set(prefix + echoId)),
    forget() {
      for (const key of keys()) quietly(() => storage().set(key));
      // By name, without the kept files' code: a connection open in any tab closes for it (`keptFiles.ts`).
      quietly(() => indexedDB.deleteDatabase(outboxFilesDatabase(websiteToken)));
    },
  };
}
