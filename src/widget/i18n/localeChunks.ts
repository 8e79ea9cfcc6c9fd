/**
 * Each locale's strings but `en` (its first-paint share is in the entry, the rest a lazy chunk of
 * its own, see `i18n/index.ts`) as a lazy chunk of its own.
 * Written out, not as one template-literal import: esbuild hides a glob's files from plugins and
 * adds a runtime helper that every chunk imports, which would cost the first paint a request of
 * its own (scripts/firstPaintChunk.mjs). `tests/widget/i18n/localeChunks.test.ts` holds this list
 * to `LOCALES`.
 */
type Strings = Record<string, string>;

export const LOCALE_CHUNKS: Record<string, () => Promise<{ default: Strings }>> = {
  ar: () => import('../../../locales/ar.json'),
  ca: () => import('../../../locales/ca.json'),
  cs: () => import('../../../locales/cs.json'),
  da: () => import('../../../locales/da.json'),
  de: () => import('../../../locales/de.json'),
  el: () => import('../../../locales/el.json'),
  es: () => import('../../../locales/es.json'),
  fa: () => import('../../../locales/fa.json'),
  fi: () => import('../../../locales/fi.json'),
  fr: () => import('../../../locales/fr.json'),
  he: () => import('../../../locales/he.json'),
  hi: () => import('../../../locales/hi.json'),
  hu: () => import('../../../locales/hu.json'),
  id: () => import('../../../locales/id.json'),
  is: () => import('../../../locales/is.json'),
  it: () => import('../../../locales/it.json'),
  ja: () => import('../../../locales/ja.json'),
  ko: () => import('../../../locales/ko.json'),
  lt: () => import('../../../locales/lt.json'),
  lv: () => import('../../../locales/lv.json'),
  ml: () => import('../../../locales/ml.json'),
  nl: () => import('../../../locales/nl.json'),
  no: () => import('../../../locales/no.json'),
  pl: () => import('../../../locales/pl.json'),
  pt_BR: () => import('../../../locales/pt_BR.json'),
  pt: () => import('../../../locales/pt.json'),
  ro: () => import('../../../locales/ro.json'),
  ru: () => import('../../../locales/ru.json'),
  sk: () => import('../../../locales/sk.json'),
  sr: () => import('../../../locales/sr.json'),
  sv: () => import('../../../locales/sv.json'),
  ta: () => import('../../../locales/ta.json'),
  th: () => import('../../../locales/th.json'),
  tr: () => import('../../../locales/tr.json'),
  uk: () => import('../../../locales/uk.json'),
  vi: () => import('../../../locales/vi.json'),
  zh_CN: () => import('../../../locales/zh_CN.json'),
  zh_TW: () => import('../../../locales/zh_TW.json'),
};
