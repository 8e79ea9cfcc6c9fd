import { consentCookie, getCookie, keepOpenKey, visitorCookies } from '../../shared/cookies';
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
}

export function createConsent(websiteToken: string, raw: HostSettings): Consent {
  const sessionOnly = raw.storage === 'session';
  let state: ConsentState = raw.consent !== 'required' || getCookie(consentCookie(websiteToken)) === 'granted' ? 'granted' : 'ask';
  const write = (name: string, value: string, maxAgeS = YEAR_S) =>
    setCookie(name, value, raw.baseDomain, sessionOnly ? undefined : maxAgeS);
  const session = (change: (storage: Storage) => void) => {
    try {
      change(sessionStorage);
    } catch {
      // Storage refused (every cookie blocked): `keepOpen` then has nothing to remember.
    }
  };
  const openKey = keepOpenKey(websiteToken);

  return {
    state: () => state,
    setCookie(name, value, maxAgeS) {
      if (state !== 'granted') return false;
      write(name, value, maxAgeS);
      return true;
    },
    rememberOpen(open) {
      if (!raw.keepOpen || state !== 'granted') return;
      session((storage) => (open ? storage.setItem(openKey, '1') : storage.removeItem(openKey)));
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
      session((storage) => storage.removeItem(openKey));
    },
  };
}
