import { loadOnce } from '../lib/loadOnce';

/**
 * The maintained URLPattern polyfill (urlpattern-polyfill): only for campaigns written in
 * URLPattern syntax, in a browser without `URLPattern` (`lib/campaigns.ts` `urlPatternFor`).
 */
export const urlPatternChunk = loadOnce(() => import('urlpattern-polyfill/urlpattern'));
