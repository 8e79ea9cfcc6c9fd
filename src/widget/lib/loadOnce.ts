import { loadChunk } from './loadChunk';

/** A lazy part shared by everything that shows it: what has arrived, and how to ask for it. */
export interface LoadOnce<T> {
  /** The part once it has arrived, so a later render shows it without a loading flash. */
  readonly loaded: T | undefined;
  /** Loads the part through `loadChunk`, at most once at a time; rejects with `ChunkLoadError`. */
  load(): Promise<T>;
}

/**
 * Loads a lazy part once for every caller. A failure is forgotten, so a retry (or the next
 * caller) loads it again instead of being handed the same rejection forever.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  const part: { loaded: T | undefined; load(): Promise<T> } = {
    loaded: undefined,
    load: () =>
      (pending ??= loadChunk(load).then(
        (value) => (part.loaded = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
  return part;
}

/**
 * A model made from a lazy chunk's code (`make`), once, as soon as the chunk is here: `loaded`
 * has it on the first render after the chunk arrived, without waiting for a promise.
 */
export function fromChunk<C, T>(chunk: LoadOnce<C>, make: (code: C) => T): LoadOnce<T> {
  let model: T | undefined;
  const build = (code: C) => (model ??= make(code));
  return {
    get loaded() {
      return chunk.loaded && build(chunk.loaded);
    },
    load: () => chunk.load().then(build),
  };
}
