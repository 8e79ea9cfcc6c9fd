/** Writing first-party cookies on the host page (docs/protocol.md#cookies-and-storage); reading them is src/shared/cookies.ts's. */

/** Writes a cookie for a year (SameSite=Lax), scoped to `domain` when the site set `baseDomain`. */
export function setCookie(name: string, value: string, domain?: string, maxAgeS = 365 * 24 * 60 * 60): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const scope = domain ? `; domain=${domain}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeS}; path=/; SameSite=Lax${scope}${secure}`;
}

/**
 * Removes a cookie both with and without the `baseDomain` scope: Chatwoot forgets the
 * domain-scoped copy on `reset()`, which leaves a logged-out visitor's session behind. Written
 * without `setCookie` because sdk.js only ever removes cookies, and its bytes are every page's.
 */
export function removeCookie(name: string, domain?: string): void {
  for (const scope of domain ? ['', `; domain=${domain}`] : ['']) document.cookie = `${name}=; max-age=0; path=/${scope}`;
}
