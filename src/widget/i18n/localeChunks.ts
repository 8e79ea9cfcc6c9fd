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
 * A locale's strings. The address is relative to the importing file, the first paint's chunk
 * in the build's folder under `js/` (scripts/buildFolder.mjs); held in a variable, it is left to the browser, not to the bundler (which
 * would look for the files at build time).
 */
export function loadLocaleStrings(locale: string): Promise<{ default: Strings }> {
  const file = `../locales/${locale}-${__WREN_LOCALES__}.js`;
  return import(/* @vite-ignore */ file);
}
