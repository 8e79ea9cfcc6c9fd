import { decodeMessage, encodeMessage, type HostToWidget } from '../../shared/protocol';

/** How long the frame may take to say `loaded` before the loader gives up and reports it. */
export const FRAME_LOAD_TIMEOUT_MS = 30_000;

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
  onMessage(message: { event: string } & Record<string, any>): void;
  onTimeout(): void;
}

/**
 * Creates the chat iframe and its end of the postMessage bridge. Messages go only to the
 * widget's origin, and only messages whose `source` is this iframe and whose `origin` is the
 * widget's are accepted: a hostile frame on the page can neither read nor forge them.
 */
export function createFrame({ src, origin, slot, onMessage, onTimeout }: FrameOptions): ChatFrame {
  const element = document.createElement('iframe');
  element.id = 'chatwoot_live_chat_widget';
  element.title = 'Chat window';
  element.src = src;
  element.allow = 'camera;microphone;fullscreen;display-capture;picture-in-picture;clipboard-write;';
  const timer = setTimeout(onTimeout, FRAME_LOAD_TIMEOUT_MS);

  const listener = (event: MessageEvent) => {
    if (event.source !== element.contentWindow || event.origin !== origin) return;
    const message = decodeMessage(event.data);
    if (!message) return;
    if (message.event === 'loaded') clearTimeout(timer);
    onMessage(message);
  };
  addEventListener('message', listener);
  slot.append(element);

  return {
    element,
    send(event, payload) {
      element.contentWindow?.postMessage(encodeMessage<HostToWidget, typeof event>(event, payload), origin);
    },
    dispose() {
      clearTimeout(timer);
      removeEventListener('message', listener);
      element.remove();
    },
  };
}
