import type { Country } from './dialCodes';

/** Case- and accent-insensitive form of a name or query ("Réunion" and "reunion" meet). */
function fold(text: string): string {
  // Only the combining accents go: in Devanagari, Thai or kana the marks are letters.
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

const startsAWord = (name: string, query: string) => name.split(/[\s'’(),.-]+/).some((word) => word.startsWith(query));

/**
 * The countries matching what the visitor typed in the dial-code search, best first:
 *
 * 0. the ISO code or the whole dial code (`de`, `+49`, `49`)
 * 1. a name (in the widget's language or English) starting with the query
 * 2. a name with a word starting with it
 * 3. a name containing it, or a dial code starting with its digits (`+1` → the Caribbean too)
 *
 * each in the list's own order; accents and case do not matter. An empty query is everything.
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  const folded = fold(query.trim());
  if (!folded) return [...countries];
  const digits = /^\+?\d+$/.test(folded) ? folded.replace('+', '') : '';
  const ranked: Country[][] = [[], [], [], []];
  for (const country of countries) {
    const names = [fold(country.name), fold(country.englishName)];
    const dial = country.dialCode.slice(1);
    let rank: number;
    if (folded === country.code.toLowerCase() || (digits && digits === dial)) rank = 0;
    else if (names.some((name) => name.startsWith(folded))) rank = 1;
    else if (names.some((name) => startsAWord(name, folded))) rank = 2;
    else if (names.some((name) => name.includes(folded)) || (digits && dial.startsWith(digits))) rank = 3;
    else continue;
    ranked[rank].push(country);
  }
  return ranked.flat();
}
