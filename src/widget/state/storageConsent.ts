import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConsentState, WidgetSettings } from '../../shared/protocol';

/** Every key the widget writes in the frame's storage starts with this (docs/protocol.md#cookies-and-storage). */
export const FRAME_STORAGE_PREFIX = 'wren:';

/** Storage the widget may write to: `localStorage`, or nothing while it may not. */
export type FrameStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Something kept beyond memory that a withdrawal must delete too (the persistent outbox). */
export type Forget = () => unknown;

interface StorageConsentDeps {
  /** The host's settings (`config-set`): its consent, what a Decline leaves, its storage mode. */
  settings: ReadonlySignal<Pick<WidgetSettings, 'consent' | 'consentDeclined' | 'storage'>>;
  /**
   * The host has spoken: in a frame the loader sends `config-set` before it says whether the
   * window is open, so until then the widget does not know whether it may store and does not.
   */
  settingsKnown: ReadonlySignal<boolean>;
  /** The frame's stores; a private window or blocked third-party storage may throw on access. */
  local?: () => Storage;
  session?: () => Storage;
}

const quietly = <T>(get: () => T): T | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

/**
 * Whether the widget may keep anything beyond memory in the frame (docs/behaviour.md#consent),
 * and the one way to it: every write to the frame's storage takes `storage()` (nothing while
 * the visitor has not consented, declined or the site wants `storage: 'session'`), and every
 * store of the widget's own (the persistent outbox) asks `mayStore` and registers with
 * `onForget`, so `forgetStoredData()` deletes it all when consent is withdrawn.
 */
export function createStorageConsent({
  settings,
  settingsKnown,
  local = () => localStorage,
  session = () => sessionStorage,
}: StorageConsentDeps) {
  // The visitor's answer on the consent screen, or the site's `setConsent`, over what the loader
  // knew when it sent the settings.
  const decided = signal<ConsentState | null>(null);
  const consent = computed<ConsentState>(() => decided.value ?? settings.value.consent);
  const mayStore = computed(() => settingsKnown.value && consent.value === 'granted' && settings.value.storage !== 'session');
  const forgets = new Set<Forget>();
  const withdrawals = signal(0);

  /** Deletes every key the widget stored in the frame and whatever registered with `onForget`. */
  async function forgetStoredData(): Promise<void> {
    for (const store of [quietly(local), quietly(session)]) {
      if (!store) continue;
      const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key) => key?.startsWith(FRAME_STORAGE_PREFIX));
      for (const key of keys) store.removeItem(key as string);
    }
    await Promise.allSettled([...forgets].map(async (forget) => forget()));
  }

  return {
    /** `granted`, `ask` (the consent screen stands before the chat) or `declined`. */
    consent,
    /** Declined where a Decline leaves no chat: the chat-off screen stands in its place. */
    chatOff: computed(() => consent.value === 'declined' && settings.value.consentDeclined === 'none'),
    /** The widget may keep things beyond memory now. */
    mayStore,
    /** The frame's `localStorage` while the widget may store, else nothing (reads and writes alike). */
    storage(): FrameStorage | undefined {
      return mayStore.value ? quietly(local) : undefined;
    },
    /** Records the visitor's or the site's answer. */
    decide(granted: boolean) {
      decided.value = granted ? 'granted' : 'declined';
    },
    /** Registers what a withdrawal deletes beside the frame's storage keys; answers how to unregister. */
    onForget(forget: Forget): () => void {
      forgets.add(forget);
      return () => forgets.delete(forget);
    },
    forgetStoredData,
    /** How many times the site withdrew consent on this page: each ends the realtime connection (main.tsx). */
    withdrawals: withdrawals as ReadonlySignal<number>,
    /**
     * The site withdrew consent (`setConsent(false)`): from now on as declined, and everything
     * stored so far deleted.
     */
    withdraw(): Promise<void> {
      decided.value = 'declined';
      withdrawals.value++;
      return forgetStoredData();
    },
  };
}
