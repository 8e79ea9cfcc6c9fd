/**
 * The agent's `api_access_token` in the console: typed into the sign-in form, or brought by the
 * link the start banner prints (`/agent#token=…`). A URL fragment never reaches the server, so
 * the token stays out of request logs and `Referer`; the console moves it into sessionStorage
 * (gone when the tab closes) and erases it from the address bar and the history entry at once.
 */

export const TOKEN_KEY = 'wren-agent-token';
const FRAGMENT_PREFIX = '#token=';

/** The token a `#token=…` fragment carries (URI-encoded by whoever wrote the link), or null. */
function tokenOf(hash: string): string | null {
  if (!hash.startsWith(FRAGMENT_PREFIX)) return null;
  try {
    const token = decodeURIComponent(hash.slice(FRAGMENT_PREFIX.length)).trim();
    return token && token.length <= 512 ? token : null;
  } catch {
    return null;
  }
}

/** The parts of the browser the session reads; tests pass their own. */
export interface SessionEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

export interface AgentSession {
  /** The token to sign in with, or null when the agent must type one. */
  token(): string | null;
  save(token: string): void;
  /** Signs out: the token is forgotten. */
  forget(): void;
}

/** Creates the session, taking a `#token=` fragment into storage first. */
export function createSession(env: SessionEnv): AgentSession {
  const fromLink = tokenOf(env.location.hash);
  if (fromLink) env.storage.setItem(TOKEN_KEY, fromLink);
  if (env.location.hash.startsWith(FRAGMENT_PREFIX)) {
    // Erased even when malformed: whatever it holds is nobody's business in the history.
    env.history.replaceState(env.history.state, '', env.location.pathname + env.location.search);
  }
  return {
    token: () => env.storage.getItem(TOKEN_KEY),
    save: (token) => env.storage.setItem(TOKEN_KEY, token),
    forget: () => env.storage.removeItem(TOKEN_KEY),
  };
}
