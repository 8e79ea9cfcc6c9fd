import {
  inboxClock,
  isInBusinessHours,
  nextOpening,
  parseUtcOffset,
  replyWaitKind,
  timeUntilBack,
  type AvailabilityConfig,
  type TimeUntilBack,
} from '../../src/shared/availability';
import type { WorkingHoursEntry } from '../../src/shared/types';

// The week of 1 June 2025: Sunday 1, Monday 2 … Saturday 7, Sunday 8.
const SUN = 0,
  MON = 1,
  TUE = 2,
  WED = 3,
  THU = 4,
  FRI = 5,
  SAT = 6;

const hours = (day: number, open: [number, number], close: [number, number]): WorkingHoursEntry => ({
  day_of_week: day,
  open_hour: open[0],
  open_minutes: open[1],
  close_hour: close[0],
  close_minutes: close[1],
  open_all_day: false,
  closed_all_day: false,
});
const closed = (day: number): WorkingHoursEntry => ({
  day_of_week: day,
  open_hour: null,
  open_minutes: null,
  close_hour: null,
  close_minutes: null,
  open_all_day: false,
  closed_all_day: true,
});
const allDay = (day: number): WorkingHoursEntry => ({ ...closed(day), closed_all_day: false, open_all_day: true });
const missingTimes = (day: number): WorkingHoursEntry => ({ ...closed(day), closed_all_day: false });

/** Sunday closed, Monday–Friday 09:00–17:00, Saturday 10:00–14:00, then per-day overrides. */
function week(overrides: Record<number, WorkingHoursEntry> = {}): WorkingHoursEntry[] {
  const base = [closed(SUN), ...[MON, TUE, WED, THU, FRI].map((d) => hours(d, [9, 0], [17, 0])), hours(SAT, [10, 0], [14, 0])];
  return base.map((entry) => overrides[entry.day_of_week] ?? entry);
}
const only = (...entries: WorkingHoursEntry[]) =>
  week(Object.fromEntries([SUN, MON, TUE, WED, THU, FRI, SAT].map((d) => [d, entries.find((e) => e.day_of_week === d) ?? closed(d)])));

function config(overrides: Partial<AvailabilityConfig> = {}): AvailabilityConfig {
  return { workingHoursEnabled: true, workingHours: week(), utcOffset: '+00:00', timezone: '', ...overrides };
}

describe('whether the team is in business hours', () => {
  // `now` is written as the inbox's local time with its UTC offset, so each row reads as a wall clock.
  it.each<[string, boolean, Partial<AvailabilityConfig>, string]>([
    ['closed all Sunday', false, {}, '2025-06-01T12:00:00Z'],
    ['Monday one minute before opening', false, {}, '2025-06-02T08:59:00Z'],
    ['Monday at the opening minute', true, {}, '2025-06-02T09:00:00Z'],
    ['Tuesday midday', true, {}, '2025-06-03T12:00:00Z'],
    ['Wednesday one minute before closing', true, {}, '2025-06-04T16:59:00Z'],
    // Chatwoot counts the closing minute as closed: 09:00–17:00 is open at 16:59:59, closed at 17:00.
    ['Thursday in the last second before closing', true, {}, '2025-06-05T16:59:59Z'],
    ['Thursday at the closing minute', false, {}, '2025-06-05T17:00:00Z'],
    ['Thursday half a minute into the closing minute', false, {}, '2025-06-05T17:00:30Z'],
    ['Friday late evening', false, {}, '2025-06-06T23:59:00Z'],
    ['Saturday at its later opening', true, {}, '2025-06-07T10:00:00Z'],
    ['Saturday after its early closing', false, {}, '2025-06-07T14:30:00Z'],
    [
      'a day open 00:00–23:59, in its minute before the last',
      true,
      { workingHours: week({ [TUE]: hours(TUE, [0, 0], [23, 59]) }) },
      '2025-06-03T23:58:59Z',
    ],
    [
      'a day open 00:00–23:59, in its last minute',
      false,
      { workingHours: week({ [TUE]: hours(TUE, [0, 0], [23, 59]) }) },
      '2025-06-03T23:59:00Z',
    ],
    ['a Sunday open all day, in the small hours', true, { workingHours: week({ [SUN]: allDay(SUN) }) }, '2025-06-01T03:00:00Z'],
    [
      'a Monday whose opening time is missing',
      false,
      { workingHours: week({ [MON]: { ...hours(MON, [9, 0], [17, 0]), open_hour: null } }) },
      '2025-06-02T12:00:00Z',
    ],
    [
      'a Monday whose closing time is missing',
      false,
      { workingHours: week({ [MON]: { ...hours(MON, [9, 0], [17, 0]), close_hour: null } }) },
      '2025-06-02T12:00:00Z',
    ],
    ['any time when working hours are disabled', true, { workingHoursEnabled: false }, '2025-06-01T03:00:00Z'],
    [
      'a Friday 22:00–02:00 shift before midnight',
      true,
      { workingHours: week({ [FRI]: hours(FRI, [22, 0], [2, 0]) }) },
      '2025-06-06T23:00:00Z',
    ],
    [
      'a Friday 22:00–02:00 shift after midnight, on Saturday',
      true,
      { workingHours: week({ [FRI]: hours(FRI, [22, 0], [2, 0]) }) },
      '2025-06-07T01:59:00Z',
    ],
    [
      'a Friday 22:00–02:00 shift at its closing minute, on Saturday',
      false,
      { workingHours: week({ [FRI]: hours(FRI, [22, 0], [2, 0]) }) },
      '2025-06-07T02:00:00Z',
    ],
    [
      'a Saturday night shift running into Sunday (week wrap)',
      true,
      { workingHours: week({ [SAT]: hours(SAT, [22, 0], [3, 0]) }) },
      '2025-06-08T01:00:00Z',
    ],
    [
      'a Monday closing at 00:00, one minute before midnight',
      true,
      { workingHours: week({ [MON]: hours(MON, [18, 0], [0, 0]) }) },
      '2025-06-02T23:59:00Z',
    ],
    [
      'a Monday closing at 00:00, at midnight (Tuesday opens 09:00)',
      false,
      { workingHours: week({ [MON]: hours(MON, [18, 0], [0, 0]) }) },
      '2025-06-03T00:00:00Z',
    ],
    ['+05:30 at local opening', true, { utcOffset: '+05:30' }, '2025-06-02T09:00:00+05:30'],
    ['+05:30 one local minute before opening', false, { utcOffset: '+05:30' }, '2025-06-02T08:59:00+05:30'],
    ['-03:00 at 16:59 local', true, { utcOffset: '-03:00' }, '2025-06-02T16:59:00-03:00'],
    ['-03:00 at 22:00 local Monday (already Tuesday in UTC)', false, { utcOffset: '-03:00' }, '2025-06-02T22:00:00-03:00'],
    ['+14:00 on Monday 10:00 local (still Sunday in UTC)', true, { utcOffset: '+14:00' }, '2025-06-02T10:00:00+14:00'],
    ['-11:00 on Friday 16:00 local (Saturday in UTC)', true, { utcOffset: '-11:00' }, '2025-06-06T16:00:00-11:00'],
    ['-11:00 on Friday 19:00 local', false, { utcOffset: '-11:00' }, '2025-06-06T19:00:00-11:00'],
    [
      'New York after the March DST change, despite a stale -05:00 offset',
      true,
      { timezone: 'America/New_York', utcOffset: '-05:00' },
      '2025-03-10T13:00:00Z',
    ],
    ['the same instant with only the fixed -05:00 offset', false, { utcOffset: '-05:00' }, '2025-03-10T13:00:00Z'],
    [
      'New York during the spring-forward night, 03:00 EDT',
      true,
      { timezone: 'America/New_York', workingHours: week({ [SUN]: hours(SUN, [3, 0], [5, 0]) }) },
      '2025-03-09T07:00:00Z',
    ],
    [
      'New York during the spring-forward night, 01:59 EST',
      false,
      { timezone: 'America/New_York', workingHours: week({ [SUN]: hours(SUN, [3, 0], [5, 0]) }) },
      '2025-03-09T06:59:00Z',
    ],
    [
      'New York after the November change, despite a stale -04:00 offset',
      false,
      { timezone: 'America/New_York', utcOffset: '-04:00' },
      '2025-11-03T13:30:00Z',
    ],
    [
      'Berlin in summer time (CEST), despite a stale +01:00 offset',
      true,
      { timezone: 'Europe/Berlin', utcOffset: '+01:00' },
      '2025-03-31T07:00:00Z',
    ],
    ['Berlin in winter time (CET)', true, { timezone: 'Europe/Berlin' }, '2025-01-06T08:00:00Z'],
    [
      'an unknown zone name, falling back to the +05:30 offset',
      true,
      { timezone: 'Mars/Olympus', utcOffset: '+05:30' },
      '2025-06-02T09:00:00+05:30',
    ],
    ['an unreadable offset and no zone, read as UTC', true, { utcOffset: 'later' }, '2025-06-02T09:00:00Z'],
  ])('%s → open: %s', (_name, expected, overrides, now) => {
    expect(isInBusinessHours(config(overrides), new Date(now))).toBe(expected);
  });
});

describe('how long until the team is back', () => {
  it.each<[string, Partial<AvailabilityConfig>, string, TimeUntilBack]>([
    ['1 minute rounds up to 5 minutes', {}, '2025-06-02T08:59:00Z', { kind: 'minutes', value: 5 }],
    ['5 minutes stays 5 minutes', {}, '2025-06-02T08:55:00Z', { kind: 'minutes', value: 5 }],
    ['6 minutes rounds up to 10 minutes', {}, '2025-06-02T08:54:00Z', { kind: 'minutes', value: 10 }],
    ['56 minutes rounds up to 60 minutes (still under an hour)', {}, '2025-06-02T08:04:00Z', { kind: 'minutes', value: 60 }],
    ['59 minutes reads as 60 minutes', {}, '2025-06-02T08:01:00Z', { kind: 'minutes', value: 60 }],
    ['exactly 60 minutes reads as 1 hour', {}, '2025-06-02T08:00:00Z', { kind: 'hours', value: 1 }],
    ['61 minutes rounds up to 2 hours', {}, '2025-06-02T07:59:00Z', { kind: 'hours', value: 2 }],
    ['exactly 2 hours stays 2 hours', {}, '2025-06-02T07:00:00Z', { kind: 'hours', value: 2 }],
    ['179 minutes rounds up to 3 hours', {}, '2025-06-02T06:01:00Z', { kind: 'hours', value: 3 }],
    ['exactly 180 minutes gives the opening time', {}, '2025-06-02T06:00:00Z', { kind: 'time', hour: 9, minute: 0, days: 0 }],
    ['midnight before a 09:00 opening gives the opening time', {}, '2025-06-02T00:00:00Z', { kind: 'time', hour: 9, minute: 0, days: 0 }],
    ['a minute before closing the team is still in', {}, '2025-06-02T16:59:00Z', { kind: 'some_time' }],
    ['at the closing minute it is tomorrow’s opening', {}, '2025-06-02T17:00:00Z', { kind: 'time', hour: 9, minute: 0, days: 1 }],
    ['Friday evening gives Saturday’s later opening', {}, '2025-06-06T17:30:00Z', { kind: 'time', hour: 10, minute: 0, days: 1 }],
    ['Saturday after closing skips the closed Sunday', {}, '2025-06-07T14:01:00Z', { kind: 'day', dayOfWeek: MON, days: 2 }],
    ['Sunday 10:00 is 23 hours before Monday 09:00', {}, '2025-06-01T10:00:00Z', { kind: 'time', hour: 9, minute: 0, days: 1 }],
    ['exactly 24 hours away reads as a weekday', {}, '2025-06-01T09:00:00Z', { kind: 'day', dayOfWeek: MON, days: 1 }],
    ['24 hours and a minute away reads as a weekday', {}, '2025-06-01T08:59:00Z', { kind: 'day', dayOfWeek: MON, days: 1 }],
    [
      'a Monday-only team at closing is back next Monday',
      { workingHours: only(hours(MON, [9, 0], [17, 0])) },
      '2025-06-02T17:00:00Z',
      { kind: 'day', dayOfWeek: MON, days: 7 },
    ],
    [
      'Saturday night wraps to a Sunday-only team',
      { workingHours: only(hours(SUN, [10, 0], [12, 0])) },
      '2025-06-07T20:00:00Z',
      { kind: 'time', hour: 10, minute: 0, days: 1 },
    ],
    [
      'Friday night wraps past Saturday to a Sunday-only team',
      { workingHours: only(hours(SUN, [10, 0], [12, 0])) },
      '2025-06-06T20:00:00Z',
      { kind: 'day', dayOfWeek: SUN, days: 2 },
    ],
    [
      'Thursday and Friday closed, in New York, on Thursday morning: Monday',
      { timezone: 'America/New_York', utcOffset: '-04:00', workingHours: only(...[MON, TUE, WED].map((d) => hours(d, [9, 0], [17, 0]))) },
      '2025-06-05T13:00:00Z',
      { kind: 'day', dayOfWeek: MON, days: 4 },
    ],
    [
      'Thursday and Friday closed, in New York, on Thursday evening (Friday in UTC): Monday',
      { timezone: 'America/New_York', utcOffset: '-04:00', workingHours: only(...[MON, TUE, WED].map((d) => hours(d, [9, 0], [17, 0]))) },
      '2025-06-06T01:00:00Z',
      { kind: 'day', dayOfWeek: MON, days: 4 },
    ],
    ['every day closed all day', { workingHours: only() }, '2025-06-02T12:00:00Z', { kind: 'some_time' }],
    [
      'every day missing its times',
      { workingHours: [SUN, MON, TUE, WED, THU, FRI, SAT].map(missingTimes) },
      '2025-06-02T12:00:00Z',
      { kind: 'some_time' },
    ],
    ['an empty schedule', { workingHours: [] }, '2025-06-02T12:00:00Z', { kind: 'some_time' }],
    ['inside business hours there is no reopening to announce', {}, '2025-06-02T12:00:00Z', { kind: 'some_time' }],
    ['working hours disabled', { workingHoursEnabled: false }, '2025-06-01T12:00:00Z', { kind: 'some_time' }],
    ['+05:30, 30 minutes before local opening', { utcOffset: '+05:30' }, '2025-06-02T08:30:00+05:30', { kind: 'minutes', value: 30 }],
    ['-03:00, 50 minutes before local opening', { utcOffset: '-03:00' }, '2025-06-02T08:10:00-03:00', { kind: 'minutes', value: 50 }],
    ['+14:00, Monday 08:30 local (Sunday in UTC)', { utcOffset: '+14:00' }, '2025-06-02T08:30:00+14:00', { kind: 'minutes', value: 30 }],
    [
      '-11:00, Friday 17:01 local (Saturday in UTC)',
      { utcOffset: '-11:00' },
      '2025-06-06T17:01:00-11:00',
      { kind: 'time', hour: 10, minute: 0, days: 1 },
    ],
    [
      'New York after the November change, 08:30 EST',
      { timezone: 'America/New_York', utcOffset: '-04:00' },
      '2025-11-03T13:30:00Z',
      { kind: 'minutes', value: 30 },
    ],
    [
      'Berlin in summer time, 08:00 CEST',
      { timezone: 'Europe/Berlin', utcOffset: '+01:00' },
      '2025-03-31T06:00:00Z',
      { kind: 'hours', value: 1 },
    ],
    [
      'an hour before a Friday night shift',
      { workingHours: week({ [FRI]: hours(FRI, [22, 0], [2, 0]) }) },
      '2025-06-06T21:00:00Z',
      { kind: 'hours', value: 1 },
    ],
    [
      'an open-all-day Tuesday opens at midnight',
      { workingHours: week({ [TUE]: allDay(TUE) }) },
      '2025-06-02T18:00:00Z',
      { kind: 'time', hour: 0, minute: 0, days: 1 },
    ],
    [
      'a closed Wednesday is skipped mid-week',
      { workingHours: week({ [WED]: closed(WED) }) },
      '2025-06-03T18:00:00Z',
      { kind: 'day', dayOfWeek: THU, days: 2 },
    ],
    [
      'a Tuesday missing its times is skipped like a closed day',
      { workingHours: week({ [TUE]: missingTimes(TUE) }) },
      '2025-06-02T18:00:00Z',
      { kind: 'day', dayOfWeek: WED, days: 2 },
    ],
    [
      'a 09:30 opening keeps its minutes',
      { workingHours: week({ [TUE]: hours(TUE, [9, 30], [17, 0]) }) },
      '2025-06-02T20:00:00Z',
      { kind: 'time', hour: 9, minute: 30, days: 1 },
    ],
  ])('%s', (_name, overrides, now, expected) => {
    expect(timeUntilBack(config(overrides), new Date(now))).toEqual(expected);
  });
});

describe('the next opening', () => {
  it('gives the minutes and the working-hours entry that opens', () => {
    const next = nextOpening(config(), new Date('2025-06-07T14:01:00Z'));
    expect(next).toEqual({ minutes: 43 * 60 - 1, entry: week()[MON], dayOfWeek: MON, days: 2 });
  });

  it('is zero minutes away, with the current entry, while open', () => {
    expect(nextOpening(config(), new Date('2025-06-03T10:00:00Z'))).toEqual({ minutes: 0, entry: week()[TUE], dayOfWeek: TUE, days: 0 });
  });

  it('counts an overnight shift as the entry of the day it started', () => {
    const friday = hours(FRI, [22, 0], [2, 0]);
    expect(nextOpening(config({ workingHours: week({ [FRI]: friday }) }), new Date('2025-06-07T01:00:00Z'))?.entry).toBe(friday);
  });

  it('is open now with no entry when working hours are disabled', () => {
    expect(nextOpening(config({ workingHoursEnabled: false }), new Date('2025-06-01T12:00:00Z'))).toMatchObject({
      minutes: 0,
      entry: null,
    });
  });

  it('is null when no day ever opens', () => {
    expect(nextOpening(config({ workingHours: only() }), new Date('2025-06-02T12:00:00Z'))).toBeNull();
  });

  it('ignores entries with a day outside 0–6', () => {
    expect(nextOpening(config({ workingHours: [allDay(7)] }), new Date('2025-06-02T12:00:00Z'))).toBeNull();
  });
});

describe('the inbox clock', () => {
  it('reads "+05:30", "-03:00", "+0530" and "+14" offsets as minutes east of UTC', () => {
    expect([parseUtcOffset('+05:30'), parseUtcOffset('-03:00'), parseUtcOffset('+0530'), parseUtcOffset('+14')]).toEqual([
      330, -180, 330, 840,
    ]);
  });

  it('reads an unreadable or missing offset as UTC', () => {
    expect([parseUtcOffset('soon'), parseUtcOffset(null), parseUtcOffset(undefined)]).toEqual([0, 0, 0]);
  });

  it('gives the inbox weekday and minute of day from the IANA zone', () => {
    expect(inboxClock({ timezone: 'Asia/Kolkata', utcOffset: '' }, new Date('2025-06-01T20:00:00Z'))).toEqual({ day: MON, minutes: 90 });
  });
});

describe('the reply-wait line', () => {
  it('shows the reply time while agents are online', () => {
    expect(replyWaitKind({ ...config(), replyTime: 'in_a_day' }, true, new Date('2025-06-01T12:00:00Z'))).toEqual({
      kind: 'reply_time',
      replyTime: 'in_a_day',
    });
  });

  it('reads an unknown reply time as "in a few hours"', () => {
    expect(replyWaitKind({ ...config(), replyTime: 'whenever' }, true, new Date('2025-06-02T12:00:00Z'))).toEqual({
      kind: 'reply_time',
      replyTime: 'in_a_few_hours',
    });
  });

  it('shows "back in" with the time left when offline and working hours are enabled', () => {
    expect(replyWaitKind(config(), false, new Date('2025-06-02T08:30:00Z'))).toEqual({
      kind: 'back_in',
      when: { kind: 'minutes', value: 30 },
    });
  });

  it('shows "back in some time" when offline inside business hours', () => {
    expect(replyWaitKind(config(), false, new Date('2025-06-02T12:00:00Z'))).toEqual({ kind: 'back_in', when: { kind: 'some_time' } });
  });

  it('shows the offline text when offline and working hours are disabled', () => {
    expect(replyWaitKind(config({ workingHoursEnabled: false }), false, new Date('2025-06-02T08:30:00Z'))).toEqual({ kind: 'offline' });
  });
});
