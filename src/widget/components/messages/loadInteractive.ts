import { loadChunk } from '../../lib/loadChunk';

export type InteractiveKinds = typeof import('./interactive');

let loading: Promise<InteractiveKinds> | undefined;

/** The components of the interactive kinds, once they have loaded (for a first render without a flash). */
export let interactiveKinds: InteractiveKinds | undefined;

/**
 * Loads the interactive message kinds once for every bubble. A failure is forgotten, so a
 * retry (or the next such message) loads again.
 */
export function loadInteractive(): Promise<InteractiveKinds> {
  loading ??= loadChunk(() => import('./interactive')).then(
    (module) => (interactiveKinds = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
