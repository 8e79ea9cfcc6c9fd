import type { OutboxEntry } from '../../../shared/outbox';

/**
 * The visitor's messages that wait in the host page's own storage for the chat to come back, in
 * the order they were written, from what the loader's consent gate hands out of it
 * (`Consent.outbox()`, which reads this inbox's keys only where it may). An entry that is not one
 * (a half-written value) is left out.
 */
export function waitingMessages(kept: Record<string, string>): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  for (const value of Object.values(kept)) {
    try {
      const entry = JSON.parse(value) as OutboxEntry;
      if (typeof entry?.order === 'number' && typeof entry.content === 'string') entries.push(entry);
    } catch {
      // Not JSON: not an entry.
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}
