import { LOCALES } from '../../../src/shared/locales';
import { LOCALE_CHUNKS } from '../../../src/widget/i18n/localeChunks';

describe('the locale chunks', () => {
  it('are every locale but en, which the first paint carries', () => {
    expect(Object.keys(LOCALE_CHUNKS).sort()).toEqual(LOCALES.filter((code) => code !== 'en').sort());
  });

  it("each load that locale's strings", async () => {
    const de = await LOCALE_CHUNKS.de();
    const en = await import('../../../locales/en.json');
    expect(Object.keys(de.default).sort()).toEqual(Object.keys(en.default).sort());
    expect(de.default.CHAT_WITH_US).not.toBe(en.default.CHAT_WITH_US);
  });
});
