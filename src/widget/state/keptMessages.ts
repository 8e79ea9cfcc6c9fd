/**
 * The outbox's unsent messages kept beyond the page (docs/behaviour.md#the-outbox-across-pages):
 * each text written to the frame's storage before it leaves and removed once the server has
 * answered; what an earlier page of the site left (a reload, a closed tab) taken on by the next
 * one and shown in place as waiting. `outbox.ts` sends; this only keeps.
 *
 * Only while the widget may store (`allowed`): otherwise the outbox's queue in memory is all
 * there is, and turning `allowed` false deletes what was stored. A site that asks for consent
 * has it before the chat opens, so nothing written before it needs moving to storage.
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { ChatMessage } from './chatMessage';
import type { MessagesModel } from './messages';
import type { OutboxElection } from './outboxElection';
import { OUTBOX_ENTRY_TTL_MS, type OutboxEntry, type OutboxStore } from './outboxStore';

export interface KeptMessagesDeps {
  /** Whether the widget may store anything (the visitor's consent, the site's `storage`). */
  allowed: ReadonlySignal<boolean>;
  /** The store that outlives the page (`createStorageStore`). */
  store: OutboxStore;
  election: OutboxElection;
  /** The visitor now (their pubsub token, the same on every page): an entry is only sent as the visitor who wrote it. */
  visitor(): string;
}

export function createKeptMessages({ allowed, store, election, visitor }: KeptMessagesDeps, messages: MessagesModel) {
  let lastOrder = 0;
  effect(() => {
    if (!allowed.value) store.forget();
  });

  return {
    /** True while storage holds entries of another tab, alive or not, which `takeOn` may take. */
    get waiting() {
      return allowed.peek() && store.entries().some((entry) => entry.owner !== election.tab);
    },

    /** Writes a text before it leaves (a file stays in the page). */
    keep(local: ChatMessage) {
      if (!allowed.peek()) return;
      lastOrder = Math.max(Date.now() * 1000, lastOrder + 1);
      store.put({
        echoId: String(local.id),
        visitor: visitor(),
        owner: election.tab,
        order: lastOrder,
        content: local.content ?? '',
        replyTo: local.content_attributes.in_reply_to as number | undefined,
      });
    },

    /** The server answered (stored or refused), or the message is gone: nothing is kept of it. */
    settle: (echoId: string) => store.remove(echoId),

    /**
     * Takes on the stored entries no living tab sends, shows them in place as waiting (unless the
     * history already holds them: stored before their answer was lost) and answers their echo ids
     * in order. Entries past a day are dropped; another visitor's are left alone.
     */
    takeOn: async (): Promise<string[]> => {
      // Reading, checking and rewriting the owner is one step no other tab may interleave with.
      const taken = await election.exclusive(async () => {
        const alive = await election.living();
        const mine: OutboxEntry[] = [];
        for (const entry of store.entries()) {
          if (Date.now() - entry.order / 1000 > OUTBOX_ENTRY_TTL_MS) store.remove(entry.echoId);
          else if (entry.visitor === visitor() && !alive(entry.owner)) {
            store.put({ ...entry, owner: election.tab });
            mine.push(entry);
          }
        }
        return mine;
      });
      const held = new Set([...messages.map.peek().values()].map((message) => message.echo_id));
      const ids: string[] = [];
      for (const { echoId, content, replyTo, order } of taken) {
        if (held.has(echoId)) store.remove(echoId);
        else {
          messages.addLocal({ content }, replyTo, echoId, Math.floor(order / 1e6));
          ids.push(echoId);
        }
      }
      return ids;
    },
  };
}

export type KeptMessages = ReturnType<typeof createKeptMessages>;
