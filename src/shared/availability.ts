/**
 * Business hours and "back in …" (docs/behaviour.md#availability and
 * #time-until-back). Pure: every function takes `now`, nothing reads the clock, no date library.
 *
 * Time model: the week is 7 × 1440 minutes in the inbox's own wall-clock time (Sunday 00:00 = 0).
 * Each working-hours entry becomes one span of that week; "open" means some span covers the
 * current minute, and the next opening is the nearest span start ahead, wrapping the week.
 */
import type { ChannelConfig, ReplyTime, WorkingHoursEntry } from './types';

/** The slice of the channel configuration that availability reads. */
export type AvailabilityConfig = Pick<ChannelConfig, 'workingHoursEnabled' | 'workingHours'> & {
  utcOffset?: string | null;
  timezone?: string | null;
};

const DAY = 1440;
const WEEK = 7 * DAY;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

// Building a DateTimeFormat is costly and availability is recomputed every minute; `null`
// remembers a zone name the engine rejected.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' });
    } catch {
      // RangeError: not an IANA name this engine knows; the fixed offset is used instead.
    }
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone) ?? null;
}

/** Minutes east of UTC for "+05:30", "-03:00", "+0530" or "+14"; 0 (UTC) when unreadable. */
export function parseUtcOffset(offset: string | null | undefined): number {
  const match = /^([+-])(\d{1,2}):?(\d{2})?$/.exec((offset ?? '').trim());
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The inbox's weekday (0 = Sunday) and minute of the day at `now`. The IANA `timezone` wins when
 * the engine knows it, because `utcOffset` is the offset when the page was rendered and goes
 * stale across a daylight-saving change; the fixed offset is the fallback.
 */
export function inboxClock(config: Pick<AvailabilityConfig, 'utcOffset' | 'timezone'>, now: Date): { day: number; minutes: number } {
  const formatter = config.timezone ? zoneFormatter(config.timezone) : null;
  if (formatter) {
    const parts = formatter.formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    const day = WEEKDAYS.indexOf(part('weekday'));
    // `% 24`: some engines still print midnight as "24" despite hourCycle h23.
    if (day >= 0) return { day, minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
  }
  const shifted = new Date(now.getTime() + parseUtcOffset(config.utcOffset) * 60_000);
  return { day: shifted.getUTCDay(), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** hour:minute as minutes, or null when the hour is missing (the wire may carry null or ""). */
function clock(hour: unknown, minute: unknown): number | null {
  // Number.isFinite is false for anything but a finite number.
  if (!Number.isFinite(hour)) return null;
  return (hour as number) * 60 + (Number.isFinite(minute) ? (minute as number) : 0);
}

/**
 * An entry's open span within its own day as [start, end) minutes, or null when closed.
 * A day is closed when closed_all_day, or when not open_all_day and either time is missing
 * (docs/behaviour.md#availability). The closing minute itself is closed, as Chatwoot counts it:
 * 09:00–17:00 is closed at 17:00. Close ≤ open means the shift ends on the *next* day:
 * 22:00–02:00 runs until 02:00 the following morning, close 00:00 means midnight, and equal
 * times mean 24 hours from opening.
 */
function daySpan(entry: WorkingHoursEntry): [number, number] | null {
  if (entry.open_all_day) return [0, DAY];
  if (entry.closed_all_day) return null;
  const open = clock(entry.open_hour, entry.open_minutes);
  const close = clock(entry.close_hour, entry.close_minutes);
  if (open === null || close === null || open < 0 || open >= DAY) return null;
  return [open, close <= open ? close + DAY : Math.min(close, 2 * DAY)];
}

interface WeekSpan {
  start: number;
  end: number;
  entry: WorkingHoursEntry;
}

function weekSpans(workingHours: readonly WorkingHoursEntry[] | null | undefined): WeekSpan[] {
  const spans: WeekSpan[] = [];
  for (const entry of workingHours ?? []) {
    const span = daySpan(entry);
    if (!span || !Number.isInteger(entry.day_of_week) || entry.day_of_week < 0 || entry.day_of_week > 6) continue;
    spans.push({ start: entry.day_of_week * DAY + span[0], end: entry.day_of_week * DAY + span[1], entry });
  }
  return spans;
}

// A Saturday-night shift can run past the end of the week: test the minute a week later too.
const covers = (span: WeekSpan, t: number) => (t >= span.start && t < span.end) || (t + WEEK >= span.start && t + WEEK < span.end);

/** When the team next opens, counted in the inbox's wall-clock minutes. */
export interface NextOpening {
  /** 0 when open now. */
  minutes: number;
  /** The working-hours entry that opens; null when working hours are disabled. */
  entry: WorkingHoursEntry | null;
  /** Inbox weekday of the opening (0 = Sunday). */
  dayOfWeek: number;
  /** Calendar days ahead in the inbox's time: 0 today, 1 tomorrow, up to 7. */
  days: number;
}

/** Minutes until the team next opens and the entry used; null when no day is ever open. */
export function nextOpening(config: AvailabilityConfig, now: Date): NextOpening | null {
  const { day, minutes: minuteOfDay } = inboxClock(config, now);
  if (!config.workingHoursEnabled) return { minutes: 0, entry: null, dayOfWeek: day, days: 0 };
  const t = day * DAY + minuteOfDay;
  const spans = weekSpans(config.workingHours);
  const current = spans.find((span) => covers(span, t));
  let best: { minutes: number; entry: WorkingHoursEntry } | null = current ? { minutes: 0, entry: current.entry } : null;
  for (const span of best ? [] : spans) {
    const minutes = (span.start - t + WEEK) % WEEK;
    if (!best || minutes < best.minutes) best = { minutes, entry: span.entry };
  }
  if (!best) return null;
  const days = Math.floor((minuteOfDay + best.minutes) / DAY);
  return { ...best, dayOfWeek: (day + days) % 7, days };
}

/**
 * Whether `now` lies in business hours (docs/behaviour.md#availability). Disabled working hours count as open; the span
 * of yesterday's overnight shift counts too. Minute precision: from the opening minute up to the
 * closing minute.
 */
export function isInBusinessHours(config: AvailabilityConfig, now: Date): boolean {
  if (!config.workingHoursEnabled) return true;
  return nextOpening(config, now)?.minutes === 0;
}

/** "Back in …" as data for the UI to word in the visitor's language. */
export type TimeUntilBack =
  /** Under an hour: minutes rounded up to a multiple of 5 (1 → 5, 6 → 10, 56 → 60). */
  | { kind: 'minutes'; value: number }
  /** 1 to under 3 hours: whole hours, one more when minutes remain (61 → 2, 179 → 3). */
  | { kind: 'hours'; value: number }
  /** 3 to under 24 hours: the inbox-local clock time of opening; `days` 1 means tomorrow. */
  | { kind: 'time'; hour: number; minute: number; days: number }
  /** 24 hours or more: "on {weekday}"; the opening is always within 7 days. */
  | { kind: 'day'; dayOfWeek: number; days: number }
  /** Nothing is ever open, or the team is inside its hours (no reopening to announce). */
  | { kind: 'some_time' };

/** How long until the team is back (docs/behaviour.md#time-until-back), using 1440 minutes per day. */
export function timeUntilBack(config: AvailabilityConfig, now: Date): TimeUntilBack {
  const next = nextOpening(config, now);
  if (!next || next.minutes === 0) return { kind: 'some_time' };
  const { minutes } = next;
  // More than 0 minutes: at least 5.
  if (minutes < 60) return { kind: 'minutes', value: Math.ceil(minutes / 5) * 5 };
  if (minutes < 180) return { kind: 'hours', value: Math.ceil(minutes / 60) };
  if (minutes < DAY) {
    const at = (inboxClock(config, now).minutes + minutes) % DAY;
    return { kind: 'time', hour: Math.floor(at / 60), minute: at % 60, days: next.days };
  }
  return { kind: 'day', dayOfWeek: next.dayOfWeek, days: next.days };
}

/** Which reply-wait line the header and home card show (docs/behaviour.md#availability); wording lives in i18n. */
export type ReplyWait = { kind: 'reply_time'; replyTime: ReplyTime } | { kind: 'back_in'; when: TimeUntilBack } | { kind: 'offline' };

const REPLY_TIMES: readonly string[] = ['in_a_few_minutes', 'in_a_few_hours', 'in_a_day'];

/**
 * Online → the typical reply time (unknown values read as in_a_few_hours); offline with working
 * hours → "back in" + time until back; offline without → the plain offline text.
 */
export function replyWaitKind(config: AvailabilityConfig & { replyTime?: string | null }, online: boolean, now: Date): ReplyWait {
  if (online) {
    const replyTime = REPLY_TIMES.includes(config.replyTime ?? '') ? (config.replyTime as ReplyTime) : 'in_a_few_hours';
    return { kind: 'reply_time', replyTime };
  }
  return config.workingHoursEnabled ? { kind: 'back_in', when: timeUntilBack(config, now) } : { kind: 'offline' };
}
