import type { EmojiEntry } from './emojiCatalog';

/** Case- and accent-insensitive form of a name or query ("Café" and "cafe" meet). */
function fold(text: string, locale: string): string {
  // Only the Latin/Greek/Cyrillic combining accents go: in Devanagari or kana the marks are letters.
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/**
 * The emoji whose name contains every word of the query, best first: names that start with the
 * query, then those with a word that does, then the rest, each in the dataset's order.
 */
export function searchEmoji(entries: EmojiEntry[], query: string, locale: string): EmojiEntry[] {
  const folded = fold(query.trim(), locale);
  if (!folded) return [];
  const words = folded.split(/\s+/);
  const ranked: EmojiEntry[][] = [[], [], []];
  for (const entry of entries) {
    const name = fold(entry.name, locale);
    if (!words.every((word) => name.includes(word))) continue;
    const rank = name.startsWith(folded) ? 0 : name.split(/[\s:,-]+/).some((part) => part.startsWith(words[0])) ? 1 : 2;
    ranked[rank].push(entry);
  }
  return ranked.flat();
}
