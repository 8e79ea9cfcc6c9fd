/**
 * Where the outbox keeps the visitor's unsent messages beyond the page: the frame's localStorage,
 * one key per message under the inbox's prefix (`state/outboxStore.ts` reads and writes them).
 * Boot asks whether an earlier page left any, without loading the outbox, so a page without
 * any loads nothing more (docs/behaviour.md#the-outbox-across-pages).
 */
import { outboxPrefix } from '../../shared/outbox';

/** This inbox's keys; none where storage is blocked (nothing was kept either). */
export function unsentKeys(websiteToken: string): string[] {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(outboxPrefix(websiteToken)));
  } catch {
    return [];
  }
}
