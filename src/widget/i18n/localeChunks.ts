/**
 * Each locale's strings but `en` (its first-paint share is in the entry, the rest a lazy chunk of
 * its own, see `i18n/index.ts`): one file per locale that the build writes beside the chunks,
 * `js/locales/<locale>-<hash>.js`, all under one hash (docs/architecture.md#loading-strategy).
 * The first paint carries that hash, not a content-hashed name for each of 38 locales.
 */
type Strings = Record<string, string>;

/** The hash the locale files share, set by the build (scripts/widgetLocales.mjs). */
declare const __WREN_LOCALES__: string;

/**
 * A locale's strings. Resolved against this module's own address, which is the first paint's
 * chunk under `js/chunks/`, so not left to the bundler (which would look for the file at build time).
 */
export const loadLocaleStrings = (locale: string): Promise<{ default: Strings }> =>
  import(/* @vite-ignore */ new URL(`../locales/${locale}-${__WREN_LOCALES__}.js`, import.meta.url).href);
