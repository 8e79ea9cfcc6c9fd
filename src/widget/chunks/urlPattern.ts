import type { UrlPatternConstructor } from '../../shared/campaigns';
import { loadOnce } from '../lib/loadOnce';

/** `sdk-urlpattern-<hash>.js`, the file the loader's campaign matcher fetches too (build.mjs). */
declare const __WREN_URL_PATTERN__: string;

/**
 * The URLPattern polyfill (urlpattern-polyfill), for a campaign in URLPattern syntax in a browser
 * without `URLPattern` (shared/campaigns.ts `urlPatternFor`). One file outside the widget's build,
 * shared with the loader's campaign matcher, in `js/` beside the build's folder: its address is
 * relative to the chunk that imports it (scripts/buildFolder.mjs), held in a variable so that it
 * is left to the browser, not to the bundler.
 */
export const urlPatternChunk = loadOnce((): Promise<{ URLPattern: UrlPatternConstructor }> => {
  const file = `../${__WREN_URL_PATTERN__}`;
  return import(/* @vite-ignore */ file);
});
