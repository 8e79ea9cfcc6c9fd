import { conversationCookie, conversationToken } from '../../shared/cookies';
import type { Consent } from './consent';

export interface Session {
  /** The widget's JWT (from `loaded` or `setAuthCookie`); stored once the visitor engaged. */
  setToken(token: string): void;
  /**
   * The token to hand a new frame: the cookie's, or, while consent is pending, the one this page
   * holds in memory (docs/behaviour.md#consent).
   */
  token(): string | undefined;
  /** The visitor (or the site, by identifying them) started using the chat: store the JWT. */
  engage(): void;
  /** Consent was given: store what waited for it. */
  store(): void;
  /** After `reset()`: forget the JWT, and wait for engagement again. */
  reset(): void;
}

/**
 * Holds back the inbox's `cw_conversation_<websiteToken>` until the visitor engages. A frame loaded for a campaign or for
 * `loadEagerly` starts a session on the server, but nothing is written to the visitor's browser
 * until they open the chat, act on a prompt, or the site identifies them (no
 * storage before use), nor before consent where the site requires it: the token waits in memory.
 * A returning visitor already has the cookie, and `loadEagerly` is the
 * site's own decision to start sessions early, so both count as engaged from the start.
 */
export function createSession(websiteToken: string, consent: Pick<Consent, 'setCookie'>, eager = false): Session {
  let engaged = eager || !!conversationToken(websiteToken);
  let held: string | undefined;
  const store = () => {
    if (engaged && held) consent.setCookie(conversationCookie(websiteToken), held);
  };
  return {
    setToken(value) {
      held = value;
      store();
    },
    token: () => conversationToken(websiteToken) || held,
    engage() {
      engaged = true;
      store();
    },
    store,
    reset() {
      held = undefined;
      engaged = false;
    },
  };
}
