/** Writing first-party cookies on the host page (docs/embedding.md#cookies-and-storage); reading them is src/shared/cookies.ts's. */

/**
 * Writes a cookie (SameSite=Lax) for `maxAgeS`, or for the browser session without it, scoped
 * to `domain` when the site set `baseDomain`. Only the runtime's consent gate calls it
 * (runtime/consent.ts).
 */
export function setCookie(name: string, value: string, domain?: string, maxAgeS?: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const scope = domain ? `; domain=${domain}` : '';
  const lifetime = maxAgeS === undefined ? '' : `; max-age=${maxAgeS}`;
  document.cookie = `${name}=${encodeURIComponent(value)}${lifetime}; path=/; SameSite=Lax${scope}${secure}`;
}

/**
 * Removes a cookie both with and without the `baseDomain` scope: Chatwoot forgets the
 * domain-scoped copy on `reset()`, which leaves a logged-out visitor's session behind. Written
 * without `setCookie` because sdk.js only ever removes cookies, and its bytes are every page's.
 */
export function removeCookie(name: string, domain?: string): void {
  for (const scope of domain ? ['', `; domain=${domain}`] : ['']) document.cookie = `${name}=; max-age=0; path=/${scope}`;
}

/** The host page's sessionStorage value of `key`; undefined where storage is refused (every cookie blocked, a sandbox). */
export function sessionValue(key: string): string | null | undefined {
  try {
    return sessionStorage.getItem(key);
  } catch {}
}
