import { decodeMessage, encodeMessage, type FrameMessage, type HostToWidget } from '../../shared/protocol';

/** How long the frame may take to say `loaded` before the loader gives up and reports it. */
export const FRAME_LOAD_TIMEOUT_MS = 30_000;

/**
 * How long after the iframe's own `load` event `loaded` may still arrive. The widget posts
 * `loaded` while its entry script runs, before the document finishes loading, so a frame that
 * has loaded and stays silent is an error page (unknown token, suspended account, refused by
 * `frame-ancestors`): report it in seconds rather than after the full time-out. The grace
 * only covers the two events crossing processes in either order.
 */
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
  /** Called for every protocol message that really comes from this frame. */
  onMessage(message: FrameMessage): void;
  /** Called once if the frame never says `loaded`; the frame is not disposed by itself. */
  onFail(reason: string): void;
}

/**
 * Creates the chat iframe and its end of the postMessage bridge. Messages go only to the
 * widget's origin, and only messages whose `source` is this iframe and whose `origin` is the
 * widget's are accepted: a hostile frame on the page can neither read nor forge them. The
 * listener is added with `addEventListener`, never by assigning `window.onmessage`.
 */
export function createFrame({ src, origin, slot, onMessage, onFail }: FrameOptions): ChatFrame {
  const element = document.createElement('iframe');
  element.id = 'chatwoot_live_chat_widget';
  element.title = 'Chat window';
  element.src = src;
  element.allow = 'camera;microphone;fullscreen;display-capture;picture-in-picture;clipboard-write;';
  // Settled: `loaded` arrived, a failure was reported, or the frame was disposed.
  let settled = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const fail = (reason: string) => () => {
    if (settled) return;
    settled = true;
    onFail(reason);
  };
  timers.push(setTimeout(fail('The chat window did not load in time'), FRAME_LOAD_TIMEOUT_MS));
  element.addEventListener('load', () => timers.push(setTimeout(fail('The chat window failed to load'), FRAME_SILENT_AFTER_LOAD_MS)));
  // Browsers rarely fire `error` on iframes, but when they do it is final.
  element.addEventListener('error', fail('The chat window failed to load'));

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
