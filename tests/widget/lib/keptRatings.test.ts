import { keepRating, keptRating } from '../../../src/widget/lib/keptRatings';

/** A storage as the frame's `localStorage` answers, in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("a survey's rating kept until it is sent", () => {
  it('is kept under the survey message, and forgotten once sent', () => {
    const storage = memoryStorage();
    keepRating(storage, 42, 4);
    expect([...storage.items]).toEqual([['wren:csat:42', '4']]);
    expect(keptRating(storage, 42)).toBe(4);
    expect(keptRating(storage, 43)).toBeUndefined();
    keepRating(storage, 42);
    expect(storage.items.size).toBe(0);
  });

  it('reads nothing but a rating of 1 to 5', () => {
    const storage = memoryStorage();
    for (const garbled of ['0', '6', '2.5', '44', 'good', '']) {
      storage.items.set('wren:csat:1', garbled);
      expect(keptRating(storage, 1), garbled).toBeUndefined();
    }
  });

  it('keeps nothing, and throws nothing, without storage or where storage refuses to keep more', () => {
    expect(keptRating(undefined, 1)).toBeUndefined();
    expect(() => keepRating(undefined, 1, 3)).not.toThrow();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => keepRating(full, 1, 3)).not.toThrow();
    expect(keptRating(full, 1)).toBeUndefined();
  });
});
