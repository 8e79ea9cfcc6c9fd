import { loadOnce } from '../../lib/loadOnce';

export type InteractiveKinds = typeof import('../../chunks/interactive');

/** The interactive message kinds (form, options, cards…), one lazy chunk for every bubble. */
export const interactive = loadOnce<InteractiveKinds>(() => import('../../chunks/interactive'));

/** Loads the interactive message kinds; a failure is forgotten, so a retry loads again. */
export const loadInteractive = interactive.load;
