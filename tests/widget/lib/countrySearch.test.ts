import { searchCountries } from '../../../src/widget/lib/countrySearch';
import { countriesIn } from '../../../src/widget/lib/dialCodes';

const english = countriesIn('en');
const codes = (query: string, list = english) => searchCountries(list, query).map((country) => country.code);

describe('the dial-code search', () => {
  it('lists every country for an empty query', () => {
    expect(codes('  ')).toHaveLength(english.length);
  });

  it('finds countries by name, the names that start with the query first', () => {
    const found = codes('ger');
    expect(found[0]).toBe('DE');
    expect(found).toContain('NG'); // Nigeria contains "ger"
    expect(found.indexOf('DE')).toBeLessThan(found.indexOf('NG'));
    expect(codes('united').slice(0, 3).sort()).toEqual(['AE', 'GB', 'US']);
  });

  it('finds a country by a later word of its name', () => {
    expect(codes('kingdom')).toContain('GB');
    expect(codes('zealand')).toEqual(['NZ']);
  });

  it('finds countries by dial code, with or without the plus', () => {
    expect(codes('+44').slice(0, 4).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(codes('49')[0]).toBe('DE');
    // "+1" is the US and Canada first, then the Caribbean numbers that start with it.
    const one = codes('+1');
    expect(one.slice(0, 2).sort()).toEqual(['CA', 'US']);
    expect(one).toContain('JM');
  });

  it('finds a country by its ISO code, in any case', () => {
    expect(codes('de')[0]).toBe('DE');
    expect(codes('JP')[0]).toBe('JP');
  });

  it('ignores accents and case both ways', () => {
    expect(codes('reunion')).toContain('RE');
    expect(codes('Réunion')).toContain('RE');
    expect(codes('cote d')).toContain('CI');
    expect(codes('ÅLAND')).toContain('AX');
  });

  it('matches the English name in another language, and the local one', () => {
    const german = countriesIn('de');
    expect(codes('germany', german)).toContain('DE');
    expect(codes('österreich', german)).toEqual(['AT']);
    expect(codes('osterreich', german)).toEqual(['AT']);
  });

  it('finds nothing for a query nothing matches', () => {
    expect(codes('qqqzzz')).toEqual([]);
    expect(codes('+999')).toEqual([]);
  });
});
