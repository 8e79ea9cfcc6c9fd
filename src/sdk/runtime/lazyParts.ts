/**
 * The runtime's own lazy parts, each a self-contained file next to it under /packs/js, built by
 * build.mjs and named to the runtime: fetched only when a page needs them, so a click on the
 * launcher pays for neither. Their addresses are resolved against the runtime's own (not left to
 * the bundler, which would look for the files at build time).
 */
import type { HostStrings } from './hostStrings';

const beside = (file: string) => new URL(file, import.meta.url).href;

/** `sdk-campaigns-<hash>.js`, from `runtime/campaigns.ts`. */
declare const __WREN_CAMPAIGN_MATCHER__: string;
/** `sdk-notice-<hash>.js`, from `runtime/notice/index.ts`. */
declare const __WREN_NOTICE__: string;
/** The hash the files of the loader's strings share (`launcher/<locale>-<hash>.js`, scripts/launcherStrings.mjs). */
declare const __WREN_LAUNCHER_STRINGS__: string;

/** Campaign matching, for an inbox with campaigns (its URL rules are most of its weight). */
export const loadCampaignMatcher = (): Promise<typeof import('./campaigns')> =>
  import(/* @vite-ignore */ beside(__WREN_CAMPAIGN_MATCHER__));

/** The notice of a chat that cannot load, with its words in English (it fetches other languages' itself). */
export const loadNotice = (): Promise<typeof import('./notice')> => import(/* @vite-ignore */ beside(__WREN_NOTICE__));

/** The loader's strings in a language but English (which the runtime carries): one small file, cached for good. */
export const loadHostStrings = (locale: string): Promise<HostStrings> =>
  import(/* @vite-ignore */ beside(`launcher/${locale}-${__WREN_LAUNCHER_STRINGS__}.js`)).then(
    (module: { default: HostStrings }) => module.default,
  );
