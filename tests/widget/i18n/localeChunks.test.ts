import { loadLocaleStrings } from '../../../src/widget/i18n/localeChunks';

describe('a locale file', () => {
  it("holds that locale's strings the widget shows, every key English has", async () => {
    const de = await loadLocaleStrings('de');
    const en = await import('../../../locales/en.json');
    const widgetKeys = Object.keys(en.default).filter((key) => !key.startsWith('SERVER.') && !key.startsWith('LAUNCHER.'));
    expect(Object.keys(de.default).sort()).toEqual(widgetKeys.sort());
    expect(de.default.CHAT_WITH_US).not.toBe(en.default.CHAT_WITH_US);
  });
});
