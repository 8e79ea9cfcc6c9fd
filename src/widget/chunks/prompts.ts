import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/** The prompts over a closed chat (`contents/prompts.ts`): fetched by their routes (`routeViews.ts`). */
export const promptsChunk = loadOnce(() => withAllStrings(import('./contents/prompts')));
