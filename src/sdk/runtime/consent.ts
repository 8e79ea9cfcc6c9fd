import { consentCookie, getCookie, keepOpenKey, visitorCookies } from '../../shared/cookies';
import { outboxPrefix } from '../../shared/outbox';
import type { ConsentState } from '../../shared/protocol';
import { removeCookie, setCookie } from '../cookies';
import type { HostSettings } from '../settings';

/** How long a cookie lives under `storage: 'persistent'`: Chatwoot's year. */
const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The loader's consent gate (docs/behaviour.md#consent): every cookie and storage write of the
 * runtime passes through it, so nothing is written before consent when the site requires it,
 * and only session cookies under `storage: 'session'`.
 */
export interface Consent {
  /** What the loader knows now: `granted`, `ask`, or `declined` (on this page). */
  state(): ConsentState;
  /** Writes a host cookie, for a year or `maxAgeS`, if storage is allowed; answers whether it did. */
  setCookie(name: string, value: string, maxAgeS?: number): boolean;
  /** Remembers (or, false, forgets) that the chat is open, for `keepOpen`, if storage is allowed. */
  rememberOpen(open: boolean): void;
  /** The visitor accepted, or the site called `setConsent(true)`: remembered in `cw_consent_<websiteToken>`. */
  grant(): void;
  /** The visitor declined: remembered in memory only, so the next page asks again. */
  decline(): void;
  /** The site called `setConsent(false)`: everything Wren stored on the host page goes. */
  withdraw(): void;
  /**
   * The visitor's unsent messages kept in the host page's localStorage, by key: the widget's
   * outbox for a frame that may store nothing of its own (docs/behaviour.md#the-outbox-across-pages).
   * None while storage is not allowed.
   */
  outbox(): Record<string, string>;
  /** Keeps (`value`) or forgets one entry of this inbox's outbox, if storage is allowed; any other key is refused. */
  keepOutbox(key: string, value?: string): void;
}

export function createConsent(websiteToken: string, raw: HostSettings): Consent {
  const sessionOnly = raw.storage === 'session';
  let state: ConsentState = raw.consent !== 'required' || getCookie(consentCookie(websiteToken)) === 'granted' ? 'granted' : 'ask';
  const write = (name: string, value: string, maxAgeS = YEAR_S) =>
    setCookie(name, value, raw.baseDomain, sessionOnly ? undefined : maxAgeS);
  const use = (area: 'sessionStorage' | 'localStorage', change: (storage: Storage) => void) => {
    try {
      change(window[area]);
    } catch {
      // Storage refused (every cookie blocked): `keepOpen` and the outbox then keep nothing beyond the page.
    }
  };
  const openKey = keepOpenKey(websiteToken);
  const isOutboxKey = (key: string) => key.startsWith(outboxPrefix(websiteToken));
  const outboxEntries = (storage: Storage) => Object.entries(storage).filter(([key]) => isOutboxKey(key));
  const mayStore = () => state === 'granted' && !sessionOnly;

  return {
    state: () => state,
    setCookie(name, value, maxAgeS) {
      if (state !== 'granted') return false;
      write(name, value, maxAgeS);
      return true;
    },
    rememberOpen(open) {
      if (!raw.keepOpen || state !== 'granted') return;
      use('sessionStorage', (storage) => (open ? storage.setItem(openKey, '1') : storage.removeItem(openKey)));
    },
    grant() {
      // Only a site that asks needs the answer kept.
      if (state !== 'granted' && raw.consent === 'required') write(consentCookie(websiteToken), 'granted');
      state = 'granted';
    },
    decline() {
      state = 'declined';
    },
    withdraw() {
      state = 'declined';
      for (const name of visitorCookies(websiteToken)) removeCookie(name, raw.baseDomain);
      use('sessionStorage', (storage) => storage.removeItem(openKey));
      use('localStorage', (storage) => {
        for (const [key] of outboxEntries(storage)) storage.removeItem(key);
      });
    },
    outbox() {
      let kept = {};
      if (mayStore()) use('localStorage', (storage) => (kept = Object.fromEntries(outboxEntries(storage))));
      return kept;
    },
    keepOutbox(key, value) {
      if (mayStore() && isOutboxKey(key))
        use('localStorage', (storage) => (value === undefined ? storage.removeItem(key) : storage.setItem(key, value)));
    },
  };
}
