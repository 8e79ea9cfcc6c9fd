/**
 * The rules of proactive campaigns that the loader runtime and the widget both apply: which
 * campaigns match the host page, and the snooze after the visitor closes one. The runtime uses
 * them to decide whether a first-time visitor's page needs the chat frame at all and writes the
 * snooze cookie; the widget arms the campaigns' timers and checks the snooze before showing one.
 */

/** The fields of a campaign (`GET /campaigns`) that decide when it fires. */
export interface CampaignTrigger {
  id: number;
  /** Either may be missing from a campaign saved without it: no URL matches no page. */
  trigger_rules: { url?: string; time_on_page?: number };
  trigger_only_during_business_hours: boolean;
}

/** Literal chunks of one URL component; a `*` wildcard sits between each neighbouring pair. */
type Glob = string[];

interface UrlGlob {
  scheme: Glob;
  host: Glob;
  path: Glob;
  query: Glob;
  hash: Glob;
  anyQueryAndHash: boolean;
}

const AUTHORITY = 0;
const PATH = 1;
const QUERY = 2;
const HASH = 3;

/** `decodeURIComponent` that keeps malformed escapes ("%E0%A4%A") as written. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Splits a pattern into components the way a URL reads: scheme `://` authority, then `/` path,
 * `?` query, `#` fragment. `*` is the only special character; `\*` is a literal star and a
 * backslash before any other character is dropped, so Chatwoot-style `\?` / `\#` still separate
 * the query and fragment. Returns null for a pattern without `scheme://`.
 */
function parsePattern(pattern: string): UrlGlob | null {
  const schemeEnd = pattern.indexOf('://');
  const scheme = pattern.slice(0, schemeEnd).toLowerCase();
  if (schemeEnd < 1 || !/^[a-z*][a-z0-9+.*-]*$/.test(scheme)) return null;
  const parts: Glob[] = [[''], [''], [''], ['']];
  let component = AUTHORITY;
  for (let i = schemeEnd + 3; i < pattern.length; i++) {
    const escaped = pattern[i] === '\\' && i + 1 < pattern.length;
    const char = escaped ? pattern[++i] : pattern[i];
    const next = char === '#' ? HASH : char === '?' ? QUERY : char === '/' ? PATH : -1;
    if (next > component) {
      component = next;
      if (next === PATH) parts[PATH][0] = '/';
    } else if (char === '*' && !escaped) parts[component].push('');
    else parts[component][parts[component].length - 1] += char;
  }
  // A trailing `/` widens the query and fragment only when it ends the path: the slash in
  // `?next=/` is part of the query and stays literal.
  const anyQueryAndHash = component === PATH && pattern.endsWith('/');
  const host = parts[AUTHORITY].map((chunk) => chunk.toLowerCase());
  // The URL parser drops a scheme's default port from the page's host, so drop it here as well.
  const defaultPort = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : null;
  const lastHost = host.length - 1;
  if (defaultPort && host[lastHost].endsWith(defaultPort)) host[lastHost] = host[lastHost].slice(0, -defaultPort.length);
  const decode = (glob: Glob) => glob.map(safeDecode);
  return {
    scheme: scheme.split('*'),
    host,
    path: decode(trimPath(parts[PATH])),
    query: decode(parts[QUERY]),
    hash: decode(parts[HASH]),
    anyQueryAndHash,
  };
}

/** An empty path is "/", and one trailing slash is ignored, on the pattern as on the page. */
function trimPath(path: Glob): Glob {
  const last = path.length - 1;
  if (path.length === 1 && path[0] === '') return ['/'];
  if (path.join('*') === '/' || !path[last].endsWith('/')) return path;
  return [...path.slice(0, last), path[last].slice(0, -1)];
}

/**
 * Glob test without regular expressions: the first chunk is a prefix, the last a suffix, and
 * the middle ones are found left to right. Linear in the URL, so no pattern can hang the page.
 */
function globMatches(glob: Glob, value: string): boolean {
  const first = glob[0];
  const last = glob[glob.length - 1];
  if (glob.length === 1) return value === first;
  if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
  const end = value.length - last.length;
  let position = first.length;
  for (const chunk of glob.slice(1, -1)) {
    const at = value.indexOf(chunk, position);
    if (at < 0 || at + chunk.length > end) return false;
    position = at + chunk.length;
  }
  return true;
}

/** The browser's URLPattern constructor (tests pass the polyfill: Node has none). */
export type UrlPatternConstructor = new (input: string) => { test(input: string): boolean };

/**
 * The browser's own `URLPattern`, or none (Safari before 26, Firefox before 142): Wren ships no
 * polyfill, so there URLPattern-syntax campaigns match no page (docs/behaviour.md#campaigns).
 */
export const nativeUrlPattern = (): UrlPatternConstructor | undefined => (globalThis as { URLPattern?: UrlPatternConstructor }).URLPattern;

/**
 * Whether a campaign URL is written in URLPattern syntax, as Chatwoot's site owners write them
 * (`https://{*.}?example.com/pricing*`, `https://example.com/blog/:slug`): groups `{…}`,
 * regular expressions `(…)` or named parts `:name`. A plain `*` pattern is not: it follows the
 * wildcard rule below. A port (`:8080`) is not a named part.
 */
export function usesUrlPatternSyntax(pattern: unknown): boolean {
  return typeof pattern === 'string' && /[{}()]|:[A-Za-z_$]/.test(pattern.trim().replace(/^[a-z][\w+.-]*:\/\//i, ''));
}

/**
 * Chatwoot's matching of a URLPattern-syntax campaign URL, with its trailing-slash rules: a `/`
 * ending the pattern accepts any query and fragment (it becomes `*\?*\#*`), and one `/` ending the
 * page's path is dropped first. Invalid patterns never match and never throw.
 */
function urlPatternMatches(pattern: string, page: URL, URLPattern: UrlPatternConstructor): boolean {
  const written = pattern.trim();
  const input = written.endsWith('/') ? `${written.slice(0, -1)}*\\?*\\#*` : written;
  const url = new URL(page.href);
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.slice(0, -1);
  try {
    return new URLPattern(input).test(url.href);
  } catch {
    return false;
  }
}

/**
 * Whether a campaign's URL pattern matches the page (docs/behaviour.md#validation). A pattern in
 * URLPattern syntax (`usesUrlPatternSyntax`) is matched with `URLPattern` as Chatwoot matches it;
 * without one (Safari before 26, Firefox before 142) it matches nothing. Every
 * other pattern is matched without URLPattern (missing in older Safari). Each component is compared on its own, so `*` never spills from the path into
 * the query:
 * - `*` matches any run of characters within its component (host, path, query or fragment);
 * - scheme and host are case-insensitive; path, query and fragment are case-sensitive and
 *   compared percent-decoded; the scheme's default port is ignored;
 * - a trailing `/` on the pattern accepts any query and fragment (Chatwoot's `*\?*\#*`) but,
 *   unlike Chatwoot's `*`, does not widen the path: `/pricing/` does not match `/pricing/team`;
 * - otherwise query and fragment must equal the pattern's, empty when it has none, as Chatwoot's
 *   URLPattern reads a pattern string (`…/blog*` does not match `…/blog/a?utm=x`);
 * - one trailing `/` on the page path (and on the pattern path) is ignored.
 * Invalid patterns or page URLs never match and never throw.
 */
export function campaignUrlMatches(pattern: string, pageUrl: string, URLPattern?: UrlPatternConstructor): boolean {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return false;
  }
  if (usesUrlPatternSyntax(pattern)) return !!URLPattern && urlPatternMatches(pattern, page, URLPattern);
  const glob = typeof pattern === 'string' ? parsePattern(pattern.trim()) : null;
  if (!glob) return false;
  const path = page.pathname.length > 1 && page.pathname.endsWith('/') ? page.pathname.slice(0, -1) : page.pathname;
  return (
    globMatches(glob.scheme, page.protocol.slice(0, -1)) &&
    globMatches(glob.host, page.host) &&
    globMatches(glob.path, safeDecode(path)) &&
    (glob.anyQueryAndHash ||
      (globMatches(glob.query, safeDecode(page.search.slice(1))) && globMatches(glob.hash, safeDecode(page.hash.slice(1)))))
  );
}

/**
 * How long campaigns stay snoozed after the visitor closes one: 1 day (docs/behaviour.md#campaigns, docs/behaviour.md#constants). Chatwoot
 * uses 1 hour; the seed spec asks for a day, so returning visitors are not re-prompted hourly.
 */
export const SNOOZE_MS = 24 * 60 * 60 * 1000;

/** The time (ms since the epoch) until which campaigns stay snoozed when snoozed at `now`. */
export function snoozeUntil(now: Date | number): number {
  return +now + SNOOZE_MS;
}

/** Snoozed while `now` is before `snoozedUntil` (ms since the epoch); exactly at it, no longer. */
export function isSnoozed(snoozedUntil: number | null | undefined, now: Date | number): boolean {
  return typeof snoozedUntil === 'number' && +now < snoozedUntil;
}

/**
 * The campaigns to arm on this page: the URL matches, the team is in business hours when the
 * campaign asks for that, and none at all while snoozed.
 */
export function dueCampaigns<T extends CampaignTrigger>(
  campaigns: readonly T[],
  context: {
    pageUrl: string;
    inBusinessHours: boolean;
    snoozedUntil?: number | null;
    now: Date | number;
    /** For URLPattern-syntax campaigns; without it they never match. */
    URLPattern?: UrlPatternConstructor;
  },
): T[] {
  if (isSnoozed(context.snoozedUntil, context.now)) return [];
  return campaigns.filter(
    (campaign) =>
      campaignUrlMatches(campaign.trigger_rules?.url ?? '', context.pageUrl, context.URLPattern) &&
      (!campaign.trigger_only_during_business_hours || context.inBusinessHours),
  );
}
