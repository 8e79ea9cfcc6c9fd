import { browserCountry, countriesIn, DIAL_CODES, flagOf } from '../../../src/widget/lib/dialCodes';

describe('the dial-code table', () => {
  it('has every country once, with a plus and 1 to 4 digits', () => {
    const codes = DIAL_CODES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(240);
    for (const [code, dial] of DIAL_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(dial).toMatch(/^\+[1-9]\d{0,3}$/);
    }
  });

  it.each([
    ['DE', '+49'],
    ['US', '+1'],
    ['CA', '+1'],
    ['GB', '+44'],
    ['IN', '+91'],
    ['KZ', '+7'],
    ['JM', '+1876'],
    ['CI', '+225'],
    ['VA', '+39'],
  ])('dials %s with %s', (code, dial) => {
    expect(new Map(DIAL_CODES).get(code)).toBe(dial);
  });
});

describe('country names and flags', () => {
  it('names countries in the widget language, sorted the way it sorts', () => {
    const german = countriesIn('de');
    expect(german.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(german.find((c) => c.code === 'DE')?.englishName).toBe('Germany');
    // "Österreich" sorts with O in German, not after Z.
    const names = german.map((c) => c.name);
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
    expect(countriesIn('ar').find((c) => c.code === 'EG')?.name).toBe('مصر');
  });

  it('draws a flag from the two regional-indicator letters of the code', () => {
    expect(flagOf('DE')).toBe('🇩🇪');
    expect(flagOf('jp')).toBe('🇯🇵');
    expect(countriesIn('en').find((c) => c.code === 'FR')?.flag).toBe('🇫🇷');
  });
});

describe("the browser's country", () => {
  it.each([
    ['de-AT', 'AT'],
    ['en-GB', 'GB'],
    ['pt-BR', 'BR'],
    ['fr', 'FR'],
    ['ja', 'JP'],
    ['es-419', undefined],
    ['', undefined],
    ['not a language tag', undefined],
  ])('%j → %s', (language, country) => {
    expect(browserCountry(language)).toBe(country);
  });
});
