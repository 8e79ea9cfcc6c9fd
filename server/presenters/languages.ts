/**
 * The interface locales as `chatwootWebChannel.enabledLanguages` lists them
 * (`"<native name> (<code>)"`, Chatwoot's format). The codes themselves live in
 * `src/shared/locales.ts`; a locale added there without a name here fails `tsc`.
 */
import { LOCALES, type Locale } from '../../src/shared/locales';

const NATIVE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  ca: 'Català',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'ελληνικά',
  en: 'English',
  es: 'Español',
  fa: 'فارسی',
  fi: 'Suomi',
  fr: 'Français',
  he: 'עברית',
  hi: 'हिन्दी',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  is: 'Íslenska',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  ml: 'മലയാളം',
  nl: 'Nederlands',
  no: 'Norsk',
  pl: 'Polski',
  pt_BR: 'Português Brasileiro',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenčina',
  sr: 'Српски',
  sv: 'Svenska',
  ta: 'தமிழ்',
  th: 'ภาษาไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  zh_CN: '中文',
  zh_TW: '中文 (台湾)',
};

/** `enabledLanguages` of the channel config. */
export function enabledLanguages(): { name: string; iso_639_1_code: string }[] {
  return LOCALES.map((code) => ({ name: `${NATIVE_NAMES[code]} (${code})`, iso_639_1_code: code }));
}
