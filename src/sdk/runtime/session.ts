import { conversationCookie, conversationToken } from '../../shared/cookies';
import { setCookie } from '../cookies';

export interface Session {
  /** The widget's JWT (from `loaded` or `setAuthCookie`); stored once the visitor engaged. */
  setToken(token: string): void;
  /** The visitor (or the site, by identifying them) started using the chat: store the JWT. */
  engage(): void;
  /** After `reset()`: forget the JWT, and wait for engagement again. */
  reset(): void;
}

/**
 * Holds back the inbox's `cw_conversation_<websiteToken>` until the visitor engages. A frame loaded for a campaign or for
 * `loadEagerly` starts a session on the server, but nothing is written to the visitor's browser
 * until they open the chat, act on a prompt, or the site identifies them (no
 * storage before use). A returning visitor already has the cookie, and `loadEagerly` is the
 * site's own decision to start sessions early, so both count as engaged from the start.
 */
export function createSession(websiteToken: string, baseDomain: string | undefined, eager = false): Session {
  let engaged = eager || !!conversationToken(websiteToken);
  let token: string | undefined;
  const store = () => {
    if (engaged && token) setCookie(conversationCookie(websiteToken), token, baseDomain);
  };
  return {
    setToken(value) {
      token = value;
      store();
    },
    engage() {
      engaged = true;
      store();
    },
    reset() {
      token = undefined;
      engaged = false;
    },
  };
}
