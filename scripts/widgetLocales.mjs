/**
 * The widget's strings in every language but English (whose first paint's share rides in the
 * first paint and whose rest is a lazy chunk, scripts/firstPaintStrings.mjs): one module per
 * locale, `js/locales/<locale>-<hash>.js`, under the one hash they share (scripts/localeModules.mjs).
 * The widget knows that hash (`__WREN_LOCALES__`) and builds a locale's name from it: one name
 * in the first paint instead of 38 content-hashed ones.
 */
import { isWidgetKey } from './firstPaintStrings.mjs';
import { writeLocaleModules } from './localeModules.mjs';

/** Where the files go under the packs folder: beside the widget's build folder, `js/widget-<hash>/`. */
export const WIDGET_LOCALES_DIR = 'js/locales';

/** A locale's strings the widget shows: not the server's or the loader's. */
export const widgetStrings = (strings) => Object.fromEntries(Object.entries(strings).filter(([key]) => isWidgetKey(key)));

/** Writes each locale's module into `<packsDir>/js/locales/` and returns the hash their names share. */
export const writeWidgetLocales = (localesDir, packsDir, locales) =>
  writeLocaleModules({ localesDir, packsDir, dir: WIDGET_LOCALES_DIR, locales, pick: widgetStrings });
