// The kept files' IndexedDB store (state/keptFiles.ts) on fake-indexeddb, in Node, whose
// structured clone keeps a Blob's bytes and type (not a File's name: the store keeps that itself).
import 'fake-indexeddb/auto';
import { createKeptFiles } from '../../../src/widget/state/keptFiles';
import { outboxFilesDatabase } from '../../../src/shared/outbox';

let inbox = 0;
const database = () => outboxFilesDatabase(`web-token-${++inbox}`);
const photo = () => new File(['\x89PNG bytes'], 'holiday.png', { type: 'image/png' });

/** Deletes a database as the widget forgets it: by name, with no handle on its connections. */
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked by an open connection'));
  });

describe('the kept files (IndexedDB)', () => {
  it('gives a kept file back under its echo id, with its name, type and bytes, until it is removed', async () => {
    const files = createKeptFiles(database());
    expect(await files.put('e-1', photo())).toBe(true);
    const kept = await files.get('e-1');
    expect(kept).toBeInstanceOf(File);
    expect([kept?.name, kept?.type, await kept?.text()]).toEqual(['holiday.png', 'image/png', '\x89PNG bytes']);
    await files.remove('e-1');
    expect(await files.get('e-1')).toBeUndefined();
  });

  it('is shared by the pages of the site: another page of the inbox finds the file, another inbox does not', async () => {
    const name = database();
    await createKeptFiles(name).put('e-1', photo());
    expect((await createKeptFiles(name).get('e-1'))?.name).toBe('holiday.png');
    expect(await createKeptFiles(database()).get('e-1')).toBeUndefined();
  });

  it('never blocks forgetting: its connection closes when the database is deleted, and the next write opens it afresh', async () => {
    const name = database();
    const files = createKeptFiles(name);
    await files.put('e-1', photo());
    await deleteDatabase(name);
    expect(await files.get('e-1')).toBeUndefined();
    expect(await files.put('e-2', photo())).toBe(true);
    expect((await files.get('e-2'))?.name).toBe('holiday.png');
  });

  it('answers quietly where the browser gives no IndexedDB (blocked storage): nothing kept, nothing thrown', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const files = createKeptFiles(database());
      expect(await files.put('e-1', photo())).toBe(false);
      expect(await files.get('e-1')).toBeUndefined();
      await expect(files.remove('e-1')).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
