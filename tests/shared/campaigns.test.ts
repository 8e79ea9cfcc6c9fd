import { URLPattern as Polyfill } from 'urlpattern-polyfill/urlpattern';
import {
  campaignUrlMatches,
  dueCampaigns,
  isSnoozed,
  SNOOZE_MS,
  snoozeUntil,
  usesUrlPatternSyntax,
  type CampaignTrigger,
  type UrlPatternConstructor,
} from '../../src/shared/campaigns';

function campaign(id: number, url: string, timeOnPage = 3, businessHoursOnly = false): CampaignTrigger {
  return { id, trigger_rules: { url, time_on_page: timeOnPage }, trigger_only_during_business_hours: businessHoursOnly };
}

describe('whether a campaign URL pattern matches the page', () => {
  it.each<[string, string, boolean]>([
    // Without a trailing slash: the path must match; query and fragment must be exactly the pattern's.
    ['https://a.com/pricing', 'https://a.com/pricing', true],
    ['https://a.com/pricing', 'https://a.com/pricing/', true],
    ['https://a.com/pricing', 'https://a.com/pricing?x=1', false],
    ['https://a.com/pricing', 'https://a.com/pricing#top', false],
    ['https://a.com/pricing', 'https://a.com/pricing/team', false],
    // A trailing slash on the pattern accepts any query and fragment, not a longer path.
    ['https://a.com/pricing/', 'https://a.com/pricing', true],
    ['https://a.com/pricing/', 'https://a.com/pricing/', true],
    ['https://a.com/pricing/', 'https://a.com/pricing?x=1', true],
    ['https://a.com/pricing/', 'https://a.com/pricing#top', true],
    ['https://a.com/pricing/', 'https://a.com/pricing/?x=1#top', true],
    ['https://a.com/pricing/', 'https://a.com/pricing/team', false],
    ['https://a.com/pricing/', 'https://a.com/pricingplus', false],
    ['https://a.com/', 'https://a.com', true],
    ['https://a.com/', 'https://a.com/?ref=mail', true],
    ['https://a.com/', 'https://a.com/about', false],
    ['https://a.com', 'https://a.com/', true],
    // `*` in the path spans any characters, slashes included, but stays inside the path.
    ['https://a.com/blog/*', 'https://a.com/blog/post-1', true],
    ['https://a.com/blog/*', 'https://a.com/blog/2024/05/post', true],
    ['https://a.com/blog/*', 'https://a.com/blog/post?utm_source=x', false],
    ['https://a.com/blog/*/', 'https://a.com/blog/post?utm_source=x', true],
    ['https://a.com/*/pricing', 'https://a.com/en/pricing', true],
    ['https://a.com/*/pricing', 'https://a.com/pricing', false],
    ['https://a.com/*-guide', 'https://a.com/setup-guide', true],
    // `*` in the host.
    ['https://*.a.com/pricing', 'https://app.a.com/pricing', true],
    ['https://*.a.com/pricing', 'https://eu.app.a.com/pricing', true],
    ['https://*.a.com/pricing', 'https://a.com/pricing', false],
    ['https://*.a.com/pricing', 'https://app.a.com.evil.net/pricing', false],
    ['https://*/pricing', 'https://b.org/pricing', true],
    ['https://a.com*', 'https://a.com', true],
    ['https://a.com*', 'https://a.com.au/', true],
    ['https://a.com*', 'https://a.com/pricing', false],
    // Query and fragment written in the pattern.
    ['https://a.com/pricing?test=true', 'https://a.com/pricing/?test=true', true],
    ['https://a.com/pricing?test=true', 'https://a.com/pricing?test=false', false],
    ['https://a.com/pricing?plan=*', 'https://a.com/pricing?plan=pro', true],
    ['https://a.com/pricing?plan=*', 'https://a.com/pricing?plan=pro#faq', false],
    ['https://a.com/docs#install', 'https://a.com/docs#install', true],
    ['https://a.com/docs#install', 'https://a.com/docs#usage', false],
    ['https://a.com/login?next=/', 'https://a.com/login?next=/', true],
    ['https://a.com/login?next=/', 'https://a.com/login?next=/&x=1', false],
    // Chatwoot's escaped form `*\?*` still separates the query.
    ['https://a.com/pricing*\\?*', 'https://a.com/pricing/?test=true', true],
    // Case: scheme and host are case-insensitive, the path is not.
    ['HTTPS://A.COM/Pricing', 'https://a.com/Pricing', true],
    ['https://a.com/pricing', 'https://A.com/pricing', true],
    ['https://a.com/Pricing', 'https://a.com/pricing', false],
    // Scheme and port.
    ['http://a.com/pricing', 'https://a.com/pricing', false],
    ['*://a.com/pricing', 'http://a.com/pricing', true],
    ['https://a.com:443/pricing', 'https://a.com/pricing', true],
    ['http://a.com:8080/pricing', 'http://a.com:8080/pricing', true],
    ['http://a.com:8080/pricing', 'http://a.com/pricing', false],
    // Regular-expression characters are literal (but `(…)` makes a pattern URLPattern syntax, below); `\*` is a literal star.
    ['https://a.com/v1.0/page', 'https://a.com/v1x0/page', false],
    ['https://a.com/a+[b]$', 'https://a.com/a+[b]$', true],
    ['https://a.com/a+', 'https://a.com/aa', false],
    ['https://a.com/search?q=a+b|c', 'https://a.com/search?q=a+b|c', true],
    ['https://a.com/a^b', 'https://a.com/a^b', true],
    ['https://a.com/a\\*b', 'https://a.com/a*b', true],
    ['https://a.com/a\\*b', 'https://a.com/axyzb', false],
    // Percent-encoding is compared decoded.
    ['https://a.com/café', 'https://a.com/caf%C3%A9', true],
    ['https://a.com/%E0%A4%A', 'https://a.com/%E0%A4%A', true],
    // Invalid input never matches.
    ['https://a.com/pricing', 'not a url', false],
    ['https://a.com/pricing', '', false],
    ['https://a.com/pricing', '/pricing', false],
    ['', 'https://a.com/pricing', false],
    ['a.com/pricing', 'https://a.com/pricing', false],
    ['://a.com/pricing', 'https://a.com/pricing', false],
  ])('%s against %s → %s', (pattern, pageUrl, expected) => {
    expect(campaignUrlMatches(pattern, pageUrl)).toBe(expected);
  });

  it('does not throw on a pattern that is not a string', () => {
    expect(campaignUrlMatches(undefined as unknown as string, 'https://a.com/')).toBe(false);
  });

  it('answers quickly for a pattern full of wildcards against a long URL', () => {
    const started = performance.now();
    expect(campaignUrlMatches(`https://a.com/${'*a'.repeat(40)}*b`, `https://a.com/${'a'.repeat(20000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('the campaigns due on a page', () => {
  const now = new Date('2025-06-02T12:00:00Z');
  const page = 'https://a.com/pricing';

  it('arms only the campaigns whose URL matches the page', () => {
    const campaigns = [campaign(1, 'https://a.com/pricing'), campaign(2, 'https://a.com/about')];
    expect(dueCampaigns(campaigns, { pageUrl: page, inBusinessHours: true, now }).map((c) => c.id)).toEqual([1]);
  });

  it('leaves out business-hours-only campaigns outside business hours', () => {
    const campaigns = [campaign(1, page), campaign(2, page, 3, true)];
    expect(dueCampaigns(campaigns, { pageUrl: page, inBusinessHours: false, now }).map((c) => c.id)).toEqual([1]);
  });

  it('keeps business-hours-only campaigns during business hours', () => {
    const campaigns = [campaign(1, page), campaign(2, page, 3, true)];
    expect(dueCampaigns(campaigns, { pageUrl: page, inBusinessHours: true, now }).map((c) => c.id)).toEqual([1, 2]);
  });

  it('arms nothing one millisecond before a one-day snooze ends', () => {
    const snoozedUntil = snoozeUntil(now.getTime() - SNOOZE_MS + 1);
    expect(dueCampaigns([campaign(1, page)], { pageUrl: page, inBusinessHours: true, snoozedUntil, now })).toEqual([]);
  });

  it('arms campaigns again once the day of snooze has passed', () => {
    const snoozedUntil = snoozeUntil(now.getTime() - SNOOZE_MS);
    expect(dueCampaigns([campaign(1, page)], { pageUrl: page, inBusinessHours: true, snoozedUntil, now })).toHaveLength(1);
  });

  it('treats a missing snooze time as not snoozed', () => {
    expect(dueCampaigns([campaign(1, page)], { pageUrl: page, inBusinessHours: true, snoozedUntil: null, now })).toHaveLength(1);
  });

  it('skips a campaign without trigger rules', () => {
    const broken = { id: 3, trigger_only_during_business_hours: false } as unknown as CampaignTrigger;
    expect(dueCampaigns([broken], { pageUrl: page, inBusinessHours: true, now })).toEqual([]);
  });
});

describe('campaign URLs in URLPattern syntax, as Chatwoot site owners write them (issue 14)', () => {
  const URLPattern = (globalThis as { URLPattern?: UrlPatternConstructor }).URLPattern ?? Polyfill;

  it.each([
    ['https://{*.}?example.com/pricing*', 'https://example.com/pricing', true],
    ['https://{*.}?example.com/pricing*', 'https://www.example.com/pricing/team', true],
    ['https://{*.}?example.com/pricing*', 'https://shop.eu.example.com/pricing', true],
    ['https://{*.}?example.com/pricing*', 'https://example.org/pricing', false],
    ['https://{*.}?example.com/pricing*', 'https://notexample.com/pricing', false],
    ['https://example.com/blog/:slug', 'https://example.com/blog/hello', true],
    ['https://example.com/blog/:slug', 'https://example.com/blog/hello/more', false],
    ['https://example.com/(docs|help)/*', 'https://example.com/help/start', true],
    ['https://example.com/(docs|help)/*', 'https://example.com/news/start', false],
    // Chatwoot's trailing-slash rules: a `/` ending the pattern accepts any query and fragment…
    ['https://example.com/:page/', 'https://example.com/pricing?utm=x#plans', true],
    // …and one `/` ending the page's path is dropped.
    ['https://example.com/blog/:slug', 'https://example.com/blog/hello/', true],
    // Invalid patterns never match and never throw.
    ['https://example.com/(unclosed', 'https://example.com/(unclosed', false],
  ])('%s against %s → %s', (pattern, pageUrl, expected) => {
    expect(usesUrlPatternSyntax(pattern)).toBe(true);
    expect(campaignUrlMatches(pattern, pageUrl, URLPattern)).toBe(expected);
    expect(campaignUrlMatches(pattern, pageUrl, Polyfill as UrlPatternConstructor)).toBe(expected);
  });

  it('matches nothing in that syntax without a URLPattern', () => {
    expect(campaignUrlMatches('https://{*.}?example.com/pricing*', 'https://example.com/pricing')).toBe(false);
  });

  it.each(['https://example.com/pricing*', 'https://example.com:8080/a', 'https://*.example.com/'])('is not what %s uses', (pattern) => {
    expect(usesUrlPatternSyntax(pattern)).toBe(false);
  });

  it('is matched by dueCampaigns with the URLPattern given', () => {
    const found = dueCampaigns([campaign(1, 'https://{*.}?example.com/pricing*')], {
      pageUrl: 'https://www.example.com/pricing',
      inBusinessHours: true,
      now: 0,
      URLPattern,
    });
    expect(found.map((c) => c.id)).toEqual([1]);
  });
});

describe('the URLPattern campaigns are matched with (issue 34)', () => {
  const pricing = campaign(1, 'https://{*.}?example.com/pricing*');
  const plain = campaign(2, 'https://example.com/pricing*');
  let urlPatternFor: typeof import('../../src/shared/campaigns').urlPatternFor;

  // Each test is a fresh page: the polyfill is fetched, and a failure said, once per page.
  beforeEach(async () => {
    vi.resetModules();
    ({ urlPatternFor } = await import('../../src/shared/campaigns'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const polyfill = () => vi.fn(async () => ({ URLPattern: Polyfill as UrlPatternConstructor }));

  it('fetches the polyfill for a campaign in URLPattern syntax in a browser without URLPattern', async () => {
    vi.stubGlobal('URLPattern', undefined);
    const load = polyfill();
    expect(await urlPatternFor([plain, pricing], load)).toBe(Polyfill);
    expect(load).toHaveBeenCalledOnce();
  });

  it('uses the browser’s own URLPattern where there is one, and fetches nothing', async () => {
    class Native {
      test = () => true;
    }
    vi.stubGlobal('URLPattern', Native);
    const load = polyfill();
    expect(await urlPatternFor([pricing], load)).toBe(Native);
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches nothing, and needs none, when no campaign is in URLPattern syntax', async () => {
    vi.stubGlobal('URLPattern', undefined);
    const load = polyfill();
    expect(await urlPatternFor([plain, campaign(3, 'https://example.com:8080/a')], load)).toBeUndefined();
    expect(await urlPatternFor([], load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the polyfill once for the page, however often the campaigns are matched', async () => {
    vi.stubGlobal('URLPattern', undefined);
    const load = polyfill();
    await urlPatternFor([pricing], load);
    await urlPatternFor([pricing], load);
    expect(load).toHaveBeenCalledOnce();
  });

  it('matches those campaigns to no page when the polyfill does not load, and says why once', async () => {
    vi.stubGlobal('URLPattern', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const URLPattern = await urlPatternFor([pricing], load);
    expect(URLPattern).toBeUndefined();
    expect(dueCampaigns([pricing], { pageUrl: 'https://www.example.com/pricing', inBusinessHours: true, now: 0, URLPattern })).toEqual([]);
    expect(await urlPatternFor([pricing], load)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0].join(' ')).toMatch(/URLPattern polyfill did not load/);
  });
});

describe('the campaign snooze', () => {
  it('lasts one day, not Chatwoot’s one hour', () => {
    expect(SNOOZE_MS).toBe(86_400_000);
    expect(snoozeUntil(new Date('2025-06-02T12:00:00Z'))).toBe(Date.parse('2025-06-03T12:00:00Z'));
  });

  it('is over exactly at the snooze time, not before', () => {
    const until = snoozeUntil(1_000);
    expect([isSnoozed(until, until - 1), isSnoozed(until, until), isSnoozed(undefined, 0)]).toEqual([true, false, false]);
  });
});
