import {
  MESSAGE_PREFIX,
  decodeMessage,
  encodeMessage,
  type HostToWidget,
  type NativeBridgeMessage,
  type WidgetToHost,
} from '../../shared/protocol';

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

export type HostHandlers = { [K in keyof HostToWidget]?: (payload: HostToWidget[K]) => void };

export interface HostBridge {
  /** True inside an iframe on a host page (not a popout window or a mobile web view). */
  readonly inIframe: boolean;
  readonly inNativeApp: boolean;
  send<K extends keyof WidgetToHost>(event: K, payload: WidgetToHost[K]): void;
  sendNative(message: NativeBridgeMessage): void;
  listen(handlers: HostHandlers): () => void;
}

/** The host page's origin, as far as the browser tells a frame (`ancestorOrigins` or referrer). */
function parentOrigin(win: Window): string | undefined {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The widget's end of the postMessage protocol. It accepts messages only from its parent
 * window (or, in a React Native web view, from itself, where the app injects them) and posts
 * to the parent's origin when the browser reveals it. Chatwoot uses "*" both ways.
 */
export function createHostBridge(win: Window = window): HostBridge {
  const inIframe = win.parent !== win;
  const inNativeApp = !!win.ReactNativeWebView;
  const origin = inIframe ? parentOrigin(win) : undefined;

  return {
    inIframe,
    inNativeApp,
    send(event, payload) {
      if (inIframe) win.parent.postMessage(encodeMessage<WidgetToHost, typeof event>(event, payload), origin ?? '*');
    },
    sendNative(message) {
      win.ReactNativeWebView?.postMessage(MESSAGE_PREFIX + JSON.stringify(message));
    },
    listen(handlers) {
      const listener = (event: MessageEvent) => {
        const fromHost = inIframe
          ? event.source === win.parent && (!origin || event.origin === origin)
          : inNativeApp && event.source === win;
        if (!fromHost) return;
        const message = decodeMessage(event.data);
        if (!message || !Object.hasOwn(handlers, message.event)) return;
        (handlers[message.event as keyof HostToWidget] as (payload: unknown) => void)(message);
      };
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
  };
}
