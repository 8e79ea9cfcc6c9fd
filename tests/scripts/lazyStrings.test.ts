// @vitest-environment node
import { readFileSync } from 'node:fs';
import { firstPaintEnglish, LAZY_STRING_PREFIXES, lazyEnglish } from '../../scripts/lazyStrings.mjs';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

describe("lazy features' English strings", () => {
  it('leaves every lazy key out of the first paint, and nothing else', () => {
    const firstPaint = firstPaintEnglish(en);
    const lazy = Object.keys(en).filter((key) => LAZY_STRING_PREFIXES.some((prefix) => key.startsWith(prefix)));
    expect(lazy.length).toBeGreaterThan(20);
    expect(Object.keys(firstPaint).sort()).toEqual(
      Object.keys(en)
        .filter((key) => !lazy.includes(key))
        .sort(),
    );
    expect(firstPaint.START_CONVERSATION).toBe('Start Conversation');
  });

  it("gives a feature's chunk exactly the keys under its prefix", () => {
    const prechat = lazyEnglish(en, 'PRECHAT.');
    expect(prechat['PRECHAT.NO_RESULTS']).toBe('No results found');
    expect(Object.keys(prechat).every((key) => key.startsWith('PRECHAT.'))).toBe(true);
    expect(Object.keys(lazyEnglish(en, 'UNREAD.'))).toEqual(['UNREAD.SEE_NEW', 'UNREAD.CLOSE', 'UNREAD.FROM', 'UNREAD.COUNT']);
  });

  it('refuses a prefix the first paint would still carry (it would ship twice)', () => {
    expect(() => lazyEnglish(en, 'EMOJI.')).toThrow(/add "EMOJI\." to LAZY_STRING_PREFIXES/);
  });
});
