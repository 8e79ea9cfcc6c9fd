import type { CampaignTrigger } from '../../../src/shared/campaigns';
import { createCampaignTimers, type TimerFunctions } from '../../../src/widget/lib/campaigns';

function campaign(id: number, url: string, timeOnPage = 3, businessHoursOnly = false): CampaignTrigger {
  return { id, trigger_rules: { url, time_on_page: timeOnPage }, trigger_only_during_business_hours: businessHoursOnly };
}

describe('the time-on-page timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const realTimers = (): TimerFunctions => ({ setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle) });

  it('fires a campaign after exactly time_on_page seconds', () => {
    const fired = vi.fn();
    createCampaignTimers(realTimers(), fired).arm([campaign(1, 'https://a.com/', 3)]);
    vi.advanceTimersByTime(2999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(fired.mock.calls[0][0]).toMatchObject({ id: 1 });
  });

  it('fires each campaign at its own time', () => {
    const fired: number[] = [];
    createCampaignTimers(realTimers(), (c) => fired.push(c.id)).arm([campaign(1, 'https://a.com/', 10), campaign(2, 'https://a.com/', 4)]);
    vi.advanceTimersByTime(4000);
    expect(fired).toEqual([2]);
    vi.advanceTimersByTime(6000);
    expect(fired).toEqual([2, 1]);
  });

  it('clears the old page’s timers when armed again for a new URL', () => {
    const fired: number[] = [];
    const timers = createCampaignTimers(realTimers(), (c) => fired.push(c.id));
    timers.arm([campaign(1, 'https://a.com/pricing', 5)]);
    vi.advanceTimersByTime(3000);
    timers.arm([campaign(2, 'https://a.com/about', 5)]);
    vi.advanceTimersByTime(60_000);
    expect(fired).toEqual([2]);
  });

  it('fires nothing after clear()', () => {
    const fired = vi.fn();
    const timers = createCampaignTimers(realTimers(), fired);
    timers.arm([campaign(1, 'https://a.com/', 1), campaign(2, 'https://a.com/', 2)]);
    timers.clear();
    vi.advanceTimersByTime(60_000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('does not cancel timers that already fired', () => {
    const cancel = vi.fn();
    const timers = createCampaignTimers({ setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: cancel }, () => {});
    timers.arm([campaign(1, 'https://a.com/', 1), campaign(2, 'https://a.com/', 9)]);
    vi.advanceTimersByTime(1000);
    timers.clear();
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('fires on the next tick when time_on_page is missing or negative', () => {
    const fired = vi.fn();
    createCampaignTimers(realTimers(), fired).arm([
      campaign(1, 'https://a.com/', -5),
      { ...campaign(2, 'https://a.com/'), trigger_rules: { url: 'https://a.com/' } } as unknown as CampaignTrigger,
    ]);
    vi.advanceTimersByTime(0);
    expect(fired).toHaveBeenCalledTimes(2);
  });

  it('calls the timer functions detached, as window.setTimeout requires', () => {
    const host = {
      setTimeout(this: unknown, fn: () => void, ms: number) {
        if (this === host) throw new TypeError('Illegal invocation');
        return setTimeout(fn, ms);
      },
      clearTimeout(this: unknown, handle: ReturnType<typeof setTimeout>) {
        if (this === host) throw new TypeError('Illegal invocation');
        clearTimeout(handle);
      },
    };
    const fired = vi.fn();
    const timers = createCampaignTimers(host, fired);
    timers.arm([campaign(1, 'https://a.com/', 1)]);
    timers.arm([campaign(2, 'https://a.com/', 1)]);
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(1);
  });
});
