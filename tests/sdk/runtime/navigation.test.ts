// @vitest-environment happy-dom
import { loadCampaignMatcher } from './fakeLazyParts';
import { clearCookies, fakeCreateFrame, frames, setupRuntime } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

const microtasks = () => new Promise((resolve) => setTimeout(resolve));
/** The campaign matcher is a lazy part: once it has arrived (and a task later), the runtime has decided. */
const matcherDecided = () => loadCampaignMatcher().then(microtasks);
const campaignAt = (path: string) => ({
  id: 1,
  trigger_rules: { url: `${location.origin}${path}`, time_on_page: 30 },
  trigger_only_during_business_hours: false,
});

let media: EventTarget & { matches: boolean };
beforeEach(() => {
  media = Object.assign(new EventTarget(), { matches: false });
  vi.spyOn(window, 'matchMedia').mockReturnValue(media as unknown as MediaQueryList);
});
afterEach(() => {
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  delete (history as Partial<History>).pushState;
  delete (history as Partial<History>).replaceState;
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('page changes in a single-page app', () => {
  it('are sent to a loaded frame as change-url', async () => {
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    load();
    frame()!.sent.length = 0;
    history.pushState(null, '', '/checkout');
    await microtasks();
    expect(frame()!.sent).toEqual([{ event: 'change-url', referrerURL: `${location.origin}/checkout`, referrerHost: location.host }]);
  });

  it('before "loaded" are not queued: "loaded" sends the address of that moment', async () => {
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    history.pushState(null, '', '/a');
    history.pushState(null, '', '/b');
    await microtasks();
    load();
    expect(frame()!.sent.filter((m) => m.event === 'change-url')).toEqual([
      { event: 'change-url', referrerURL: `${location.origin}/b`, referrerHost: location.host },
    ]);
  });
});

describe('campaigns for a first-time visitor', () => {
  it('load the frame when one matches the page, once the campaign matcher has arrived', async () => {
    history.replaceState(null, '', '/pricing');
    const { chatwoot, frame } = setupRuntime();
    chatwoot.preload([campaignAt('/pricing')]);
    expect(frame()).toBeUndefined();
    await vi.waitFor(() => expect(frame()).toBeDefined());
  });

  it('load nothing when none matches, until the app navigates to a page that matches', async () => {
    const { chatwoot, frame } = setupRuntime();
    chatwoot.preload([campaignAt('/pricing')]);
    await matcherDecided();
    expect(frame()).toBeUndefined();
    history.pushState(null, '', '/about');
    await matcherDecided();
    expect(frame()).toBeUndefined();
    history.pushState(null, '', '/pricing');
    await vi.waitFor(() => expect(frame()).toBeDefined());
  });

  it('load nothing while campaigns are snoozed', async () => {
    document.cookie = `cw_snooze_campaigns_till=${Date.now() + 60_000}; path=/`;
    const { chatwoot, frame } = setupRuntime();
    chatwoot.preload([campaignAt('/*')]);
    await matcherDecided();
    expect(frame()).toBeUndefined();
  });

  it('load the frame for a campaign in URLPattern syntax in a browser without URLPattern (issue 34)', async () => {
    vi.stubGlobal('URLPattern', undefined);
    history.replaceState(null, '', '/blog/hello');
    const { chatwoot, frame } = setupRuntime();
    chatwoot.preload([campaignAt('/blog/:slug')]);
    await vi.waitFor(() => expect(frame()).toBeDefined());
  });
});

describe('the mobile layout', () => {
  it('is reported on load and whenever the breakpoint is crossed', () => {
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    load();
    expect(frame()!.sent.find((m) => m.event === 'toggle-close-button')).toEqual({ event: 'toggle-close-button', isMobile: false });
    frame()!.sent.length = 0;
    media.matches = true;
    media.dispatchEvent(new Event('change'));
    expect(frame()!.sent).toEqual([{ event: 'toggle-close-button', isMobile: true }]);
  });
});
