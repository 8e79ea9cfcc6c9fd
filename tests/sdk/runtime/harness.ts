import { createChatwoot, type HostCall } from '../../../src/sdk/chatwoot';
import type { FrameMessage } from '../../../src/shared/protocol';
import { createLauncher } from '../../../src/sdk/launcher';
import { installRuntime } from '../../../src/sdk/runtime';
import type { FrameOptions } from '../../../src/sdk/runtime/frame';
import { loaderSettings, type HostSettings } from '../../../src/sdk/settings';

export const TOKEN = 'web-tok';
export const BASE = 'https://chat.example';

/** A stand-in for `createFrame` (tests/sdk/runtime/frame.test.ts covers the real bridge). */
export interface FakeFrame {
  options: FrameOptions;
  element: HTMLIFrameElement;
  sent: ({ event: string } & Record<string, unknown>)[];
  disposed: boolean;
  send(event: string, payload: object): void;
  dispose(): void;
}

/** Every frame the runtime created, newest last. Install with `vi.mock` (see index.test.ts). */
export const frames: FakeFrame[] = [];

export function fakeCreateFrame(options: FrameOptions): FakeFrame {
  const element = document.createElement('iframe');
  element.id = 'chatwoot_live_chat_widget';
  element.dataset.src = options.src;
  element.title = options.title;
  options.slot.append(element);
  const frame: FakeFrame = {
    options,
    element,
    sent: [],
    disposed: false,
    send(event, payload) {
      frame.sent.push({ ...payload, event });
    },
    dispose() {
      frame.disposed = true;
      element.remove();
    },
  };
  frames.push(frame);
  return frame;
}

/** Every widget `setupRuntime` started; `destroyWidgets` ends them (each listens to the others' opens). */
const widgets: { destroy(): void }[] = [];
export function destroyWidgets(): void {
  for (const widget of widgets.splice(0)) widget.destroy();
}

/**
 * A loader with its real launcher and `$chatwoot`, and the runtime installed into it; `before`
 * makes calls on `$chatwoot` before the runtime has loaded.
 */
export function setupRuntime(raw: HostSettings = {}, before?: (chatwoot: ReturnType<typeof createChatwoot>) => void) {
  const settings = loaderSettings(raw);
  const queue: HostCall[] = [];
  const launcher = createLauncher(
    settings,
    () => chatwoot.toggle(),
    () => undefined,
  );
  const chatwoot = createChatwoot(
    TOKEN,
    BASE,
    settings,
    launcher,
    () => undefined,
    () => undefined,
    queue,
  );
  before?.(chatwoot);
  installRuntime({ chatwoot, launcher, settings, raw, queue });
  widgets.push(chatwoot);
  const frame = () => frames.at(-1);
  /**
   * The widget posts a message to the host through the current frame. Any shape, as the wire
   * allows: tests send unknown events and malformed payloads on purpose.
   */
  const fromWidget = (event: string, payload: object = {}) => frame()!.options.onMessage({ ...payload, event } as FrameMessage);
  const load = (authToken = 'jwt-1', channelConfig: object = { widgetColor: '#00aa00' }) =>
    fromWidget('loaded', { config: { authToken, channelConfig } });
  const sentEvents = () => frame()?.sent.map((m) => m.event) ?? [];
  const classes = () => [...launcher.root.classList];
  return { chatwoot, launcher, settings, frame, fromWidget, load, sentEvents, classes };
}

/** Expires every cookie of the test document. */
export function clearCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

/**
 * Records every `document.cookie` write, so removals can be checked whatever the DOM's jar does;
 * `delete document.cookie` after the test puts the jar's own accessor back.
 */
export function recordCookieWrites() {
  const writes: string[] = [];
  let proto = Object.getPrototypeOf(document);
  while (!Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return writes;
}
