/**
 * The outbox's unsent messages kept beyond the page (docs/behaviour.md#the-outbox-across-pages):
 * each text, and each file within the caps, written to the frame's storage before it leaves and
 * removed once the server has answered; what an earlier page of the site left (a reload, a closed
 * tab) taken on by the next one and shown in place as waiting. `outbox.ts` sends; this only keeps.
 *
 * Only while the widget may store (`allowed`): otherwise the outbox's queue in memory is all
 * there is, and turning `allowed` false deletes what was stored. A site that asks for consent
 * has it before the chat opens, so nothing written before it needs moving to storage.
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { ChatMessage } from './chatMessage';
import type { KeptFiles } from './keptFiles';
import type { MessagesModel } from './messages';
import type { OutboxElection } from './outboxElection';
import { SEND_WINDOW_MS } from '../../shared/sendWindow';
import type { OutboxEntry, OutboxStore } from './outboxStore';
import type { Upload } from './upload';

/** The largest file kept beyond the page; a larger one is sent from the page only. */
export const KEPT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** All files kept at once, every tab's: past it, the next file is sent from the page only. */
export const KEPT_FILES_MAX_BYTES = 30 * 1024 * 1024;

/** The kept files' side, in the attachments chunk: loaded only when a file is kept, or found kept. */
export interface FileKeeping {
  files: KeptFiles;
  /** Shows a kept file in place as waiting, under its echo id and time, and answers its upload. */
  restore(file: File, kept: { echoId: string; replyTo?: number; time: number }): Upload;
}

export interface KeptMessagesDeps {
  /** Whether the widget may store anything (the visitor's consent, the site's `storage`). */
  allowed: ReadonlySignal<boolean>;
  /** The store that outlives the page (`createStorageStore`). */
  store: OutboxStore;
  election: OutboxElection;
  /** The visitor now (their pubsub token, the same on every page): an entry is only sent as the visitor who wrote it. */
  visitor(): string;
  /** Loads the kept files' side; without it, files live in the page only. */
  files?(): Promise<FileKeeping>;
}

/** A message taken on from an earlier page: its echo id, and its upload if it is a file. */
export interface TakenMessage {
  echoId: string;
  upload?: Upload;
}

export function createKeptMessages({ allowed, store, election, visitor, files }: KeptMessagesDeps, messages: MessagesModel) {
  let lastOrder = 0;
  // Files this page keeps or took on, by echo id: their bytes go when their entry does.
  const keptFiles = new Set<string>();
  // Files being written, by echo id: a file leaves only once it is kept (`whenKept`).
  const writing = new Map<string, Promise<void>>();
  effect(() => {
    if (!allowed.value) store.forget();
  });

  /** Whether one more file of `size` bytes fits the caps, with every file kept already. */
  function fits(size: number): boolean {
    const kept = store.entries().reduce((total, entry) => total + (entry.file?.size ?? 0), 0);
    return size <= KEPT_FILE_MAX_BYTES && kept + size <= KEPT_FILES_MAX_BYTES;
  }

  /** Removes an entry and, for a file, its bytes. */
  function remove(echoId: string, file = keptFiles.has(echoId)) {
    store.remove(echoId);
    keptFiles.delete(echoId);
    if (file)
      files?.().then(
        ({ files }) => files.remove(echoId),
        () => undefined,
      );
  }

  /** Writes a file's bytes; storage that refuses them leaves no entry behind, and the page sends it. */
  function writeFile(echoId: string, file: File) {
    const write = files ? files().then(({ files }) => files.put(echoId, file)) : Promise.resolve(false);
    writing.set(
      echoId,
      write.then(
        (kept) => (kept ? undefined : remove(echoId, false)),
        () => remove(echoId, false),
      ),
    );
  }

  return {
    /** True while storage holds entries of another tab, alive or not, which `takeOn` may take. */
    get waiting() {
      return allowed.peek() && store.entries().some((entry) => entry.owner !== election.tab);
    },

    /** Writes a message before it leaves: a text, or a file (`file`) within the caps. */
    keep(local: ChatMessage, file?: File) {
      if (!allowed.peek() || (file && (!files || !fits(file.size)))) return;
      const echoId = String(local.id);
      lastOrder = Math.max(Date.now() * 1000, lastOrder + 1);
      store.put({
        echoId,
        visitor: visitor(),
        owner: election.tab,
        order: lastOrder,
        content: local.content ?? '',
        replyTo: local.content_attributes.in_reply_to as number | undefined,
        ...(file && { file: { size: file.size } }),
      });
      if (file) {
        keptFiles.add(echoId);
        writeFile(echoId, file);
      }
    },

    /** While a file is being kept: resolves once it is written (or refused), and only then may it leave. */
    whenKept(echoId: string): Promise<void> | undefined {
      const written = writing.get(echoId);
      writing.delete(echoId);
      return written;
    },

    /** The server answered (stored or refused), or the message is gone: nothing is kept of it. */
    settle: (echoId: string) => remove(echoId),

    /**
     * Takes on the stored entries no living tab sends, shows them in place as waiting (unless the
     * history already holds them: stored before their answer was lost) and answers them in
     * order, a file with its upload. Entries past a day are dropped, as is a file whose bytes
     * storage lost; another visitor's are left alone.
     */
    takeOn: async (): Promise<TakenMessage[]> => {
      // Reading, checking and rewriting the owner is one step no other tab may interleave with.
      const taken = await election.exclusive(async () => {
        const alive = await election.living();
        const mine: OutboxEntry[] = [];
        for (const entry of store.entries()) {
          if (Date.now() - entry.order / 1000 > SEND_WINDOW_MS) remove(entry.echoId, Boolean(entry.file));
          else if (entry.visitor === visitor() && !alive(entry.owner)) {
            store.put({ ...entry, owner: election.tab });
            mine.push(entry);
          }
        }
        return mine;
      });
      const ids: TakenMessage[] = [];
      for (const { echoId, content, replyTo, order, file } of taken) {
        const time = Math.floor(order / 1e6);
        // A file's bytes are read first, one at a time, so each keeps its place among the texts.
        const keeping = file && (await files?.().catch(() => undefined));
        const bytes = keeping && (await keeping.files.get(echoId));
        // Whether the history holds it is asked only now: the page's catch-up may have brought it
        // stored while an earlier file was read, and a copy shown beside it would be it twice.
        if ([...messages.map.peek().values()].some((message) => message.echo_id === echoId)) remove(echoId, Boolean(file));
        else if (!file) {
          messages.addLocal({ content }, replyTo, echoId, time);
          ids.push({ echoId });
        } else if (!keeping || !bytes) remove(echoId, true);
        else {
          keptFiles.add(echoId);
          ids.push({ echoId, upload: keeping.restore(bytes, { echoId, replyTo, time }) });
        }
      }
      return ids;
    },
  };
}

export type KeptMessages = ReturnType<typeof createKeptMessages>;
