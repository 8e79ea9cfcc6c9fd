import { URLPattern as Polyfill } from 'urlpattern-polyfill/urlpattern';
import type { UrlPatternConstructor } from '../../../src/shared/campaigns';

const campaign = (url: string, extra = {}) => ({
  id: 1,
  trigger_rules: { url, time_on_page: 10 },
  trigger_only_during_business_hours: false,
  ...extra,
});
const NOW = Date.UTC(2025, 0, 1);

let campaignWantsFrame: typeof import('../../../src/sdk/runtime/campaigns').campaignWantsFrame;
// Each test is a fresh page: the matcher fetches the URLPattern polyfill once per page.
beforeEach(async () => {
  vi.resetModules();
  ({ campaignWantsFrame } = await import('../../../src/sdk/runtime/campaigns'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('whether a first-time visitor loads the frame for a campaign', () => {
  it('does when a campaign matches the page', async () => {
    expect(await campaignWantsFrame([campaign('https://shop.example/pricing')], 'https://shop.example/pricing', undefined, NOW)).toBe(true);
    expect(
      await campaignWantsFrame(
        [campaign('https://shop.example/blog'), campaign('https://shop.example/*')],
        'https://shop.example/a',
        undefined,
        NOW,
      ),
    ).toBe(true);
  });

  it('does not when no campaign matches the page', async () => {
    expect(await campaignWantsFrame([campaign('https://shop.example/pricing')], 'https://shop.example/about', undefined, NOW)).toBe(false);
    expect(await campaignWantsFrame([], 'https://shop.example/', undefined, NOW)).toBe(false);
  });

  it('leaves business hours to the widget', async () => {
    expect(
      await campaignWantsFrame(
        [campaign('https://shop.example/*', { trigger_only_during_business_hours: true })],
        'https://shop.example/a',
        undefined,
        NOW,
      ),
    ).toBe(true);
  });

  it('does not while campaigns are snoozed, and does again once the snooze is over', async () => {
    const list = [campaign('https://shop.example/*')];
    expect(await campaignWantsFrame(list, 'https://shop.example/a', NOW + 1, NOW)).toBe(false);
    expect(await campaignWantsFrame(list, 'https://shop.example/a', NOW, NOW)).toBe(true);
  });

  it.each([
    ['an error body', { error: 'web widget does not exist' }],
    ['a string', 'https://shop.example/*'],
    ['null', null],
    ['a list of junk', [null, 3, 'x', { trigger_rules: null }, { id: 2 }]],
  ])('does not for %s', async (_what, body) => {
    expect(await campaignWantsFrame(body, 'https://shop.example/a', undefined, NOW)).toBe(false);
  });
});

describe('a campaign in URLPattern syntax, in a browser without URLPattern (issue 34)', () => {
  const pricing = [campaign('https://{*.}?shop.example/pricing*')];
  const polyfill = () => vi.fn(async () => ({ URLPattern: Polyfill as UrlPatternConstructor }));

  beforeEach(() => {
    vi.stubGlobal('URLPattern', undefined);
  });

  it('loads the frame on a page it matches, with the polyfill', async () => {
    const load = polyfill();
    expect(await campaignWantsFrame(pricing, 'https://www.shop.example/pricing/team', undefined, NOW, load)).toBe(true);
    expect(await campaignWantsFrame(pricing, 'https://www.shop.example/about', undefined, NOW, load)).toBe(false);
    expect(load).toHaveBeenCalledOnce();
  });

  it('fetches no polyfill for plain patterns, nor where the browser has URLPattern', async () => {
    const load = polyfill();
    expect(await campaignWantsFrame([campaign('https://shop.example/*')], 'https://shop.example/a', undefined, NOW, load)).toBe(true);
    vi.stubGlobal('URLPattern', Polyfill);
    expect(await campaignWantsFrame(pricing, 'https://shop.example/pricing', undefined, NOW, load)).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads no frame when the polyfill does not load, and says why once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await campaignWantsFrame(pricing, 'https://shop.example/pricing', undefined, NOW, load)).toBe(false);
    expect(await campaignWantsFrame(pricing, 'https://shop.example/pricing/team', undefined, NOW, load)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});
