/**
 * The emoji picker's data, trimmed at build time from `emojibase-data` to what the picker shows
 * (docs/architecture.md: lazy chunks). An esbuild plugin serves it as virtual modules, so no
 * generated file is committed or left behind:
 *
 *   emoji-data                the emoji, category by category, and `loadEmojiNames(locale)`
 *   emoji-data/emoji-names-<code>   one dataset locale's emoji names
 *
 * Trimmed away: the `component` category (bare skin tones, hair styles), the regional letters,
 * every skin-tone variant (the picker derives them, see `skinnable`), keywords, shortcodes, the
 * names of countries' flags (the picker asks `Intl`, see `namesFor`), and emoji newer than
 * MAX_EMOJI_VERSION (most visitors' fonts would draw them as empty boxes).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compactScriptModule } from './compactScript.mjs';

const require = createRequire(import.meta.url);

/** Emoji 15.0 (2022): drawn by every current Windows, macOS, iOS and Android font. */
export const MAX_EMOJI_VERSION = 15;

/** Emojibase's `component` group: tones and hair pieces, not emoji anyone sends alone. */
const COMPONENT_GROUP = 2;

/** The five Fitzpatrick modifiers, light to dark, in the order of the picker's tone choice. */
export const SKIN_TONE_MODIFIERS = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];

/** Separates a category's emoji in the generated data; `~` marks one that takes a skin tone. */
export const SKINNABLE_MARK = '~';

/** Stand for U+FE0F (emoji presentation) and U+200D (zero-width joiner) in the generated data: the commonest code points after an emoji's first. */
export const PRESENTATION_MARK = 'V';
export const JOINER_MARK = 'J';

/**
 * The emoji as the picker's data carries them (decoded by `src/widget/lib/emojiCatalog.ts`): each emoji's first
 * code point as its distance from the previous emoji's first, in base 36, then the rest of the
 * emoji as text with U+FE0F written `V` and U+200D `J`, then `~` when it takes a skin tone. Emoji listed in
 * order sit a few code points apart (😀 😃 😄 are 1F600, 1F603, 1F604), so this compresses about
 * 480 bytes (brotli) better than the emoji themselves; the data is read once as the picker opens.
 */
export function encodeEmoji(groups) {
  let previous = 0;
  return groups.map((g) =>
    g.emoji
      .map((e) => {
        const [first, ...rest] = Array.from(e.emoji);
        // The markers and the digits are ASCII: an emoji's later code points never are.
        if (rest.some((c) => c < '\x80')) throw new Error(`emoji ${e.hexcode} has an ASCII code point after its first`);
        const code = first.codePointAt(0);
        const delta = code - previous;
        previous = code;
        const marked = rest.join('').replaceAll('\uFE0F', PRESENTATION_MARK).replaceAll('\u200D', JOINER_MARK);
        return delta.toString(36) + marked + (e.skinnable ? SKINNABLE_MARK : '');
      })
      .join(' '),
  );
}

/**
 * The toned form of an emoji the way the picker builds it: the modifier right after the first
 * code point, in place of a presentation selector there (e.g. 🏃‍♀️ → 🏃🏽‍♀️).
 */
export function withSkinTone(emoji, modifier) {
  const [first, ...rest] = Array.from(emoji);
  if (rest[0] === '\uFE0F') rest.shift();
  return [first, modifier, ...rest].join('');
}

/**
 * Whether every toned form emojibase lists is what `withSkinTone` builds. Emoji whose tones sit
 * elsewhere (two people, each with a tone) are offered untoned rather than shipped variant by variant.
 */
export function skinnable(entry) {
  if (!entry.skins?.length) return false;
  const listed = new Set(entry.skins.map((skin) => skin.emoji ?? skin.unicode));
  return SKIN_TONE_MODIFIERS.every((modifier) => listed.has(withSkinTone(entry.emoji ?? entry.unicode, modifier)));
}

/**
 * The picker's emoji from emojibase's full English data: categories in emojibase order, each a
 * list of `{ hexcode, emoji, skinnable }`.
 */
export function trimEmoji(data, maxVersion = MAX_EMOJI_VERSION) {
  const groups = new Map();
  const shown = data
    .filter((e) => e.group !== undefined && e.group !== COMPONENT_GROUP && e.version <= maxVersion)
    .sort((a, b) => a.order - b.order);
  for (const e of shown) {
    if (!groups.has(e.group)) groups.set(e.group, []);
    groups.get(e.group).push({ hexcode: e.hexcode, emoji: e.emoji, skinnable: skinnable(e) });
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([group, emoji]) => ({ group, emoji }));
}

/**
 * The emojibase locale whose names serve a Wren locale (docs/behaviour.md#locales codes), or undefined when
 * the dataset has none and English names serve: the full code first, then its language.
 */
export function datasetLocale(wrenLocale, available) {
  const special = { pt_BR: 'pt', zh_CN: 'zh', zh_TW: 'zh-hant', no: 'nb' };
  const candidates = [special[wrenLocale], wrenLocale.replace('_', '-').toLowerCase(), wrenLocale.split('_')[0]];
  return candidates.find((code) => code && available.includes(code));
}

/** The two regional indicator letters of a country's flag (🇩🇪), whose name the picker takes from `Intl`. */
export const COUNTRY_FLAG = /^[\u{1F1E6}-\u{1F1FF}]{2}$/u;

/**
 * One dataset locale's names, in the order of `trimEmoji`'s emoji: one per line, a missing
 * translation falls back to English. A country's flag gets an empty line: the picker names it
 * with `Intl.DisplayNames` in the widget's own language, which saves shipping 258 country names
 * per locale and names flags in the locales emojibase lacks too. Category and skin-tone names
 * are the widget's own strings (locales/*.json), so every locale has them.
 */
export function namesFor(groups, compact, english) {
  const byHexcode = new Map(compact.map((e) => [e.hexcode, e.label]));
  const englishByHexcode = new Map(english.map((e) => [e.hexcode, e.label]));
  const name = (e) => (COUNTRY_FLAG.test(e.emoji) ? '' : (byHexcode.get(e.hexcode) ?? englishByHexcode.get(e.hexcode)));
  return { names: groups.flatMap((g) => g.emoji.map(name)).join('\n') };
}

const dataDir = () => dirname(require.resolve('emojibase-data/package.json'));
const readJson = (path) => JSON.parse(readFileSync(`${dataDir()}/${path}`, 'utf8'));
const datasetLocales = () =>
  readdirSync(dataDir(), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['meta', 'versions'].includes(d.name))
    .map((d) => d.name);

/** Source of the `emoji-data` module for the given Wren locales. */
export function emojiModule(groups, wrenLocales, available) {
  const loaders = wrenLocales
    .map((code) => [code, datasetLocale(code, available)])
    .filter(([, dataset]) => dataset && dataset !== 'en')
    .map(([code, dataset]) => `    case ${JSON.stringify(code)}: return import(${JSON.stringify(`emoji-data/emoji-names-${dataset}`)});`);
  const encoded = encodeEmoji(groups);
  const categories = groups.map((g, i) => ({ key: g.group, emoji: encoded[i] }));
  return [
    `export const CATEGORIES = ${JSON.stringify(categories)};`,
    'export function loadEmojiNames(locale) {',
    '  switch (locale) {',
    ...loaders,
    '    default: return import("emoji-data/emoji-names-en");',
    '  }',
    '}',
  ].join('\n');
}

/** A names module: the names as one string, in two bytes a letter where that is smaller (scripts/compactScript.mjs). */
const namesModule = (names) =>
  compactScriptModule(names, (text, restore) => `export default ${JSON.stringify(text)}${restore ? `.replace(${restore})` : ''};`);

/** The virtual modules' ids: `emoji-data` and `emoji-data/emoji-names-<dataset code>`. */
export const EMOJI_DATA_ID = /^emoji-data(\/emoji-names-[\w-]+)?$/;

/**
 * A source of the virtual modules for the given Wren locales: `load(id)` answers `emoji-data`, or
 * a names module, whose default export is its text (one name per line), as JavaScript. The build (below) and vitest (vitest.config.mjs)
 * serve the same data.
 */
export function emojiDataSource(wrenLocales) {
  let groups;
  const trimmed = () => (groups ??= trimEmoji(readJson('en/data.json')));
  return {
    load(id) {
      if (id === 'emoji-data') return { contents: emojiModule(trimmed(), wrenLocales, datasetLocales()), loader: 'js' };
      const code = id.slice('emoji-data/emoji-names-'.length);
      const { names } = namesFor(trimmed(), readJson(`${code}/compact.json`), readJson('en/compact.json'));
      return { contents: namesModule(names), loader: 'js' };
    },
  };
}

/**
 * esbuild plugin serving `emoji-data` and `emoji-data/emoji-names-<code>` (see the top of this
 * file); the names' chunks are called `emoji-names-<code>.js` (scripts/buildFolder.mjs), apart from the locales'.
 */
export function emojiDataPlugin(wrenLocales) {
  return {
    name: 'emoji-data',
    setup(b) {
      const source = emojiDataSource(wrenLocales);
      b.onResolve({ filter: EMOJI_DATA_ID }, (args) => ({ path: args.path, namespace: 'emoji-data' }));
      b.onLoad({ filter: /.*/, namespace: 'emoji-data' }, (args) => source.load(args.path));
    },
  };
}
