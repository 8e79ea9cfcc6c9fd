import { CHUNK_TIMEOUT_MS, ChunkLoadError } from '../../../src/widget/lib/loadChunk';
import { loadOnce } from '../../../src/widget/lib/loadOnce';

/** A chunk whose arrival (or failure) the test decides. */
function chunk() {
  const loads: { resolve(value: string): void; reject(error: unknown): void }[] = [];
  const load = vi.fn(() => new Promise<string>((resolve, reject) => loads.push({ resolve, reject })));
  return { load, last: () => loads[loads.length - 1] };
}

describe('a part loaded once', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has nothing loaded before anyone asks, and fetches nothing', () => {
    const { load } = chunk();
    const part = loadOnce(load);
    expect(part.loaded).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches once for callers that ask at the same time, and keeps what arrived', async () => {
    const { load, last } = chunk();
    const part = loadOnce(load);
    const first = part.load();
    const second = part.load();
    last().resolve('markdown');
    await expect(first).resolves.toBe('markdown');
    await expect(second).resolves.toBe('markdown');
    expect(part.loaded).toBe('markdown');
    await part.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    const { load, last } = chunk();
    const part = loadOnce(load);
    const failed = part.load();
    last().reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    expect(part.loaded).toBeUndefined();
    const retried = part.load();
    expect(load).toHaveBeenCalledTimes(2);
    last().resolve('markdown');
    await expect(retried).resolves.toBe('markdown');
  });

  it('gives up with ChunkLoadError when the part does not arrive within 120 s, and retries afresh', async () => {
    const { load, last } = chunk();
    const part = loadOnce(load);
    const waiting = part.load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await waiting).toBeInstanceOf(ChunkLoadError);
    const retried = part.load();
    last().resolve('markdown');
    await expect(retried).resolves.toBe('markdown');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
