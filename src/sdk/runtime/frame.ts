import { decodeMessage, encodeMessage, type FrameMessage, type HostToWidget } from '../../shared/protocol';
import type { FrameProblem } from './frameProblems';

/** How long the frame may take to say `loaded` before the loader gives up and reports it. */
export const FRAME_LOAD_TIMEOUT_MS = 30_000;

/**
 * How long after the iframe's own `load` event `loaded` may still arrive. The widget posts
 * `loaded` while its entry script runs, before the document finishes loading, so a frame that
 * has loaded and stays silent is an error page (unknown token, suspended account, refused by
 * `frame-ancestors`). The grace only covers the two events crossing processes (the frame is
 * another origin's) in either order, which in a working open takes milliseconds: after
 * `FRAME_DIAGNOSE_AFTER_LOAD_MS` the server is asked what is wrong, which usually names the
 * problem at once, and after `FRAME_SILENT_AFTER_LOAD_MS` the frame is given up in any case.
 */
export const FRAME_DIAGNOSE_AFTER_LOAD_MS = 1_000;
export const FRAME_SILENT_AFTER_LOAD_MS = 5_000;

export interface ChatFrame {
  element: HTMLIFrameElement;
  send<K extends keyof HostToWidget>(event: K, payload: HostToWidget[K]): void;
  dispose(): void;
}

export interface FrameOptions {
  src: string;
  origin: string;
  slot: HTMLElement;
  /** The iframe's title, which screen readers announce. */
  title: string;
  /** Called for every protocol message that really comes from this frame. */
  onMessage(message: FrameMessage): void;
  /** Asked once the frame's document has loaded without `loaded`: a problem it names fails the frame at once. */
  diagnose(): Promise<FrameProblem | undefined>;
  /** Called once if the frame never says `loaded`; the frame is not disposed by itself. */
  onFail(problem: FrameProblem): void;
}

/**
 * Creates the chat iframe and its end of the postMessage bridge. Messages go only to the
 * widget's origin, and only messages whose `source` is this iframe and whose `origin` is the
 * widget's are accepted: a hostile frame on the page can neither read nor forge them. The
 * listener is added with `addEventListener`, never by assigning `window.onmessage`.
 */
export function createFrame({ src, origin, slot, title, onMessage, diagnose, onFail }: FrameOptions): ChatFrame {
  const element = document.createElement('iframe');
  element.id = 'chatwoot_live_chat_widget';
  element.title = title;
  element.src = src;
  element.allow = 'camera;microphone;fullscreen;display-capture;picture-in-picture;clipboard-write;';
  // Settled: `loaded` arrived, a failure was reported, or the frame was disposed.
  let settled = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const fail = (problem: FrameProblem | undefined) => {
    if (settled || !problem) return;
    settled = true;
    timers.forEach(clearTimeout);
    onFail(problem);
  };
  timers.push(setTimeout(fail, FRAME_LOAD_TIMEOUT_MS, 'timeout'));
  // The first document only: the widget never navigates its frame.
  element.addEventListener(
    'load',
    () => {
      if (settled) return;
      timers.push(
        setTimeout(() => settled || diagnose().then(fail), FRAME_DIAGNOSE_AFTER_LOAD_MS),
        setTimeout(fail, FRAME_SILENT_AFTER_LOAD_MS, 'refused'),
      );
    },
    { once: true },
  );
  // Browsers rarely fire `error` on iframes, but when they do it is final.
  element.addEventListener('error', () => fail('refused'));

  const listener = (event: MessageEvent) => {
    if (event.source !== element.contentWindow || event.origin !== origin) return;
    const message = decodeMessage(event.data);
    if (!message) return;
    if (message.event === 'loaded') {
      settled = true;
      timers.forEach(clearTimeout);
    }
    // Typed by the protocol, but sent by another document: handlers check each field they use.
    onMessage(message as FrameMessage);
  };
  addEventListener('message', listener);
  slot.append(element);

  return {
    element,
    send(event, payload) {
      element.contentWindow?.postMessage(encodeMessage<HostToWidget, typeof event>(event, payload), origin);
    },
    dispose() {
      settled = true;
      timers.forEach(clearTimeout);
      removeEventListener('message', listener);
      element.remove();
    },
  };
}
