import english from '../../../../locales/en.json?notice';

/** The notice's words in one language (scripts/launcherStrings.mjs `NOTICE_KEYS` picks them). */
export interface NoticeWords {
  /** "Chat unavailable". */
  heading: string;
  /** The server does not answer, and the notice tries again by itself. */
  unreachable: string;
  /** The chat cannot load on this page (unknown token, suspended inbox, refused): trying again will not help. */
  refused: string;
  /** Above the messages that wait to be sent. */
  waiting: string;
  /** A waiting file, by its `{size}`. */
  file: string;
}

/** The hash the files of the notice's words share (`notice/<locale>-<hash>.js`, scripts/launcherStrings.mjs). */
declare const __WREN_NOTICE_WORDS__: string;

const loaded = new Map<string, Promise<NoticeWords>>([['en', Promise.resolve(english)]]);

/**
 * The notice's words in `locale` (one of the interface locales): English is built in, any other
 * is one small file beside the part, fetched once. A language whose file cannot be fetched (the
 * server the notice is about may be the one that serves it) is shown in English.
 */
export function noticeWords(locale: string): Promise<NoticeWords> {
  let words = loaded.get(locale);
  if (!words) {
    // Relative to the part's own address; held in a variable, it is left to the browser, not to the bundler.
    const file = `./notice/${locale}-${__WREN_NOTICE_WORDS__}.js`;
    words = import(/* @vite-ignore */ file).then(
      (module: { default: NoticeWords }) => module.default,
      () => {
        // Not kept: the next show asks again, once the server may be back.
        loaded.delete(locale);
        return english;
      },
    );
    loaded.set(locale, words);
  }
  return words;
}
