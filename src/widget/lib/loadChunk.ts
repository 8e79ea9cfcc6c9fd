/** Lazy parts of the widget get this long to arrive (docs/behaviour.md#constants). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk that timed out or failed to load (docs/behaviour.md#errors). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** The timer functions the time-out runs on; tests pass fake ones or use fake timers. */
export type ChunkClock = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;

/**
 * The one way the widget loads a lazy part (a locale, the conversation view, the markdown
 * renderer…): a dynamic import raced against the time-out, any failure surfaced as
 * `ChunkLoadError` so views can show the visitor a retry instead of a blank pane. Every lazy
 * stylesheet travels inside its JS chunk (see `adoptStyles`), so no CSS file can fail apart.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS, clock: ChunkClock = globalThis): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clock.clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
