/** Virtual modules generated at build time from emojibase-data (see scripts/emojiData.mjs). */
declare module 'emoji-data' {
  import type { EmojiNames } from '../../lib/emojiCatalog';

  /** Emojibase's categories in order: `key` is its group number; `emoji` is space-separated, encoded (`encodeEmoji` in scripts/emojiData.mjs). */
  export const CATEGORIES: { key: number; emoji: string }[];
  /** The names for a Wren locale: the dataset's own where it has that language, else English. */
  export function loadEmojiNames(locale: string): Promise<{ default: EmojiNames }>;
}
