/** Lazy parts of the widget get this long to arrive (SPEC.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk that timed out or failed to load (SPEC.md §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A stylesheet chunk that failed to load (SPEC.md §8). */
export class CssChunkLoadError extends Error {
  override name = 'CSS_CHUNK_LOAD_FAILED';
}

/**
 * The one way the widget loads a lazy part (a locale, the pre-chat form, the emoji picker…):
 * a dynamic import raced against the time-out, any failure surfaced as `ChunkLoadError` so
 * views can show the visitor a retry instead of a blank pane.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/** Loads a stylesheet chunk; rejects with `CSS_CHUNK_LOAD_FAILED` when it cannot be fetched. */
export function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new CssChunkLoadError(`Could not load ${href}`));
    };
    document.head.append(link);
  });
}
