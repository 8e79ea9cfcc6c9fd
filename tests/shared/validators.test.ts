import { isInternationalPhone, isLink, isLoosePhone, startsWithPlus } from '../../src/shared/validators';

describe('the international phone number rule', () => {
  it.each(['', '+12', '+4915112345678', '+447700900123', '+123456789012345'])('accepts %j', (value) => {
    expect(isInternationalPhone(value)).toBe(true);
  });

  it.each([
    ['no plus', '4915112345678'],
    ['a zero after the plus', '+0151123456'],
    ['a plus alone', '+'],
    ['a single digit', '+4'],
    ['16 digits', '+1234567890123456'],
    ['spaces', '+49 151 1234567'],
    ['letters', '+49151abc'],
  ])('refuses %s', (_, value) => {
    expect(isInternationalPhone(value)).toBe(false);
  });
});

describe('the loose phone number rule', () => {
  it.each(['12345', '+12345', '4915112345678', '+44770090012345678'])('accepts %j', (value) => {
    expect(isLoosePhone(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['only 4 digits', '1234'],
    ['a leading zero', '012345'],
    ['a plus and 4 digits', '+1234'],
    ['two pluses', '++12345'],
    ['separators', '123-456'],
  ])('refuses %s', (_, value) => {
    expect(isLoosePhone(value)).toBe(false);
  });
});

describe('a phone input carries its country code', () => {
  it('when it starts with +', () => {
    expect(startsWithPlus('+4915112345678')).toBe(true);
    expect(startsWithPlus('015112345678')).toBe(false);
    expect(startsWithPlus('')).toBe(false);
  });
});

describe('the link rule', () => {
  it.each(['', 'http://example.com', 'https://example.com/path?q=1', 'https'])('accepts %j', (value) => {
    expect(isLink(value)).toBe(true);
  });

  it.each(['example.com', 'ftp://example.com', 'javascript:alert(1)', ' https://example.com', 'HTTP://EXAMPLE.COM'])(
    'refuses %j',
    (value) => {
      expect(isLink(value)).toBe(false);
    },
  );
});
