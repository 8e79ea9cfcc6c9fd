import { searchEmoji } from '../../../src/widget/lib/emojiSearch';

const entry = (emoji: string, name: string) => ({ emoji, name, skinnable: false });
const entries = [
  entry('😀', 'grinning face'),
  entry('☕', 'hot beverage'),
  entry('🐈', 'cat'),
  entry('😺', 'grinning cat'),
  entry('🎉', 'party popper'),
];

describe('searching emoji by name', () => {
  it('finds every emoji whose name contains the query, names starting with it first', () => {
    expect(searchEmoji(entries, 'cat', 'en').map((e) => e.emoji)).toEqual(['🐈', '😺']);
  });

  it('ranks a word that starts with the query above a match inside a word', () => {
    const found = searchEmoji([entry('🅰', 'scatter'), entry('😺', 'grinning cat')], 'cat', 'en');
    expect(found.map((e) => e.emoji)).toEqual(['😺', '🅰']);
  });

  it('needs every word of the query, in any order', () => {
    expect(searchEmoji(entries, 'face grin', 'en').map((e) => e.emoji)).toEqual(['😀']);
  });

  it('ignores case and accents, so "cafe" finds "Café"', () => {
    expect(searchEmoji([entry('☕', 'Café chaud')], 'CAFE', 'fr')).toHaveLength(1);
  });

  it('keeps marks that are letters in other scripts', () => {
    const kana = [entry('🐱', 'ねこ'), entry('🎮', 'げーむ')];
    expect(searchEmoji(kana, 'け', 'ja')).toEqual([]);
    expect(searchEmoji(kana, 'げ', 'ja').map((e) => e.emoji)).toEqual(['🎮']);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchEmoji(entries, '   ', 'en')).toEqual([]);
  });

  it('finds nothing when no name matches', () => {
    expect(searchEmoji(entries, 'zebra', 'en')).toEqual([]);
  });
});
