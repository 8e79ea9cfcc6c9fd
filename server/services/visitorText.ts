/**
 * Text the server itself writes to a visitor (the e-mail collect question), in the language
 * their widget asks in (`?locale=` on every widget call), from the same `locales/*.json` as the
 * widget's strings. Keys starting `SERVER.` are the server's: the widget's bundles leave them out.
 */
import en from '../../locales/en.json';
import { chooseLocale, LOCALES } from '../../src/shared/locales';

export type ServerTextKey = Extract<keyof typeof en, `SERVER.${string}`>;

const loaded = new Map<string, Record<string, string>>([['en', en]]);

/** `key` in the visitor's `locale` (the locale choice of docs/protocol.md#locale-choice), English when missing. */
export async function visitorText(key: ServerTextKey, locale: string | null | undefined): Promise<string> {
  const code = chooseLocale(locale, LOCALES, 'en');
  let strings = loaded.get(code);
  if (!strings) {
    strings = ((await import(`../../locales/${code}.json`)) as { default: Record<string, string> }).default;
    loaded.set(code, strings);
  }
  return strings[key] || en[key];
}
