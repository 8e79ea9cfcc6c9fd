import { signal } from '@preact/signals-react';
import { availabilityText, backOnlineText, replyTimeText, replyWaitText } from '../../../src/widget/i18n/availability';
import { setLocale } from '../../../src/widget/i18n';
import type { WidgetState } from '../../../src/widget/state/widget';
import type { WorkingHoursEntry } from '../../../src/shared/types';
import { DEFAULT_WIDGET_SETTINGS as DEFAULT_SETTINGS } from '../../../src/shared/widgetSettings';

// ICU puts a narrow no-break space before AM/PM in some versions and a plain space in others.
const spaced = (text: string) => text.replace(/\s/g, ' ');

afterEach(async () => {
  await setLocale('en');
});

describe('"back online" in English', () => {
  it('says the minutes left', () => {
    expect(backOnlineText({ kind: 'minutes', value: 5 })).toBe('We will be back online in 5 minutes');
  });

  it('says the hours left', () => {
    expect(backOnlineText({ kind: 'hours', value: 2 })).toBe('We will be back online in 2 hours');
  });

  it('says "in 1 hour" in the singular', () => {
    expect(backOnlineText({ kind: 'hours', value: 1 })).toBe('We will be back online in 1 hour');
  });

  it('says the clock time of opening', () => {
    expect(spaced(backOnlineText({ kind: 'time', hour: 9, minute: 0, days: 0 }))).toBe('We will be back online at 9:00 AM');
  });

  it('says an afternoon clock time with its minutes', () => {
    expect(spaced(backOnlineText({ kind: 'time', hour: 17, minute: 30, days: 0 }))).toBe('We will be back online at 5:30 PM');
  });

  it('says "tomorrow" when the team is back the next day', () => {
    expect(backOnlineText({ kind: 'day', dayOfWeek: 2, days: 1 })).toBe('We will be back online tomorrow');
  });

  it('names the weekday when the team is back later', () => {
    expect(backOnlineText({ kind: 'day', dayOfWeek: 3, days: 2 })).toBe('We will be back online on Wednesday');
  });

  it('counts weekdays from Sunday', () => {
    expect(backOnlineText({ kind: 'day', dayOfWeek: 0, days: 4 })).toBe('We will be back online on Sunday');
    expect(backOnlineText({ kind: 'day', dayOfWeek: 6, days: 3 })).toBe('We will be back online on Saturday');
  });

  it('says "in some time" when no opening is known', () => {
    expect(backOnlineText({ kind: 'some_time' })).toBe('We will be back online in some time');
  });
});

describe('"back online" in German', () => {
  beforeEach(async () => {
    await setLocale('de');
  });

  it('says the minutes left', () => {
    expect(backOnlineText({ kind: 'minutes', value: 5 })).toBe('Wir sind in 5 Minuten wieder online');
  });

  it('says the hours left', () => {
    expect(backOnlineText({ kind: 'hours', value: 2 })).toBe('Wir sind in 2 Stunden wieder online');
  });

  it('says the clock time on the 24-hour clock', () => {
    expect(spaced(backOnlineText({ kind: 'time', hour: 9, minute: 0, days: 0 }))).toBe('Wir sind um 9:00 wieder online');
  });

  it('says "morgen" when the team is back the next day', () => {
    expect(backOnlineText({ kind: 'day', dayOfWeek: 2, days: 1 })).toBe('Wir sind morgen wieder online');
  });

  it('names the weekday in German', () => {
    expect(backOnlineText({ kind: 'day', dayOfWeek: 3, days: 2 })).toBe('Wir sind am Mittwoch wieder online');
  });

  it('says "bald" when no opening is known', () => {
    expect(backOnlineText({ kind: 'some_time' })).toBe('Wir sind bald wieder online');
  });

  it('gives the reply time in German too', () => {
    expect(replyTimeText('in_a_day')).toBe('Wir antworten in der Regel innerhalb eines Tages');
  });
});

describe('the typical reply time', () => {
  it.each([
    ['in_a_few_minutes', 'Typically replies in a few minutes'],
    ['in_a_few_hours', 'Typically replies in a few hours'],
    ['in_a_day', 'Typically replies in a day'],
  ])('reads %s as "%s"', (replyTime, text) => {
    expect(replyTimeText(replyTime)).toBe(text);
  });

  it.each(['in_a_week', '', 'IN_A_DAY', 'toString'])('reads the unknown value %j as "in a few hours"', (replyTime) => {
    expect(replyTimeText(replyTime)).toBe('Typically replies in a few hours');
  });
});

describe('the availability line', () => {
  const none = { availableMessage: '', unavailableMessage: '' };

  it('says "We are online" when someone can answer', () => {
    expect(availabilityText(true, none)).toBe('We are online');
  });

  it('says "We are away at the moment" otherwise', () => {
    expect(availabilityText(false, none)).toBe('We are away at the moment');
  });

  it("uses the site's own wording when online", () => {
    expect(availabilityText(true, { availableMessage: 'Our team is here', unavailableMessage: 'Gone fishing' })).toBe('Our team is here');
  });

  it("uses the site's own wording when away", () => {
    expect(availabilityText(false, { availableMessage: 'Our team is here', unavailableMessage: 'Gone fishing' })).toBe('Gone fishing');
  });

  it('keeps the default for the state the site left blank', () => {
    expect(availabilityText(false, { availableMessage: 'Our team is here', unavailableMessage: '' })).toBe('We are away at the moment');
  });
});

describe('the reply-wait line', () => {
  /** Monday to Friday 09:00–17:00 in the inbox's zone; the weekend closed. */
  const weekdays: WorkingHoursEntry[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day_of_week: day,
    open_hour: 9,
    open_minutes: 0,
    close_hour: 17,
    close_minutes: 0,
    open_all_day: false,
    closed_all_day: day === 0 || day === 6,
  }));

  function widget({
    online,
    workingHoursEnabled = true,
    replyTime = 'in_a_few_minutes',
    now = '2024-03-04T08:00:00Z',
    unavailableMessage = '',
    hasEmail = false,
    hasConversation = false,
    workingHours = weekdays,
    timezone = 'UTC',
  }: {
    workingHours?: WorkingHoursEntry[];
    timezone?: string;
    hasEmail?: boolean;
    hasConversation?: boolean;
    online: boolean;
    workingHoursEnabled?: boolean;
    replyTime?: string;
    now?: string;
    unavailableMessage?: string;
  }) {
    return {
      channel: { workingHoursEnabled, workingHours, timezone, utcOffset: '+00:00', replyTime },
      isOnline: signal(online),
      clock: signal(new Date(now)),
      app: { settings: signal({ ...DEFAULT_SETTINGS, unavailableMessage }) },
      contact: { contact: signal(hasEmail ? { id: 1, has_email: true, has_name: false, has_phone_number: false } : null) },
      conversation: { id: signal(hasConversation ? 7 : undefined) },
    } as unknown as WidgetState;
  }

  it('gives the reply time when someone is online', () => {
    expect(replyWaitText(widget({ online: true, replyTime: 'in_a_day' }))).toBe('Typically replies in a day');
  });

  it('says when the team is back when away within working hours', () => {
    // Monday 08:00 UTC: opening at 09:00 is an hour away.
    expect(replyWaitText(widget({ online: false }))).toBe('We will be back online in 1 hour');
  });

  it('names Monday on a Thursday in New York when Thursday and Friday are closed', () => {
    const thursdayFridayClosed = weekdays.map((entry) => ({ ...entry, closed_all_day: entry.closed_all_day || entry.day_of_week >= 4 }));
    // Thursday 5 June 2025, 12:00 and 21:00 in New York (the second already Friday in UTC).
    for (const now of ['2025-06-05T16:00:00Z', '2025-06-06T01:00:00Z'])
      expect(replyWaitText(widget({ online: false, workingHours: thursdayFridayClosed, timezone: 'America/New_York', now }))).toBe(
        'We will be back online on Monday',
      );
  });

  it('says the answer comes by e-mail when away with the e-mail of a visitor who has written (issue 14)', () => {
    expect(replyWaitText(widget({ online: false, hasEmail: true, hasConversation: true }))).toBe(
      "We're away. We'll reply to you by e-mail.",
    );
    expect(replyWaitText(widget({ online: false, hasEmail: true }))).toBe('We will be back online in 1 hour');
    expect(replyWaitText(widget({ online: true, hasEmail: true, hasConversation: true }))).toBe('Typically replies in a few minutes');
  });

  it("says the team is away (in the site's words) when working hours are off", () => {
    expect(replyWaitText(widget({ online: false, workingHoursEnabled: false, unavailableMessage: 'Back soon!' }))).toBe('Back soon!');
    expect(replyWaitText(widget({ online: false, workingHoursEnabled: false }))).toBe('We are away at the moment');
  });
});
