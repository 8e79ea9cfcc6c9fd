import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../../../src/widget/lib/loadChunk';

/** Resolves with the rejection so a test can look at it (and so it is never unhandled). */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('loading a chunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time', async () => {
    const module = { default: 'strings' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('fails with ChunkLoadError when the chunk takes longer than 120 s', async () => {
    const result = settle(loadChunk(() => new Promise(() => undefined)));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    const { error } = (await result) as { error: Error };
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.name).toBe('ChunkLoadError');
  });

  it('is still waiting just before 120 s', async () => {
    let outcome: unknown;
    settle(loadChunk(() => new Promise(() => undefined))).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ error: expect.any(ChunkLoadError) });
  });

  it('uses a 120 000 ms time-out', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('wraps a failed import in a ChunkLoadError', async () => {
    const { error } = (await settle(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))))) as {
      error: Error;
    };
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toContain('Failed to fetch dynamically imported module');
  });

  it('passes a ChunkLoadError through unchanged', async () => {
    const original = new ChunkLoadError('missing part');
    await expect(loadChunk(() => Promise.reject(original))).rejects.toBe(original);
  });

  it('clears its time-out once the chunk has arrived', async () => {
    await loadChunk(() => Promise.resolve('ok'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its time-out once the chunk has failed', async () => {
    await settle(loadChunk(() => Promise.reject(new Error('404'))));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours a shorter time-out', async () => {
    const result = settle(loadChunk(() => new Promise(() => undefined), 1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ error: expect.any(ChunkLoadError) });
  });
});

describe('loading a chunk on an injected clock', () => {
  it('arms its time-out on the clock it is given and clears it on arrival', async () => {
    const clock = { setTimeout: vi.fn(() => 7 as unknown as ReturnType<typeof setTimeout>), clearTimeout: vi.fn() };
    await loadChunk(() => Promise.resolve('ok'), CHUNK_TIMEOUT_MS, clock as never);
    expect(clock.setTimeout).toHaveBeenCalledWith(expect.any(Function), CHUNK_TIMEOUT_MS);
    expect(clock.clearTimeout).toHaveBeenCalledWith(7);
  });

  it('fails with ChunkLoadError when the injected clock fires', async () => {
    let fire!: () => void;
    const clock = { setTimeout: (callback: () => void) => ((fire = callback), 1), clearTimeout: () => undefined };
    const result = settle(loadChunk(() => new Promise(() => undefined), CHUNK_TIMEOUT_MS, clock as never));
    fire();
    expect(await result).toMatchObject({ error: expect.any(ChunkLoadError) });
  });
});
