/** What the picker knows about one emoji. */
export interface EmojiEntry {
  /** The emoji as text, without a skin tone. */
  emoji: string;
  /** Its name in the widget's locale (the dataset's English where it has no such locale). */
  name: string;
  /** Takes a skin tone the way `withSkinTone` builds it. */
  skinnable: boolean;
}

/** One dataset locale's strings, as the build generates them (scripts/emojiData.mjs). */
export interface EmojiNames {
  /** One name per line, in the order of the categories' emoji. */
  names: string;
  /** Category names, in category order. */
  groups: string[];
  /** The five skin tones, light to dark. */
  tones: string[];
}

export interface EmojiCategory {
  name: string;
  entries: EmojiEntry[];
}

/** Marks an emoji that takes a skin tone in the generated data. */
const SKINNABLE_MARK = '~';

/** The Fitzpatrick modifiers, light to dark, in the order of `EmojiNames.tones`. */
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

/** Joins the generated categories with a locale's names. */
export function buildCatalog(categories: { key: number; emoji: string }[], names: EmojiNames): EmojiCategory[] {
  const lines = names.names.split('\n');
  let next = 0;
  return categories.map((category, index) => ({
    name: names.groups[index] ?? '',
    entries: category.emoji.split(' ').map((item) => {
      const skinnable = item.endsWith(SKINNABLE_MARK);
      return { emoji: skinnable ? item.slice(0, -1) : item, name: lines[next++] ?? '', skinnable };
    }),
  }));
}
