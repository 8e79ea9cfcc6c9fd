/** Recently used emoji kept for the visitor: two rows of the picker. */
export const RECENT_EMOJI_LIMIT = 16;

const STORAGE_KEY = 'wren:recent-emoji';

/** Storage that may be missing or refuse (private windows, blocked third-party storage). */
export type EmojiStorage = Pick<Storage, 'getItem' | 'setItem'> | undefined;

/** The visitor's recently used emoji, newest first; nothing when storage is unavailable or garbled. */
export function readRecentEmoji(storage: EmojiStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, RECENT_EMOJI_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts an emoji first among the recent ones (once), dropping the oldest past the limit. */
export function rememberEmoji(storage: EmojiStorage, emoji: string): string[] {
  const recents = [emoji, ...readRecentEmoji(storage).filter((item) => item !== emoji)].slice(0, RECENT_EMOJI_LIMIT);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(recents));
  } catch {
    // Full or refused: the list still works for this visit.
  }
  return recents;
}
