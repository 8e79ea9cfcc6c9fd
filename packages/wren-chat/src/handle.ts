import { conversationToken } from '../../../src/shared/cookies';
import { HOST_API_CHECKS, HOST_API_METHODS, type HostApi, type HostApiMethod } from '../../../src/shared/hostApi';
import { openPopout } from '../../../src/shared/popout';
import type { HostEventDetail, HostEventName } from '../../../src/shared/hostApi';
import { widgetOrigin, type WrenOptions } from './options';
import { loadSdk, whenPageIdle, type LoadedWidget } from './sdkScript';

/** A `chatwoot:*` event's name, and what its handler is given. */
export type WrenEventName = HostEventName;
export type WrenEventHandler<E extends WrenEventName> = (detail: HostEventDetail[E]) => void;

/** One widget of the page, as `loadWren` answers it. */
export interface WrenHandle extends HostApi {
  /** The options it was loaded with. */
  readonly options: Readonly<WrenOptions>;
  /** Whether its chat window is open. */
  readonly isOpen: boolean;
  /** Whether its chat frame has loaded: the frame loads when the visitor shows intent, or for a returning visitor. */
  readonly hasLoaded: boolean;
  /** Whether anyone can answer now; undefined until the widget knows (docs/behaviour.md#away-mode). */
  readonly isTeamAvailable: boolean | undefined;
  /** Calls `handler` with each of this widget's `event`s; answers a function that stops it. */
  on<E extends WrenEventName>(event: E, handler: WrenEventHandler<E>): () => void;
  off<E extends WrenEventName>(event: E, handler: WrenEventHandler<E>): void;
}

/** Calls that show the visitor something now: `sdk.js` is inserted at once instead of when idle. */
const INTENT: ReadonlySet<HostApiMethod> = new Set(['toggle', 'showNewMessage', 'prefillMessage', 'sendMessage', 'setUser']);

/**
 * A widget's handle: calls before `sdk.js` has run wait in order, and go to the widget it starts;
 * `destroy()` forgets it (`forget`) and takes the widget and every listener of the handle away.
 */
export function createHandle(options: WrenOptions, forget: () => void): WrenHandle {
  const { baseUrl, websiteToken, ...settings } = options;
  const origin = widgetOrigin(baseUrl);
  let widget: LoadedWidget | undefined;
  let destroyed = false;
  let starting = false;
  const queue: [HostApiMethod, unknown[]][] = [];
  const subscriptions: { event: WrenEventName; handler: (detail: never) => void; listener: (event: Event) => void }[] = [];

  /** Tells this handle's own listeners, when the widget cannot (sdk.js never ran). */
  const report = (error: unknown) => {
    console.warn(`${error}`);
    for (const { event, handler } of subscriptions)
      if (event === 'chatwoot:error') (handler as WrenEventHandler<'chatwoot:error'>)({ error: `${error}` });
  };

  const start = () => {
    if (starting || destroyed) return;
    starting = true;
    loadSdk(origin).then(
      (sdk) => {
        if (destroyed) return;
        widget = sdk.run({ websiteToken, baseUrl: origin, settings });
        if (!widget) return report(Error(`Wren: ${origin}/packs/js/sdk.js is older than this package: update the server`));
        for (const [method, args] of queue.splice(0)) (widget[method] as (...a: unknown[]) => void)(...args);
      },
      (error) => {
        // A later call tries again (the script may have been blocked for a moment).
        starting = false;
        report(error);
      },
    );
  };

  const call = (method: HostApiMethod, args: unknown[]) => {
    if (destroyed) return;
    // Every check at the call, Wren's stricter ones too: the package's bytes are the app's, not every page view's.
    (HOST_API_CHECKS[method] as ((...a: unknown[]) => unknown) | undefined)?.(...args);
    if (widget) return (widget[method] as (...a: unknown[]) => void)(...args);
    // Popup blockers allow a window only inside the click that asked for it: the package opens it.
    if (method === 'popoutChatWindow') return openPopout(origin, websiteToken, settings.locale, conversationToken(websiteToken), settings);
    queue.push([method, args]);
    if (INTENT.has(method)) start();
  };

  const methods = Object.fromEntries(
    HOST_API_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as HostApi;

  const handle: WrenHandle = {
    ...methods,
    options: Object.freeze({ ...options }),
    get isOpen() {
      return widget?.isOpen ?? false;
    },
    get hasLoaded() {
      return widget?.hasLoaded ?? false;
    },
    get isTeamAvailable() {
      return widget?.isTeamAvailable;
    },
    on(event, handler) {
      const listener = (raised: Event) => {
        if (widget && (raised as Event & { chatwoot?: unknown }).chatwoot === widget) handler((raised as CustomEvent).detail);
      };
      addEventListener(event, listener);
      subscriptions.push({ event, handler: handler as (detail: never) => void, listener });
      return () => handle.off(event, handler);
    },
    off(event, handler) {
      const index = subscriptions.findIndex((s) => s.event === event && s.handler === handler);
      if (index < 0) return;
      removeEventListener(event, subscriptions[index].listener);
      subscriptions.splice(index, 1);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      queue.length = 0;
      widget?.destroy();
      for (const { event, listener } of subscriptions.splice(0)) removeEventListener(event, listener);
      forget();
    },
  };
  whenPageIdle(start);
  return handle;
}

/** The handle `loadWren` answers during server rendering: it does nothing and holds nothing. */
export function inertHandle(options: WrenOptions): WrenHandle {
  const nothing = () => undefined;
  const methods = Object.fromEntries(HOST_API_METHODS.map((method) => [method, nothing])) as unknown as HostApi;
  return {
    ...methods,
    options: Object.freeze({ ...options }),
    isOpen: false,
    hasLoaded: false,
    isTeamAvailable: undefined,
    on: () => nothing,
    off: nothing,
  };
}
