import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import en from '../../locales/en.json';
import {
  checkFirstPaintKeys,
  firstPaintStrings,
  isFirstPaintKey,
  isWidgetKey,
  PART_NAMESPACES,
  partStrings,
  restStrings,
  SHARE_QUERY,
} from '../../scripts/firstPaintStrings.mjs';

describe('the first paint’s share of the strings', () => {
  it('keeps keys without a namespace and those of the header and availability', () => {
    expect(isFirstPaintKey('CHAT_WITH_US')).toBe(true);
    expect(isFirstPaintKey('HEADER.CLOSE')).toBe(true);
    expect(isFirstPaintKey('TEAM_AVAILABILITY.ONLINE')).toBe(true);
    expect(isFirstPaintKey('REPLY_TIME.BACK_IN')).toBe(true);
    expect(isFirstPaintKey('CONNECTION.LOST')).toBe(true);
  });

  it('leaves out every feature namespace', () => {
    for (const key of ['MESSAGE.FAILED', 'EMOJI.SEARCH', 'CSAT.TITLE', 'PORTAL.POPULAR_ARTICLES', 'ATTACHMENT.ADD']) {
      expect(isFirstPaintKey(key)).toBe(false);
    }
  });

  it('is a subset of English in its order, and leaves most of it out', () => {
    const subset = firstPaintStrings(en);
    const keys = Object.keys(en);
    expect(Object.keys(subset)).toEqual(keys.filter(isFirstPaintKey));
    expect(Object.keys(subset).length).toBeLessThan(keys.length / 2);
  });

  it('leaves the first paint’s strings out of the rest, which with them and the lazy parts’ own makes every string the widget shows', () => {
    const rest = restStrings(en);
    expect(Object.keys(rest).filter(isFirstPaintKey)).toEqual([]);
    const widgetStrings = Object.fromEntries(Object.entries(en).filter(([key]) => isWidgetKey(key)));
    const parts = Object.keys(PART_NAMESPACES).map((part) => partStrings(en, part));
    expect(Object.assign({ ...firstPaintStrings(en), ...rest }, ...parts)).toEqual(widgetStrings);
  });

  it("has each lazy part's strings named only in the module that imports them, so none shows before its chunk", async () => {
    const sources = await Promise.all(
      (await readdir('src/widget', { recursive: true }))
        .filter((file) => /\.tsx?$/.test(file))
        .map(async (file) => ({ file, code: await readFile(join('src/widget', file), 'utf8') })),
    );
    for (const [part, namespaces] of Object.entries(PART_NAMESPACES)) {
      const naming = sources.filter(({ code }) => namespaces.some((namespace) => new RegExp(`['"\`]${namespace}\\.`).test(code)));
      expect(naming.length, part).toBeGreaterThan(0);
      for (const { file, code } of naming) expect(code, `${file} names ${part}'s strings`).toContain(`en.json?${part}'`);
    }
  });

  it('gives the emoji picker its own strings, which the rest (fetched with every open) leaves out', () => {
    const picker = partStrings(en, 'emoji-picker');
    expect(Object.keys(picker)).toContain('EMOJI.SMILEYS');
    expect(Object.keys(picker).every((key) => key.startsWith('EMOJI.'))).toBe(true);
    expect(Object.keys(restStrings(en)).filter((key) => key.startsWith('EMOJI.'))).toEqual([]);
    // The composer's button, outside the picker, is named by a string of the rest.
    expect(restStrings(en)['COMPOSER.EMOJI']).toBe('Insert emoji');
    expect(SHARE_QUERY.test('locales/en.json?emoji-picker')).toBe(true);
  });

  it("leaves out the server's and the loader's strings, which the widget never shows", () => {
    expect(isWidgetKey('SERVER.EMAIL_COLLECT')).toBe(false);
    expect(isWidgetKey('LAUNCHER.UNAVAILABLE')).toBe(false);
    expect(isWidgetKey('HEADER.CLOSE')).toBe(true);
    expect(Object.keys(restStrings(en)).some((key) => key.startsWith('LAUNCHER.'))).toBe(false);
  });

  it('fails a build whose first paint names a string it does not carry', () => {
    const keys = Object.keys(en);
    expect(() => checkFirstPaintKeys(['t("HEADER.BACK");t("CHAT_WITH_US")'], keys)).not.toThrow();
    expect(() => checkFirstPaintKeys(['x("HEADER.BACK")', "y('MESSAGE.FAILED')"], keys)).toThrow(/MESSAGE\.FAILED/);
  });
});
