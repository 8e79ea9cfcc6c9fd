/**
 * Which tab sends which stored message: two tabs of one visitor never both send an entry
 * (docs/behaviour.md#the-outbox-across-pages). Each tab holds a Web Lock of its own for as long as
 * it lives; an entry names the tab that sends it, and another tab adopts it only once that lock is
 * free (the tab was closed, reloaded or crashed). Adopting reads, checks and rewrites entries, so
 * it runs under one lock per inbox.
 *
 * Browsers without Web Locks (Safari before 15.4), and those that refuse them to a cross-site
 * frame, adopt every entry of a tab other than their own; two such tabs may then both send one,
 * and the server, which stores a message under its `echo_id` once, keeps one.
 */
import { outboxLock } from '../../shared/outbox';
import { uniqueId } from '../lib/uniqueId';

export interface OutboxElection {
  /** This tab, as an entry's owner. */
  readonly tab: string;
  /** Runs `task` while no other tab of this inbox runs one. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Whether the tab an entry names is alive now, so the entry is its to send. */
  living(): Promise<(owner: string) => boolean>;
}

/** The parts of `navigator.locks` used here; tests pass their own. */
export type Locks = Pick<LockManager, 'request' | 'query'>;

export function createElection(websiteToken: string, locks: Locks | undefined = globalThis.navigator?.locks): OutboxElection {
  const tab = uniqueId();
  const inbox = outboxLock(websiteToken);
  const tabLock = `${inbox}:tab:`;
  // Never released: the browser frees it when the tab goes.
  locks?.request(tabLock + tab, () => new Promise<never>(() => {})).catch(() => undefined);
  // The locks this frame may use: none where the browser refuses them (a SecurityError).
  const usable = Promise.resolve(locks?.query()).then(
    () => locks,
    () => undefined,
  );
  return {
    tab,
    exclusive: async <T>(task: () => Promise<T>) => {
      const granted = await usable;
      return granted ? (granted.request(inbox, task) as Promise<T>) : task();
    },
    async living() {
      const held = new Set((await (await usable)?.query())?.held?.map((lock) => lock.name));
      return (owner) => owner === tab || held.has(tabLock + owner);
    },
  };
}
