/**
 * The notice of a chat that cannot load (docs/behaviour.md#chat-unavailable), a lazy part of the
 * runtime of its own (`sdk-notice-<hash>.js`, src/sdk/runtime/lazyParts.ts): a launcher whose chat
 * loads never runs it. It names what went wrong (the console's words and the visitor's), shows
 * the notice in an open window with the messages that wait to be sent, and, when the server does
 * not answer, loads the chat again by itself until it does.
 */
import type { Chatwoot } from '../../chatwoot';
import type { Consent } from '../consent';
import type { HostLanguage } from '../hostStrings';
import type { Launcher } from '../../launcher';
import { colorScheme } from '../../settings';
import { sheet } from '../../launcher';
import { diagnose, problemMessage, serverSilent, type FrameProblem } from '../frameProblems';
import { createRetry } from './retrySchedule';
import { createNoticeView } from './view';
import { waitingMessages } from './waiting';
import { noticeWords } from './words';
import css from './notice.css';

/** What the notice needs of the runtime that loaded it. */
export interface NoticeHost {
  chatwoot: Chatwoot;
  launcher: Launcher;
  /** The chat window, where the notice shows in place of the frame. */
  slot: HTMLElement;
  consent: Consent;
  /** Loads the chat frame again; it fails or says `loaded` as any frame does. */
  retry(): void;
}

export interface Notice {
  /** Asks the server what is wrong with a frame that loaded a document but never said `loaded`. */
  diagnose(): Promise<FrameProblem | undefined>;
  /** The console's and `chatwoot:error`'s words for `problem`. */
  message(problem: FrameProblem): string;
  /** The frame failed with `problem` while the window is open: the notice shows, and a server that does not answer is asked again. */
  show(problem: FrameProblem, language: HostLanguage): void;
  /** The language changed; also fetches the notice's words in it ahead of an outage, while the server answers. */
  say(language: HostLanguage): void;
  /** The chat loaded, or the visitor closed the window, or the site reset or destroyed the widget: the notice goes and no attempt is due. */
  stop(): void;
}

/** A waiting file's size, in the visitor's language: "820 kB", "1.4 MB". */
const fileSize = (bytes: number, lang: string) => {
  const mega = bytes >= 1e6;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    bytes / (mega ? 1e6 : 1e3),
  );
};

export function createNotice({ chatwoot, launcher, slot, consent, retry }: NoticeHost): Notice {
  const { baseUrl, websiteToken } = chatwoot;
  launcher.shadow.adoptedStyleSheets = [...launcher.shadow.adoptedStyleSheets, sheet(css)];
  const view = createNoticeView(() => chatwoot.toggle('close'));
  const retries = createRetry(retry);
  let language: HostLanguage | undefined;
  /** The problem the notice shows; undefined while it is not shown. */
  let shown: FrameProblem | undefined;

  /** What waits in the host page's storage, where the consent gate lets the loader read it. */
  const waiting = () => waitingMessages(consent.outbox());

  const render = async () => {
    const now = language!;
    const words = await noticeWords(now.locale);
    // A newer language or a stop came while the words were fetched.
    if (!shown || now !== language) return;
    const lang = launcher.root.lang;
    view.render(
      {
        heading: words.heading,
        detail: serverSilent(shown) ? words.unreachable : words.refused,
        close: now.strings.close,
        waiting: words.waiting,
        items: waiting().map((entry) => (entry.file ? words.file.replace('{size}', fileSize(entry.file.size, lang)) : entry.content)),
      },
      colorScheme(chatwoot.darkMode),
    );
    launcher.toggleClass('unavailable', true);
    // Once: moving it would announce it again.
    if (!view.element.isConnected) slot.append(view.element);
  };

  return {
    diagnose: () => diagnose(baseUrl, websiteToken),
    message: (problem) => problemMessage(problem, baseUrl, websiteToken),
    show(problem, now) {
      shown = problem;
      language = now;
      if (serverSilent(problem)) retries.failed();
      else retries.stop();
      render();
    },
    say(now) {
      language = now;
      if (shown) render();
      else noticeWords(now.locale);
    },
    stop() {
      shown = undefined;
      retries.stop();
      launcher.toggleClass('unavailable', false);
      view.element.remove();
    },
  };
}
