import { computed, signal } from '@preact/signals-react';
import firstPaint from '../../../locales/en.json?first-paint';
import { chooseLocale, LOCALES, textDirection } from '../../shared/locales';
import { loadChunk } from '../lib/loadChunk';

export type MessageKey = keyof typeof import('../../../locales/en.json');
type Strings = Record<string, string>;

export const locale = signal('en');
// The first paint carries only the English strings it shows (build.mjs); lazy views call
// `allStrings()`, which brings the rest. `english` is whatever English is here.
let english: Strings = firstPaint;
const strings = signal<Strings>(firstPaint);
let wantAll = false;
let englishLoading: Promise<Strings> | undefined;
const completeEnglish = () =>
  (englishLoading ??= loadChunk(() => import('../../../locales/en.json')).then(
    (module) => (english = module.default),
    (error) => {
      englishLoading = undefined;
      throw error;
    },
  ));

/** Every string of the active locale, before a lazy view renders (views/routeViews.ts). */
export async function allStrings(): Promise<void> {
  wantAll = true;
  if (locale.value !== 'en') return;
  const all = await completeEnglish();
  if (locale.value === 'en') strings.value = all;
}

/**
 * The active locale as a BCP 47 tag for `Intl` and `<html lang>`. Wren's Serbian strings are in
 * Latin script, and `Intl` would answer plain `sr` in Cyrillic.
 */
export const intlLocale = computed(() => (locale.value === 'sr' ? 'sr-Latn' : locale.value.replace('_', '-')));

/** Text direction of the active locale, for `<html dir>`. */
export const direction = computed(() => textDirection(locale.value));

/**
 * Looks up a string in the active locale (English when a translation is missing) and fills
 * `{placeholders}`. Reading `strings.value` subscribes the calling component to locale changes.
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = strings.value[key] ?? english[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match)) : text;
}

let latestChoice = 0;

/**
 * Switches the interface language, fetching that locale's strings as their own chunk. The last
 * locale chosen wins: a chunk that arrives after a later choice (the account locale still
 * loading when the host's `config-set` asks for another) is dropped.
 */
export async function setLocale(candidate: string | undefined, available: readonly string[] = LOCALES): Promise<void> {
  // Servers may list languages Wren has no strings for; only ours can be chosen.
  const usable = available.filter((code) => (LOCALES as readonly string[]).includes(code));
  const chosen = chooseLocale(candidate, usable, '');
  // No usable candidate keeps the current locale and must not cancel one being loaded.
  if (!chosen) return;
  const choice = ++latestChoice;
  if (chosen === locale.value) return;
  const loaded: Strings =
    chosen === 'en'
      ? wantAll
        ? await completeEnglish()
        : english
      : (await loadChunk(() => import(`../../../locales/${chosen}.json`))).default;
  if (choice !== latestChoice) return;
  strings.value = loaded;
  locale.value = chosen;
}
