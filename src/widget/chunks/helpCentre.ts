import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The help centre (`contents/helpCentre.ts`): fetched by home for an inbox with a portal
 * (`views/Home.tsx`), and by the article route (`routeViews.ts`), which home's list opens.
 */
export const helpCentreChunk = loadOnce(() => withAllStrings(import('./contents/helpCentre')));
