/**
 * The 39 interface locales of SPEC.md §1, as `chatwootWebChannel.enabledLanguages` lists them
 * (`"<native name> (<code>)"`, Chatwoot's format), and the right-to-left ones.
 */

export const LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'ar', name: 'العربية' }, { code: 'ca', name: 'Català' }, { code: 'cs', name: 'Čeština' },
  { code: 'da', name: 'Dansk' }, { code: 'de', name: 'Deutsch' }, { code: 'el', name: 'ελληνικά' },
  { code: 'en', name: 'English' }, { code: 'es', name: 'Español' }, { code: 'fa', name: 'فارسی' },
  { code: 'fi', name: 'Suomi' }, { code: 'fr', name: 'Français' }, { code: 'he', name: 'עברית' },
  { code: 'hi', name: 'हिन्दी' }, { code: 'hu', name: 'Magyar' }, { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'is', name: 'Íslenska' }, { code: 'it', name: 'Italiano' }, { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' }, { code: 'lt', name: 'Lietuvių' }, { code: 'lv', name: 'Latviešu' },
  { code: 'ml', name: 'മലയാളം' }, { code: 'nl', name: 'Nederlands' }, { code: 'no', name: 'Norsk' },
  { code: 'pl', name: 'Polski' }, { code: 'pt_BR', name: 'Português Brasileiro' }, { code: 'pt', name: 'Português' },
  { code: 'ro', name: 'Română' }, { code: 'ru', name: 'Русский' }, { code: 'sk', name: 'Slovenčina' },
  { code: 'sr', name: 'Српски' }, { code: 'sv', name: 'Svenska' }, { code: 'ta', name: 'தமிழ்' },
  { code: 'th', name: 'ภาษาไทย' }, { code: 'tr', name: 'Türkçe' }, { code: 'uk', name: 'Українська' },
  { code: 'vi', name: 'Tiếng Việt' }, { code: 'zh_CN', name: '中文' }, { code: 'zh_TW', name: '中文 (台湾)' },
];

export const RTL_LOCALES: ReadonlySet<string> = new Set(['ar', 'fa', 'he']);

const CODES = new Set(LANGUAGES.map((l) => l.code));

/**
 * The locale to use for `candidate` (contract §2.5): the full locale if known, else its
 * language part, else `fallback`.
 */
export function chooseLocale(candidate: string | null | undefined, fallback: string): string {
  if (!candidate) return fallback;
  const normalised = candidate.replace('-', '_');
  if (CODES.has(normalised)) return normalised;
  const base = normalised.split('_')[0];
  return CODES.has(base) ? base : fallback;
}

/** `enabledLanguages` of the channel config. */
export function enabledLanguages(): { name: string; iso_639_1_code: string }[] {
  return LANGUAGES.map((l) => ({ name: `${l.name} (${l.code})`, iso_639_1_code: l.code }));
}
