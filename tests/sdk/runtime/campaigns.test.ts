import { campaignWantsFrame } from '../../../src/sdk/runtime/campaigns';

const campaign = (url: string, extra = {}) => ({
  id: 1,
  trigger_rules: { url, time_on_page: 10 },
  trigger_only_during_business_hours: false,
  ...extra,
});
const NOW = Date.UTC(2025, 0, 1);

describe('whether a first-time visitor loads the frame for a campaign', () => {
  it('does when a campaign matches the page', () => {
    expect(campaignWantsFrame([campaign('https://shop.example/pricing')], 'https://shop.example/pricing', undefined, NOW)).toBe(true);
    expect(
      campaignWantsFrame(
        [campaign('https://shop.example/blog'), campaign('https://shop.example/*')],
        'https://shop.example/a',
        undefined,
        NOW,
      ),
    ).toBe(true);
  });

  it('does not when no campaign matches the page', () => {
    expect(campaignWantsFrame([campaign('https://shop.example/pricing')], 'https://shop.example/about', undefined, NOW)).toBe(false);
    expect(campaignWantsFrame([], 'https://shop.example/', undefined, NOW)).toBe(false);
  });

  it('leaves business hours to the widget', () => {
    expect(
      campaignWantsFrame(
        [campaign('https://shop.example/*', { trigger_only_during_business_hours: true })],
        'https://shop.example/a',
        undefined,
        NOW,
      ),
    ).toBe(true);
  });

  it('does not while campaigns are snoozed, and does again once the snooze is over', () => {
    const list = [campaign('https://shop.example/*')];
    expect(campaignWantsFrame(list, 'https://shop.example/a', NOW + 1, NOW)).toBe(false);
    expect(campaignWantsFrame(list, 'https://shop.example/a', NOW, NOW)).toBe(true);
  });

  it.each([
    ['an error body', { error: 'web widget does not exist' }],
    ['a string', 'https://shop.example/*'],
    ['null', null],
    ['a list of junk', [null, 3, 'x', { trigger_rules: null }, { id: 2 }]],
  ])('does not for %s', (_what, body) => {
    expect(campaignWantsFrame(body, 'https://shop.example/a', undefined, NOW)).toBe(false);
  });
});
