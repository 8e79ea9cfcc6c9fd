import { TIME_OF_DAY } from '../../shared/timeOfDay';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Which calendar day (local time) a message belongs to, for grouping under date separators. */
export function dayKey(createdAtS: number): number {
  return startOfDay(new Date(createdAtS * 1000));
}

// Building an Intl.DateTimeFormat costs far more than using one: a long conversation has a
// separator per day, re-labelled on every render of the list.
const formats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string) => {
  let format = formats.get(locale);
  if (!format)
    formats.set(locale, (format = new Intl.DateTimeFormat(locale.replace('_', '-'), { month: 'short', day: '2-digit', year: 'numeric' })));
  return format;
};

/**
 * A date separator's label: 'Today', 'Yesterday', or the date as "MMM dd, yyyy" in the
 * visitor's language (`Intl`, no date library).
 */
export function dayLabel(createdAtS: number, labels: { today: string; yesterday: string }, locale: string, now = new Date()): string {
  const diffDays = Math.round((startOfDay(now) - dayKey(createdAtS)) / DAY_MS);
  if (diffDays === 0) return labels.today;
  if (diffDays === 1) return labels.yesterday;
  return dateFormat(locale).format(new Date(createdAtS * 1000));
}

// Building an Intl.DateTimeFormat is costly and every message needs two: one pair per locale.
const formatters = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/**
 * A message's time in the visitor's language: `short` ("14:05"), `exact` (weekday, date and time
 * to the second) and `iso` for `<time datetime>`.
 */
export function messageTime(createdAtS: number, locale: string): { short: string; exact: string; iso: string } {
  const tag = locale.replace('_', '-');
  let pair = formatters.get(tag);
  if (!pair) {
    pair = [new Intl.DateTimeFormat(tag, TIME_OF_DAY), new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'medium' })];
    formatters.set(tag, pair);
  }
  const date = new Date(createdAtS * 1000);
  return { short: pair[0].format(date), exact: pair[1].format(date), iso: date.toISOString() };
}
