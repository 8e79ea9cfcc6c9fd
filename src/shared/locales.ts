/**
 * The interface locales, which of them read right to left, and how a requested locale is
 * matched against a list: the widget picks its strings with these rules and the server its
 * page's `<html lang dir>`, so both land on the same locale.
 */

/** The 39 interface locales (docs/behaviour.md#locales), in Chatwoot's form (`pt_BR`, not `pt-BR`). */
export const LOCALES = [
  'ar',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ml',
  'nl',
  'no',
  'pl',
  'pt_BR',
  'pt',
  'ro',
  'ru',
  'sk',
  'sr',
  'sv',
  'ta',
  'th',
  'tr',
  'uk',
  'vi',
  'zh_CN',
  'zh_TW',
] as const;

/**
 * A locale a site may ask for (`$chatwoot.setLocale`, `chatwootSettings.locale`): one of the
 * languages of `LOCALES`, alone or with any region in Chatwoot's or the browser's form (`fr`,
 * `fr_CA`, `pt-BR`, `zh`), which `chooseLocale` then narrows to what exists. The languages are
 * written out because the loader checks this at the call and cannot carry the list; a test
 * keeps the two equal.
 */
export const LOCALE_PATTERN =
  /^(ar|ca|cs|da|de|el|en|es|fa|fi|fr|he|hi|hu|id|is|it|ja|ko|lt|lv|ml|nl|no|pl|pt|ro|ru|sk|sr|sv|ta|th|tr|uk|vi|zh)([-_]\w+)?$/;

/** One of the interface locales. */
export type Locale = (typeof LOCALES)[number];

/** Languages written right to left; a regional variant (`ar_EG`) follows its language. */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'fa', 'he']);

/**
 * `locale` as a BCP 47 language tag, for `lang` attributes and `Intl`: `pt_BR` is `pt-BR`. Wren's
 * Serbian strings are in Latin script, which plain `sr` would not say (`Intl` reads it as Cyrillic).
 */
export function languageTag(locale: string): string {
  return locale === 'sr' ? 'sr-Latn' : locale.replace('_', '-');
}

/** The text direction of `locale`, for `<html dir>`. */
export function textDirection(locale: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(locale.split('_')[0]) ? 'rtl' : 'ltr';
}

/**
 * docs/protocol.md#locale-choice: the full locale if available, else its language part before the
 * underscore, else keep the current one. Accepts browser forms like `pt-BR` too.
 */
export function chooseLocale(candidate: string | null | undefined, available: readonly string[], current: string): string {
  if (!candidate) return current;
  const normalised = candidate.replace('-', '_');
  if (available.includes(normalised)) return normalised;
  const language = normalised.split('_')[0];
  return available.includes(language) ? language : current;
}
