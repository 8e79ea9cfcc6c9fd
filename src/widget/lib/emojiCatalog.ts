/** What the picker knows about one emoji. */
export interface EmojiEntry {
  /** The emoji as text, without a skin tone. */
  emoji: string;
  /** Its name in the widget's locale (the dataset's English where it has no such locale). */
  name: string;
  /** Takes a skin tone the way `withSkinTone` builds it. */
  skinnable: boolean;
}

/**
 * One dataset locale's emoji names, as the build generates them (scripts/emojiData.mjs): one name
 * per line, in the order of the categories' emoji; empty for a country's flag.
 */
export type EmojiNames = string;

/** The names the data leaves to the widget, in its language. */
export interface CatalogNames {
  /** A category's, by emojibase's group number. */
  category(key: number): string;
  /** A region's, by its ISO 3166 code (`DE`): a country flag's name. */
  region(code: string): string;
}

export interface EmojiCategory {
  name: string;
  entries: EmojiEntry[];
}

/** The Fitzpatrick modifiers, light to dark, in the order of the picker's skin-tone choice. */
export const SKIN_TONE_MODIFIERS = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];

/**
 * An emoji in a skin tone: the modifier goes right after the first code point, in place of a
 * presentation selector there (🏃‍♀️ → 🏃🏽‍♀️). The build offers tones only for emoji where
 * this gives every toned form emojibase lists.
 */
export function withSkinTone(emoji: string, modifier: string | undefined): string {
  if (!modifier) return emoji;
  const [first, ...rest] = Array.from(emoji);
  if (rest[0] === '\uFE0F') rest.shift();
  return [first, modifier, ...rest].join('');
}

/** The same emoji with or without a tone or presentation selector, for finding its name. */
export const baseKey = (emoji: string) => emoji.replace(/[\u{1F3FB}-\u{1F3FF}\uFE0F]/gu, '');

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The region a country's flag stands for (🇩🇪 → `DE`): two regional indicator letters. */
export function flagRegion(emoji: string): string | undefined {
  const letters = Array.from(emoji, (c) => (c.codePointAt(0) ?? 0) - REGIONAL_INDICATOR_A);
  if (letters.length !== 2 || letters.some((n) => n < 0 || n > 25)) return undefined;
  return String.fromCharCode(...letters.map((n) => n + 65));
}

/**
 * One emoji of the generated data (scripts/emojiData.mjs `encodeEmoji`): its first code point's
 * distance from the previous one's (base 36), the rest with U+FE0F written `V` and U+200D `J`, `~`
 * if it takes a tone.
 */
const ENCODED_EMOJI = /^(-?[\da-z]+)(.*?)(~?)$/su;

/**
 * Joins the generated categories (scripts/emojiData.mjs `encodeEmoji`) with a locale's names. A
 * name the data leaves empty is a country flag's, named after its region in the widget's language.
 */
export function buildCatalog(categories: { key: number; emoji: string }[], names: EmojiNames, named: CatalogNames): EmojiCategory[] {
  const lines = names.split('\n');
  let next = 0;
  let code = 0;
  return categories.map((category) => ({
    name: named.category(category.key),
    entries: category.emoji.split(' ').map((item) => {
      const [, delta, rest, tone] = ENCODED_EMOJI.exec(item) ?? [];
      code += Number.parseInt(delta, 36);
      const emoji = String.fromCodePoint(code) + rest.replaceAll('V', '\uFE0F').replaceAll('J', '\u200D');
      const region = flagRegion(emoji);
      return { emoji, name: lines[next++] || (region ? named.region(region) : ''), skinnable: !!tone };
    }),
  }));
}
