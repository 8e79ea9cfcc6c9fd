import type { HostUser } from '../../shared/protocol';

/**
 * A change detector for `setUser`: the cookie `cw_user_<token>` stores it so an unchanged
 * identity is not re-sent on every page view. Chatwoot stores an md5 of the same string; a
 * 53-bit FNV-style hash (cyrb53) detects changes just as well for a fraction of the loader's
 * bytes, and nothing on the server reads this value.
 */
export function userHash(identifier: string | number, user: HostUser): string {
  const source =
    ['avatar_url', 'email', 'name', 'identifier_hash'].map((key) => key + (user[key as keyof HostUser] ?? '')).join('') +
    `identifier${identifier}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
