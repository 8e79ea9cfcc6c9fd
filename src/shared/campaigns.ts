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

/**
 * A pattern's globs in URL order: scheme, host, path, query and fragment. A pattern whose trailing
 * `/` accepts any query and fragment has none for them: the page's are not compared.
 */
type UrlGlob = Glob[];

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
  // The path is "/" until the pattern writes one, as the page's is.
  const parts: Glob[] = [[''], ['/'], [''], ['']];
  let component = AUTHORITY;
  for (let i = schemeEnd + 3; i < pattern.length; i++) {
    const escaped = pattern[i] === '\\' && i + 1 < pattern.length;
    const char = escaped ? pattern[++i] : pattern[i];
    // PATH, QUERY or HASH; any other character is AUTHORITY, which never comes after another.
    const next = '/?#'.indexOf(char) + 1;
    if (next > component) component = next;
    else if (char === '*' && !escaped) parts[component].push('');
    else parts[component][parts[component].length - 1] += char;
  }
  const host = parts[AUTHORITY].map((chunk) => chunk.toLowerCase());
  // The URL parser drops a scheme's default port from the page's host, so drop it here as well.
  const defaultPort = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : null;
  const lastHost = host.length - 1;
  if (defaultPort && host[lastHost].endsWith(defaultPort)) host[lastHost] = host[lastHost].slice(0, -defaultPort.length);
  const globs = [scheme.split('*'), host, ...[trimPath(parts[PATH]), parts[QUERY], parts[HASH]].map((glob) => glob.map(safeDecode))];
  // A trailing `/` widens the query and fragment only when it ends the path: the slash in
  // `?next=/` is part of the query and stays literal.
  return component === PATH && pattern.endsWith('/') ? globs.slice(0, 3) : globs;
}

/** One trailing slash is ignored, on the pattern as on the page. */
function trimPath(path: Glob): Glob {
  const last = path.length - 1;
  if (path.join('*') !== '/' && path[last].endsWith('/')) path[last] = path[last].slice(0, -1);
  return path;
}

/**
 * Glob test without regular expressions: the first chunk is a prefix, the last a suffix, and
 * the middle ones are found left to right. Linear in the URL, so no pattern can hang the page.
 */
function globMatches(glob: Glob, value: string): boolean {
  const first = glob[0];
  const last = glob[glob.length - 1];
  if (glob.length === 1) return value === first;
  const end = value.length - last.length;
  let position = first.length;
  if (end < position || !value.startsWith(first) || !value.endsWith(last)) return false;
  for (const chunk of glob.slice(1, -1)) {
    const at = value.indexOf(chunk, position);
    position = at + chunk.length;
    if (at < 0 || position > end) return false;
  }
  return true;
}

/** A URLPattern constructor: the browser's, or the polyfill's where it has none. */
export type UrlPatternConstructor = new (input: string) => { test(input: string): boolean };

/**
 * Fetches the URLPattern polyfill (urlpattern-polyfill): one file of its own that the loader's
 * campaign matcher and the widget's campaigns chunk both import by its address (build.mjs).
 */
export type UrlPatternPolyfill = () => Promise<{ URLPattern: UrlPatternConstructor }>;

/** The polyfill as this page got it: fetched once, and a failure said once. */
let polyfilled: Promise<UrlPatternConstructor | undefined> | undefined;

/**
 * The `URLPattern` the campaigns are matched with (docs/behaviour.md#campaigns): none when none
 * is written in URLPattern syntax, the browser's where it has one (Chromium, Firefox 142+,
 * Safari 26+), else the polyfill, which `polyfill` fetches only then. A polyfill that does not
 * load leaves those campaigns matching no page, and one console warning says why.
 */
export async function urlPatternFor(
  campaigns: readonly CampaignTrigger[],
  polyfill: UrlPatternPolyfill,
): Promise<UrlPatternConstructor | undefined> {
  if (!campaigns.some((campaign) => usesUrlPatternSyntax(campaign.trigger_rules?.url))) return undefined;
  return (
    (globalThis as { URLPattern?: UrlPatternConstructor }).URLPattern ??
    (polyfilled ??= polyfill().then(
      (module) => module.URLPattern,
      (error: unknown) => {
        console.warn('Wren: campaigns in URLPattern syntax will not show: the URLPattern polyfill did not load.', error);
        return undefined;
      },
    ))
  );
}

/**
 * Whether a campaign URL is written in URLPattern syntax, as Chatwoot's site owners write them
 * (`https://{*.}?example.com/pricing*`, `https://example.com/blog/:slug`): groups `{…}`,
 * regular expressions `(…)` or named parts `:name`. A plain `*` pattern is not: it follows the
 * wildcard rule below. Neither is a port (`:8080`) nor the colon of `scheme://`: no letter follows them.
 */
export function usesUrlPatternSyntax(pattern: unknown): boolean {
  return typeof pattern === 'string' && /[{}()]|:[A-Za-z_$]/.test(pattern);
}

/**
 * Chatwoot's matching of a URLPattern-syntax campaign URL, with its trailing-slash rules: a `/`
 * ending the pattern accepts any query and fragment (it becomes `*\?*\#*`), and one `/` ending the
 * page's path is dropped first (by the caller). Invalid patterns never match and never throw.
 */
function urlPatternMatches(pattern: string, pageUrl: string, URLPattern: UrlPatternConstructor): boolean {
  const input = pattern.endsWith('/') ? `${pattern.slice(0, -1)}*\\?*\\#*` : pattern;
  try {
    return new URLPattern(input).test(pageUrl);
  } catch {
    return false;
  }
}

/**
 * Whether a campaign's URL pattern matches the page (docs/behaviour.md#validation). A pattern in
 * URLPattern syntax (`usesUrlPatternSyntax`) is matched with `URLPattern` as Chatwoot matches it
 * (`urlPatternFor` gives the browser's or the polyfill); without one it matches nothing. Every
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
  if (typeof pattern !== 'string') return false;
  const written = pattern.trim();
  // One `/` ending the page's path is ignored, under either rule.
  if (page.pathname.length > 1 && page.pathname.endsWith('/')) page.pathname = page.pathname.slice(0, -1);
  if (usesUrlPatternSyntax(written)) return !!URLPattern && urlPatternMatches(written, page.href, URLPattern);
  const components = [page.protocol.slice(0, -1), page.host, ...[page.pathname, page.search.slice(1), page.hash.slice(1)].map(safeDecode)];
  return !!parsePattern(written)?.every((glob, i) => globMatches(glob, components[i]));
}

/**
 * How long campaigns stay snoozed after the visitor closes one: 1 day (docs/behaviour.md#campaigns, docs/behaviour.md#constants). Chatwoot
 * uses 1 hour; the seed spec asks for a day, so returning visitors are not re-prompted hourly.
 */
export const SNOOZE_MS = 86_400_000;

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
