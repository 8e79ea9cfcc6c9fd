import { readRecentEmoji, RECENT_EMOJI_LIMIT, rememberEmoji } from '../../../src/widget/lib/emojiRecents';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('recently used emoji', () => {
  it('puts the newest first and keeps each emoji once', () => {
    const storage = memoryStorage();
    rememberEmoji(storage, '😀');
    rememberEmoji(storage, '🎉');
    expect(rememberEmoji(storage, '😀')).toEqual(['😀', '🎉']);
    expect(readRecentEmoji(storage)).toEqual(['😀', '🎉']);
  });

  it(`keeps only the ${RECENT_EMOJI_LIMIT} most recent`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < RECENT_EMOJI_LIMIT + 4; i++) rememberEmoji(storage, String.fromCodePoint(0x1f600 + i));
    const recents = readRecentEmoji(storage);
    expect(recents).toHaveLength(RECENT_EMOJI_LIMIT);
    expect(recents[0]).toBe(String.fromCodePoint(0x1f600 + RECENT_EMOJI_LIMIT + 3));
  });

  it('reads nothing from garbled or foreign storage', () => {
    expect(readRecentEmoji(memoryStorage({ 'wren:recent-emoji': '{not json' }))).toEqual([]);
    expect(readRecentEmoji(memoryStorage({ 'wren:recent-emoji': '{"a":1}' }))).toEqual([]);
    expect(readRecentEmoji(memoryStorage({ 'wren:recent-emoji': '["😀", 5]' }))).toEqual(['😀']);
  });

  it('still works for this visit when storage is missing or refuses', () => {
    expect(rememberEmoji(undefined, '😀')).toEqual(['😀']);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(rememberEmoji(refusing, '😀')).toEqual(['😀']);
  });
});
