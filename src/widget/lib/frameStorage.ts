import type { WidgetSettings } from '../../shared/protocol';
import type { ReadonlySignal } from '@preact/signals-react';

/** Storage the widget may write to in the frame. */
export type FrameStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The app's settings and whether the host has sent them (`state/appConfig.ts`). */
interface ConsentSource {
  settings: ReadonlySignal<Pick<WidgetSettings, 'consent' | 'storage'>>;
  openStateKnown: ReadonlySignal<boolean>;
}

/**
 * Whether the widget may keep anything beyond memory in the frame (docs/behaviour.md#consent):
 * consent granted, and not the site's `storage: 'session'`. In a frame the loader's `config-set`
 * comes before its first word on whether the window is open, so until then the widget does not
 * know, and does not store. Every part that keeps something asks this (the persistent outbox),
 * or takes its storage from `frameStorage`.
 */
export const mayStore = ({ settings, openStateKnown }: ConsentSource): boolean =>
  openStateKnown.value && settingsAllowStorage(settings.value);

/**
 * Whether the settings let the widget keep anything beyond memory. Alone, without `mayStore`'s
 * wait for the loader's word, for what must not take "not told yet" for "no": the outbox forgets
 * what it kept when storage stops being allowed, and at boot it takes on what an earlier page left
 * before `config-set` has arrived (the settings' defaults allow it; a site that asks for consent
 * has nothing kept to take on).
 */
export const settingsAllowStorage = (settings: Pick<WidgetSettings, 'consent' | 'storage'>): boolean =>
  settings.consent === 'granted' && settings.storage !== 'session';

/**
 * The frame's `localStorage` when the widget may store, else nothing: what a part that keeps
 * something (the emoji picker's recent emoji) is given, so it reads and writes nothing before consent.
 */
export function frameStorage(app: ConsentSource): FrameStorage | undefined {
  try {
    return mayStore(app) ? localStorage : undefined;
  } catch {
    // A private window or blocked third-party storage refuses even to be looked at.
    return undefined;
  }
}
