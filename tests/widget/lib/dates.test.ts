import { dayKey, dayLabel, messageTime } from '../../../src/widget/lib/dates';

const labels = { today: 'Today', yesterday: 'Yesterday' };
/** Seconds since the epoch for a local date and time, like a message's `created_at`. */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;
const localNow = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('the date separator label', () => {
  it('shows "Today" for a message from earlier today', () => {
    expect(dayLabel(at(2026, 3, 10, 0, 1), labels, 'en', localNow(2026, 3, 10, 23, 59))).toBe('Today');
  });

  it('shows "Today" for a message from later today (a clock a little ahead)', () => {
    expect(dayLabel(at(2026, 3, 10, 18), labels, 'en', localNow(2026, 3, 10, 9))).toBe('Today');
  });

  it('shows "Yesterday" for a message from the day before', () => {
    expect(dayLabel(at(2026, 3, 9, 23, 59), labels, 'en', localNow(2026, 3, 10, 0, 1))).toBe('Yesterday');
  });

  it('shows the date as "MMM dd, yyyy" for older messages', () => {
    expect(dayLabel(at(2026, 1, 5), labels, 'en-US', localNow(2026, 3, 10))).toBe('Jan 05, 2026');
  });

  it('shows the date for a message two days old', () => {
    expect(dayLabel(at(2026, 3, 8, 23, 59), labels, 'en-US', localNow(2026, 3, 10, 0, 1))).toBe('Mar 08, 2026');
  });

  it('shows "Yesterday" across a month boundary', () => {
    expect(dayLabel(at(2026, 2, 28, 20), labels, 'en', localNow(2026, 3, 1, 8))).toBe('Yesterday');
  });

  it('shows "Yesterday" across a year boundary', () => {
    expect(dayLabel(at(2025, 12, 31, 22), labels, 'en', localNow(2026, 1, 1, 1))).toBe('Yesterday');
  });

  it('shows the date for the last day of the month before yesterday', () => {
    expect(dayLabel(at(2026, 1, 31), labels, 'en-US', localNow(2026, 2, 2))).toBe('Jan 31, 2026');
  });

  it('counts calendar days, not 24-hour periods, across a clock change', () => {
    // Most of Europe and North America move their clocks in March; a 23-hour day must still be one day.
    expect(dayLabel(at(2026, 3, 28, 12), labels, 'en', localNow(2026, 3, 29, 12))).toBe('Yesterday');
    expect(dayLabel(at(2026, 3, 8, 12), labels, 'en', localNow(2026, 3, 9, 12))).toBe('Yesterday');
    expect(dayLabel(at(2026, 10, 31, 12), labels, 'en', localNow(2026, 11, 1, 23))).toBe('Yesterday');
  });

  it("uses the caller's words for Today and Yesterday", () => {
    const fr = { today: "Aujourd'hui", yesterday: 'Hier' };
    expect(dayLabel(at(2026, 3, 10), fr, 'fr', localNow(2026, 3, 10))).toBe("Aujourd'hui");
    expect(dayLabel(at(2026, 3, 9), fr, 'fr', localNow(2026, 3, 10))).toBe('Hier');
  });

  it('accepts Chatwoot locale names like pt_BR', () => {
    const label = dayLabel(at(2026, 1, 5), labels, 'pt_BR', localNow(2026, 3, 10));
    expect(label).toContain('2026');
    expect(label).toContain('05');
  });
});

describe('the day a message belongs to', () => {
  it('is the same for two messages on one local day', () => {
    expect(dayKey(at(2026, 3, 10, 0, 0))).toBe(dayKey(at(2026, 3, 10, 23, 59)));
  });

  it('differs for messages either side of midnight', () => {
    expect(dayKey(at(2026, 3, 10, 23, 59))).not.toBe(dayKey(at(2026, 3, 11, 0, 0)));
  });
});

describe("a message's time", () => {
  it('shows a 12-hour time in American English', () => {
    expect(messageTime(at(2026, 3, 10, 14, 5), 'en-US').short).toMatch(/^2:05\sPM$/);
  });

  it('shows a 24-hour time in German', () => {
    expect(messageTime(at(2026, 3, 10, 14, 5), 'de').short).toBe('14:05');
  });
});
