import { computed, signal } from '@preact/signals-react';
import type en from '../../../locales/en.json';
import firstPaintEnglish from '../../../locales/en.json?first-paint';
import { chooseLocale, languageTag, LOCALES, textDirection } from '../../shared/locales';
import { loadChunk } from '../lib/loadChunk';
import { loadOnce } from '../lib/loadOnce';
import { loadLocaleStrings } from './localeChunks';

export type MessageKey = keyof typeof en;
type Strings = Record<string, string>;

export const locale = signal('en');
/**
 * English as far as it has arrived: the entry carries only the first paint's strings
 * (scripts/firstPaintStrings.mjs); the rest follows as a lazy chunk before any lazy part.
 */
const english = signal<Strings>(firstPaintEnglish);
const strings = signal<Strings>(firstPaintEnglish);

// Only what the entry does not carry: the first paint's strings are not fetched twice.
const allEnglish = loadOnce<Strings>(() =>
  import('../../../locales/en.json?rest').then((module) => ({ ...firstPaintEnglish, ...module.default })),
);

/**
 * Resolves once every string of the active locale is at hand. Other locales arrive whole; English
 * needs its lazy remainder. A lazy part's chunk waits for this (`withAllStrings`), so the idle
 * preload of the conversation view fetches it early.
 */
export function loadAllStrings(): Promise<void> {
  if (allEnglish.loaded) return Promise.resolve();
  return allEnglish.load().then((all) => {
    // Merged: a lazy part may have added its own strings already (`addEnglish`).
    english.value = { ...english.value, ...all };
    if (locale.value === 'en') strings.value = english.value;
  });
}

/**
 * A lazy part that shows text, with every string of the active locale at hand by the time it
 * arrives: the chunk loaders of such parts (`chunks/`) wrap their `import()` in this.
 */
export function withAllStrings<T>(part: Promise<T>): Promise<T> {
  return Promise.all([part, loadAllStrings()]).then(([loaded]) => loaded);
}

/**
 * A lazy part's own English strings, which travel with it rather than with the rest
 * (its chunk's `strings` in `chunks/plan.ts`): added as its chunk runs.
 */
export function addEnglish(more: Strings): void {
  english.value = { ...english.value, ...more };
  if (locale.value === 'en') strings.value = { ...strings.value, ...more };
}

/** The active locale as a BCP 47 tag for `Intl` and `<html lang>` (see `languageTag`). */
export const intlLocale = computed(() => languageTag(locale.value));

/** Text direction of the active locale, for `<html dir>`. */
export const direction = computed(() => textDirection(locale.value));

/**
 * Looks up a string in the active locale (English when a translation is missing) and fills
 * `{placeholders}`. Reading `strings.value` subscribes the calling component to locale changes.
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = strings.value[key] ?? english.value[key] ?? key;
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
  const loaded: Strings = chosen === 'en' ? english.value : (await loadChunk(() => loadLocaleStrings(chosen))).default;
  if (choice !== latestChoice) return;
  strings.value = loaded;
  locale.value = chosen;
}
