import { AWAY_HEADER } from '../../src/shared/awayMode';
import type { WorkingHoursEntry } from '../../src/shared/types';
import { createFixture, type Fixture } from '../server/helpers';
import { gatewayInFrontOf } from '../server/gateway/gatewayFixture';
import { fakeWidget } from '../widget/state/widgetFixture';

// "Can anyone answer the visitor now" is one rule (docs/behaviour.md#away-mode). The widget, the
// reference server and the gateway each ask it: a verdict forced here reaches all three, which a
// rule spelled out again on one side would not follow.
const forced = vi.hoisted(() => ({ verdict: undefined as boolean | undefined }));
vi.mock('../../src/shared/teamAvailability', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/shared/teamAvailability')>();
  return { isTeamAvailable: (...args: Parameters<typeof real.isTeamAvailable>) => forced.verdict ?? real.isTeamAvailable(...args) };
});
const { isTeamAvailable } = await import('../../src/shared/teamAvailability');

afterEach(() => {
  forced.verdict = undefined;
});

describe('isTeamAvailable', () => {
  // A Wednesday, 10:00 in UTC.
  const wednesdayTen = new Date('2025-01-15T10:00:00Z');
  const nineToFive = (day: number): WorkingHoursEntry => ({
    day_of_week: day,
    open_hour: 9,
    open_minutes: 0,
    close_hour: 17,
    close_minutes: 0,
    closed_all_day: false,
    open_all_day: false,
  });
  const hours = { workingHoursEnabled: true, workingHours: [nineToFive(3)], timezone: 'UTC' };

  it('is true inside working hours with an agent online', () => {
    expect(isTeamAvailable(hours, true, wednesdayTen)).toBe(true);
  });

  it('is false with nobody online, even inside working hours', () => {
    expect(isTeamAvailable(hours, false, wednesdayTen)).toBe(false);
  });

  it('is false outside working hours, even with an agent online', () => {
    expect(isTeamAvailable(hours, true, new Date('2025-01-15T18:00:00Z'))).toBe(false);
    expect(isTeamAvailable(hours, true, new Date('2025-01-16T10:00:00Z'))).toBe(false);
  });

  it('asks only for an agent when the inbox keeps no working hours', () => {
    const always = { workingHoursEnabled: false, workingHours: [] };
    expect(isTeamAvailable(always, true, wednesdayTen)).toBe(true);
    expect(isTeamAvailable(always, false, wednesdayTen)).toBe(false);
  });
});

describe('every side answers by the one rule', () => {
  let upstream: Fixture | undefined;
  afterEach(() => upstream?.close());

  it('the widget: its header, home and $chatwoot.isTeamAvailable', () => {
    // No agent is online in the fake widget's inbox.
    const { state } = fakeWidget();
    expect(state.isOnline.value).toBe(false);
    forced.verdict = true;
    const forcedOpen = fakeWidget();
    expect(forcedOpen.state.isOnline.value).toBe(true);
  });

  it("the reference server: the loader's away signal", async () => {
    upstream = await createFixture();
    const campaigns = () => upstream?.widget('/campaigns', null);
    // The seeded agent is online and the inbox keeps no hours: nobody is away.
    expect((await campaigns())?.headers.get(AWAY_HEADER)).toBeNull();
    forced.verdict = false;
    expect((await campaigns())?.headers.get(AWAY_HEADER)).toBe('chat');
  });

  it("the gateway: its away signal over Chatwoot's answers", async () => {
    upstream = await createFixture();
    const gateway = await gatewayInFrontOf(upstream, { awayMode: 'hide_launcher' });
    const campaigns = () => gateway.app.request(`/api/v1/widget/campaigns?website_token=${gateway.token}`);
    expect((await campaigns()).headers.get(AWAY_HEADER)).toBeNull();
    forced.verdict = false;
    expect((await campaigns()).headers.get(AWAY_HEADER)).toBe('hide_launcher');
  });
});
