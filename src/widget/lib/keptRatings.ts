import type { FrameStorage } from './frameStorage';

/**
 * A survey's rating the visitor chose and has not sent yet (docs/behaviour.md#csat), kept in the
 * frame's storage under the survey message's id, where the visitor's consent lets the widget store
 * (`frameStorage`): the next page of the site shows it chosen, as Chatwoot's widget, which sends a
 * rating the moment it is chosen, shows it. Under the widget's prefix, so withdrawing consent
 * deletes it with the rest.
 */
const key = (messageId: number | string) => `wren:csat:${messageId}`;

/** The rating kept for the survey `messageId`, 1–5, if any. */
export function keptRating(storage: FrameStorage | undefined, messageId: number | string): number | undefined {
  const kept = storage?.getItem(key(messageId));
  return kept && /^[1-5]$/.test(kept) ? Number(kept) : undefined;
}

/** Keeps `rating` for the survey `messageId`; without one, forgets it (it has been sent). Storage that refuses (full) keeps nothing. */
export function keepRating(storage: FrameStorage | undefined, messageId: number | string, rating?: number): void {
  try {
    if (rating) storage?.setItem(key(messageId), `${rating}`);
    else storage?.removeItem(key(messageId));
  } catch {}
}
