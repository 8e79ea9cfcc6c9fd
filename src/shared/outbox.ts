/**
 * The outbox's names where it keeps the visitor's unsent messages beyond the page
 * (docs/behaviour.md#the-outbox-across-pages), in one place: the widget writes them in the frame,
 * and the loader in the host page's own storage for a frame the browser gives none. A name starts
 * like every name the widget stores (`wren:`), so forgetting finds it.
 */

/** One message the server has not acknowledged yet, as stored. */
export interface OutboxEntry {
  /** The message's `echo_id`, which the server stores it under: sent again, it is stored once. */
  echoId: string;
  /** The visitor who wrote it (their pubsub token): it is only ever sent as them. */
  visitor: string;
  /** The tab that sends it (the outbox's election); another tab takes it on once that one is gone. */
  owner: string;
  /** Its place in the visitor's order: when it was written, in µs, unique within a tab. */
  order: number;
  /** A text's words; empty for a file. */
  content: string;
  /** The message it quotes, if any. */
  replyTo?: number;
  /** A file's message: its bytes wait in the frame's IndexedDB under the echo id; its size counts towards the cap. */
  file?: { size: number };
}

/** The prefix of an inbox's entries, one key per message: two inboxes on one site keep two outboxes. */
export const outboxPrefix = (websiteToken: string) => `wren:outbox:${websiteToken}:`;

/** The inbox's database of kept files' bytes (IndexedDB, in the frame only). */
export const outboxFilesDatabase = (websiteToken: string) => `wren:outbox-files:${websiteToken}`;

/** The Web Lock under which one tab at a time takes entries on; each tab's own lock is this plus `:tab:<tab>`. */
export const outboxLock = (websiteToken: string) => `wren:outbox:${websiteToken}`;
