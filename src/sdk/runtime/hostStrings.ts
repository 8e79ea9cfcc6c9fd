import english from '../../../locales/en.json?launcher';
import { chooseLocale, LOCALES } from '../../shared/locales';
import type { LauncherNames } from '../launcher';

/** What the loader shows on the host page, in one language (scripts/launcherStrings.mjs picks them). */
export interface HostStrings extends LauncherNames {
  /** The chat frame's title. */
  frame: string;
}

/** The loader's strings in a locale, and that locale. */
export interface HostLanguage {
  locale: string;
  strings: HostStrings;
}

/** Fetches the loader's strings in one of the interface locales (but English, which is built in). */
export type LoadHostStrings = (locale: string) => Promise<HostStrings>;

/**
 * The language of what the loader shows (docs/behaviour.md#locales): the widget's once the widget
 * says it (it weighs the site's setting, `setLocale` and the inbox's), the site's before that or
 * without a widget. English is built in. The last language asked for wins, and one whose strings
 * cannot be fetched leaves the current one.
 */
export function createHostLanguage(load: LoadHostStrings, onChange: (language: HostLanguage) => void) {
  let current: HostLanguage = { locale: 'en', strings: english };
  let latest = 0;
  return {
    /** The language shown now. */
    get current(): HostLanguage {
      return current;
    },
    /** Switches to `candidate` (`ar`, `pt-BR`, `fr_CA`…) by docs/protocol.md#locale-choice; anything else is ignored. */
    async use(candidate: string | undefined): Promise<void> {
      const locale = chooseLocale(candidate, LOCALES, current.locale);
      const choice = ++latest;
      if (locale === current.locale) return;
      const strings = locale === 'en' ? english : await load(locale).catch(() => undefined);
      if (!strings || choice !== latest) return;
      current = { locale, strings };
      onChange(current);
    },
  };
}
