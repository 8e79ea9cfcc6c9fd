import { helpCentreLocale } from '../../src/shared/helpCentre';

describe('the help-centre locale', () => {
  it("is the widget's locale when the portal allows it", () => {
    expect(helpCentreLocale('fr', ['en', 'fr'])).toBe('fr');
    expect(helpCentreLocale('pt_BR', ['pt', 'pt_BR'])).toBe('pt_BR');
  });

  it('is its language part when only that is allowed', () => {
    expect(helpCentreLocale('fr_CA', ['en', 'fr'])).toBe('fr');
    expect(helpCentreLocale('pt_BR', ['en', 'pt'])).toBe('pt');
  });

  it('is the first regional variant of the language when only variants are allowed', () => {
    expect(helpCentreLocale('fr', ['en', 'fr_BE', 'fr_CA'])).toBe('fr_BE');
    expect(helpCentreLocale('pt_PT', ['pt_BR'])).toBe('pt_BR');
  });

  it("is none when the portal has nothing in the visitor's language: no fallback to the portal's default", () => {
    expect(helpCentreLocale('de', ['en', 'fr'])).toBeNull();
    expect(helpCentreLocale('zh_TW', ['en'])).toBeNull();
    expect(helpCentreLocale('en', [])).toBeNull();
  });

  it('prefers the exact locale over the language, and the language over a variant', () => {
    expect(helpCentreLocale('en_GB', ['en_US', 'en', 'en_GB'])).toBe('en_GB');
    expect(helpCentreLocale('en_AU', ['en_US', 'en', 'en_GB'])).toBe('en');
  });

  it('compares codes whatever their case or separator, and answers in the portal’s spelling', () => {
    expect(helpCentreLocale('pt-BR', ['pt_BR'])).toBe('pt_BR');
    expect(helpCentreLocale('zh_TW', ['zh-tw'])).toBe('zh-tw');
    expect(helpCentreLocale('EN', ['en'])).toBe('en');
  });

  it('is none without a widget locale, and skips blank portal entries', () => {
    expect(helpCentreLocale('', ['en'])).toBeNull();
    expect(helpCentreLocale(undefined, ['en'])).toBeNull();
    expect(helpCentreLocale('en', ['', 'en'])).toBe('en');
  });
});
