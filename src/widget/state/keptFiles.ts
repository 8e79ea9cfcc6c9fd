/**
 * The bytes of the visitor's files waiting to be sent, kept beyond the page
 * (docs/behaviour.md#the-outbox-across-pages): one IndexedDB database per inbox in the frame,
 * the file under its message's `echo_id`. What is kept, in what order and by which tab is the
 * outbox's localStorage entry's (`keptMessages.ts`); this holds only the bytes, which
 * localStorage cannot. In the attachments chunk, with idb-keyval: a page that keeps no file
 * never loads it.
 *
 * Storage that fails (blocked, full, private mode, deleted by another tab) throws nothing: the
 * page still holds the file and sends it.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface KeptFiles {
  /** Keeps a file; false when storage refused it. */
  put(echoId: string, file: File): Promise<boolean>;
  /** The file kept under `echoId`, if storage still has it. */
  get(echoId: string): Promise<File | undefined>;
  remove(echoId: string): Promise<void>;
}

/**
 * idb-keyval's store, closing its connection when anything asks to delete or upgrade the
 * database (a withdrawn consent, in this tab or another): an open connection would block that.
 */
function openStore(name: string): UseStore {
  const use = createStore(name, 'files');
  return (mode, callback) =>
    use(mode, (store) => {
      const { db } = store.transaction;
      db.onversionchange = () => db.close();
      return callback(store);
    });
}

/** The kept files in the database `name` (`outboxFilesDatabase` in `shared/outbox.ts`). */
export function createKeptFiles(name: string): KeptFiles {
  let store = openStore(name);
  async function quietly<T>(action: (store: UseStore) => Promise<T>, fallback: T): Promise<T> {
    try {
      return await action(store);
    } catch {
      // Closed (deleted meanwhile) or refused: the next call opens the database afresh.
      store = openStore(name);
      return fallback;
    }
  }
  return {
    // The name beside the bytes: not every browser gives a File back from IndexedDB as a File.
    put: (echoId, file) => quietly((use) => set(echoId, { name: file.name, bytes: file }, use).then(() => true), false),
    get: (echoId) =>
      quietly(async (use) => {
        const kept = await get<{ name: string; bytes: Blob }>(echoId, use);
        return kept && new File([kept.bytes], kept.name, { type: kept.bytes.type });
      }, undefined),
    remove: (echoId) => quietly((use) => del(echoId, use), undefined),
  };
}
