import { createRequire } from 'node:module';
// @ts-expect-error the build script is plain JavaScript without types
import { datasetLocale, encodeEmoji, namesFor, trimEmoji } from '../../scripts/emojiData.mjs';
import { buildCatalog, flagRegion, withSkinTone, SKIN_TONE_MODIFIERS } from '../../src/widget/lib/emojiCatalog';

const require = createRequire(import.meta.url);
type Trimmed = { group: number; emoji: { hexcode: string; emoji: string; skinnable: boolean }[] }[];
const data = require('emojibase-data/en/data.json') as { hexcode: string; skins?: { emoji: string }[] }[];
const groups: Trimmed = trimEmoji(data);
const encoded: string[] = encodeEmoji(groups);
const categories = groups.map((g, i) => ({ key: g.group, emoji: encoded[i] }));
const regionIn = (locale: string) => {
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  return (code: string) => regions.of(code) ?? code;
};

describe('the emoji data the build trims from emojibase', () => {
  it('keeps nine categories without the components (bare skin tones, hair)', () => {
    expect(groups).toHaveLength(9);
    const all = groups.flatMap((g) => g.emoji.map((e) => e.emoji));
    expect(all).toContain('😀');
    expect(all).not.toContain('\u{1F3FB}');
    expect(all.length).toBeGreaterThan(1500);
  });

  it('builds every toned form emojibase lists for the emoji it marks skinnable, the way the picker does', () => {
    const byHexcode = new Map(data.map((e) => [e.hexcode, e]));
    const skinnable = groups.flatMap((g) => g.emoji).filter((e) => e.skinnable);
    expect(skinnable.length).toBeGreaterThan(250);
    for (const entry of skinnable) {
      const listed = byHexcode.get(entry.hexcode)!.skins!.map((s) => s.emoji);
      for (const modifier of SKIN_TONE_MODIFIERS) expect(listed).toContain(withSkinTone(entry.emoji, modifier));
    }
  });

  it('offers no tone for emoji whose tones sit elsewhere (two people holding hands)', () => {
    const people = groups.flatMap((g) => g.emoji).find((e) => e.emoji === '🧑‍🤝‍🧑');
    expect(people?.skinnable).toBe(false);
  });

  it('carries the emoji compactly, and the picker reads back every one and whether it takes a tone', () => {
    const catalog = buildCatalog(categories, '', { category: String, region: String });
    expect(catalog.map((c) => c.entries.map((e) => [e.emoji, e.skinnable]))).toEqual(
      groups.map((g) => g.emoji.map((e) => [e.emoji, e.skinnable])),
    );
  });

  it("gives names in the order of the emoji, in the dataset's language", () => {
    const names = namesFor(groups, require('emojibase-data/de/compact.json'), require('emojibase-data/en/compact.json'));
    const catalog = buildCatalog(categories, names.names, { category: (key) => `group ${key}`, region: regionIn('de') });
    expect(catalog[0].entries[0]).toMatchObject({ emoji: '😀', name: 'grinsendes Gesicht' });
    expect(catalog.map((c) => c.name)).toEqual(groups.map((g) => `group ${g.group}`));
  });

  it("leaves countries' flags unnamed, for the picker to name in the widget's language", () => {
    const names = namesFor(groups, require('emojibase-data/en/compact.json'), require('emojibase-data/en/compact.json'));
    const lines: string[] = names.names.split('\n');
    const all = groups.flatMap((g) => g.emoji);
    expect(lines).toHaveLength(all.length);
    const unnamed = all.filter((_, i) => lines[i] === '').map((e) => e.emoji);
    expect(unnamed.length).toBeGreaterThan(250);
    // Exactly the flags whose region the picker can read: no emoji is left without a name.
    expect(unnamed.every((emoji) => flagRegion(emoji) !== undefined)).toBe(true);
    expect(all.filter((e) => flagRegion(e.emoji) !== undefined)).toHaveLength(unnamed.length);
    // Flags that are not a country's keep their dataset name.
    expect(lines[all.findIndex((e) => e.emoji === '🏴‍☠️')]).toBe('pirate flag');

    const catalog = buildCatalog(categories, names.names, { category: String, region: regionIn('ar') });
    const flags = catalog.flatMap((c) => c.entries);
    expect(flags.find((e) => e.emoji === '🇩🇪')?.name).toBe('ألمانيا');
    expect(flags.find((e) => e.emoji === '🇯🇵')?.name).toBe('اليابان');
  });

  it("serves each Wren locale with the dataset's language where it has one", () => {
    const available = ['de', 'en', 'pt', 'zh', 'zh-hant', 'nb', 'es-mx', 'es'];
    expect(datasetLocale('de', available)).toBe('de');
    expect(datasetLocale('pt_BR', available)).toBe('pt');
    expect(datasetLocale('zh_TW', available)).toBe('zh-hant');
    expect(datasetLocale('zh_CN', available)).toBe('zh');
    expect(datasetLocale('no', available)).toBe('nb');
    expect(datasetLocale('ar', available)).toBeUndefined();
  });
});
