/**
 * The names the help centre puts in URLs (docs/protocol.md#help-centre): portal slugs, article
 * slugs made from titles, locale codes and custom domains.
 */

/** A portal slug: what `/hc/{slug}/…` carries, so only URL-safe lowercase characters. */
export const PORTAL_SLUG = /^[a-z0-9][a-z0-9_-]*$/;

/** A locale code as portals list them: `en`, `pt_BR`, `zh-TW`. */
export const LOCALE_CODE = /^[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?$/;

const MAX_SLUG = 100;

/**
 * An article slug from its title: lowercase letters and digits of any script joined by hyphens,
 * accents dropped (`Café au lait!` → `cafe-au-lait`); `article` when nothing is left.
 */
export function articleSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  return slug || (words[0]?.slice(0, MAX_SLUG) ?? '') || 'article';
}

const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * A custom domain as a bare host name: a URL gives its host (as Chatwoot does); anything that is
 * not a host name is undefined.
 */
export function hostName(input: string): string | undefined {
  let host = input.trim().toLowerCase();
  if (/^https?:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return undefined;
    }
  }
  return HOST.test(host) ? host : undefined;
}
