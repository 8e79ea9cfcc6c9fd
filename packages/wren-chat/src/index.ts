/**
 * wren-chat: Wren in apps (docs/apps.md; docs/architecture.md#the-npm-package). Nothing
 * runs at import and nothing touches `window` before `loadWren` is called in a browser.
 */
import { createHandle, inertHandle, type WrenHandle } from './handle';
import { checkOptions, describeDifference, optionsKey, widgetIdentity, type WrenOptions } from './options';

export type { HostApi as WrenMethods, HostSettings as WrenSettings } from '../../../src/shared/hostApi';
export type { HostEventDetail as WrenEventDetail } from '../../../src/shared/hostApi';
export type { WrenEventHandler, WrenEventName, WrenHandle } from './handle';
export type { WrenOptions } from './options';

interface LoadedEntry {
  key: string;
  handle: WrenHandle;
  /** Components holding it (`holdWren`), and the pending destroy once the last let go. */
  holders: number;
  release?: ReturnType<typeof setTimeout>;
}

/** The page's widgets, by `widgetIdentity`. */
const loaded = new Map<string, LoadedEntry>();

/**
 * Loads a widget and answers its handle: calls on it work at once (they wait for the widget),
 * and `sdk.js` is inserted once the page is idle, or at the first call that opens the chat.
 * The same options again answer the same handle; the same inbox and language with other options
 * throw (destroy the first, or give the second another `locale`); another inbox or language is
 * one more widget, with its own launcher. During server rendering it answers a handle that does
 * nothing.
 */
export function loadWren(options: WrenOptions): WrenHandle {
  checkOptions(options);
  if (typeof window === 'undefined') return inertHandle(options);
  const identity = widgetIdentity(options);
  const key = optionsKey(options);
  const entry = loaded.get(identity);
  if (entry) {
    if (entry.key === key) return entry.handle;
    throw Error(
      `Wren: the widget of website token "${options.websiteToken}"${options.locale ? ` in "${options.locale}"` : ''} is loaded already, with other options (${describeDifference(entry.handle.options, options)}). Destroy its handle first, or give this one another locale.`,
    );
  }
  const handle = createHandle(options, () => loaded.delete(identity));
  loaded.set(identity, { key, handle, holders: 0 });
  return handle;
}

/** A widget a component keeps for as long as it is mounted (`holdWren`). */
export interface WrenHold {
  handle: WrenHandle;
  /** Lets go; the widget is destroyed once nothing holds it after the current task. */
  release(): void;
}

/**
 * For components (the React and Preact adapters use it): holds the widget of `options` while
 * mounted. The last release destroys it only after the current task, so a remount in the same
 * task (React's StrictMode runs every effect twice) keeps the same widget, launcher and open
 * chat. Options changed in that time replace the widget.
 */
export function holdWren(options: WrenOptions): WrenHold {
  checkOptions(options);
  if (typeof window === 'undefined') return { handle: inertHandle(options), release: () => undefined };
  const letGo = loaded.get(widgetIdentity(options));
  if (letGo && !letGo.holders && letGo.key !== optionsKey(options)) letGo.handle.destroy();
  const handle = loadWren(options);
  const entry = loaded.get(widgetIdentity(options))!;
  entry.holders++;
  clearTimeout(entry.release);
  let held = true;
  return {
    handle,
    release() {
      if (!held) return;
      held = false;
      if (--entry.holders) return;
      entry.release = setTimeout(() => entry.holders || handle.destroy());
    },
  };
}
