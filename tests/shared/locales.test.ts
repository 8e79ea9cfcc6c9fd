import { chooseLocale, languageTag, LOCALE_PATTERN, LOCALES, textDirection } from '../../src/shared/locales';

describe('choosing a locale', () => {
  const available = ['en', 'fr', 'pt', 'pt_BR', 'zh_CN'];

  it('uses the full locale when it is available', () => {
    expect(chooseLocale('pt_BR', available, 'en')).toBe('pt_BR');
  });

  it('uses the language part when only that is available', () => {
    expect(chooseLocale('fr_CA', available, 'en')).toBe('fr');
  });

  it('keeps the current locale when neither is available', () => {
    expect(chooseLocale('de_AT', available, 'fr')).toBe('fr');
    expect(chooseLocale('de', available, 'fr')).toBe('fr');
  });

  it('keeps the current locale when there is no candidate', () => {
    expect(chooseLocale(undefined, available, 'pt')).toBe('pt');
    expect(chooseLocale('', available, 'pt')).toBe('pt');
  });

  it('accepts the browser form pt-BR', () => {
    expect(chooseLocale('pt-BR', available, 'en')).toBe('pt_BR');
  });

  it('falls back from a browser form to its language', () => {
    expect(chooseLocale('pt-PT', available, 'en')).toBe('pt');
  });

  it('offers the 39 interface locales, en among them', () => {
    expect(LOCALES).toHaveLength(39);
    expect(LOCALES).toContain('en');
    expect(LOCALES).toContain('pt_BR');
    expect(LOCALES).toContain('zh_TW');
  });
});

describe('the text direction of a locale', () => {
  it.each([
    ['ar', 'rtl'],
    ['fa', 'rtl'],
    ['he', 'rtl'],
    ['ar_EG', 'rtl'],
    ['en', 'ltr'],
    ['pt_BR', 'ltr'],
    ['', 'ltr'],
  ])('reads %j as %s', (code, dir) => {
    expect(textDirection(code)).toBe(dir);
  });
});

describe('the language tag of a locale', () => {
  it.each([
    ['en', 'en'],
    ['pt_BR', 'pt-BR'],
    ['zh_TW', 'zh-TW'],
    // Wren's Serbian is written in Latin script; plain `sr` reads as Cyrillic.
    ['sr', 'sr-Latn'],
  ])('writes %s as %s', (locale, tag) => {
    expect(languageTag(locale)).toBe(tag);
  });
});

describe('the locales a site may ask for', () => {
  it('are exactly the languages of the interface locales, with or without a region', () => {
    const languages = new Set(LOCALES.map((locale) => locale.split('_')[0]));
    const inPattern = LOCALE_PATTERN.source.match(/\^\(([^)]*)\)/)![1].split('|');
    expect(new Set(inPattern)).toEqual(languages);
    for (const locale of LOCALES) expect(LOCALE_PATTERN.test(locale)).toBe(true);
    for (const asked of ['fr_CA', 'pt-BR', 'zh', 'de-AT']) expect(LOCALE_PATTERN.test(asked)).toBe(true);
  });

  it.each(['xx_YY', 'xx', 'FR', 'french', 'fr_', ' fr', '42', ''])('do not include %j', (asked) => {
    expect(LOCALE_PATTERN.test(asked)).toBe(false);
  });
});
