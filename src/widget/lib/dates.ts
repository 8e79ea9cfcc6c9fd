import { TIME_OF_DAY } from '../../shared/timeOfDay';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Which calendar day (local time) a message belongs to, for grouping under date separators. */
export function dayKey(createdAtS: number): number {
  return startOfDay(new Date(createdAtS * 1000));
}

/** The formats of the conversation's dates: a date separator's, a message's time and its exact time. */
const STYLES = {
  day: { month: 'short', day: '2-digit', year: 'numeric' },
  time: TIME_OF_DAY,
  exact: { dateStyle: 'full', timeStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building an Intl.DateTimeFormat costs far more than using one, and a long conversation formats
// every message's time and a separator per day on each render of the list: one per language and style.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const tag = locale.replace('_', '-');
  const key = `${tag} ${style}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat(tag, STYLES[style])));
  return made;
}

/**
 * A date separator's label: 'Today', 'Yesterday', or the date as "MMM dd, yyyy" in the
 * visitor's language (`Intl`, no date library).
 */
export function dayLabel(createdAtS: number, labels: { today: string; yesterday: string }, locale: string, now = new Date()): string {
  const diffDays = Math.round((startOfDay(now) - dayKey(createdAtS)) / DAY_MS);
  if (diffDays === 0) return labels.today;
  if (diffDays === 1) return labels.yesterday;
  return format(locale, 'day').format(new Date(createdAtS * 1000));
}

/**
 * A message's time in the visitor's language: `short` ("14:05"), `exact` (weekday, date and time
 * to the second) and `iso` for `<time datetime>`.
 */
export function messageTime(createdAtS: number, locale: string): { short: string; exact: string; iso: string } {
  const date = new Date(createdAtS * 1000);
  return { short: format(locale, 'time').format(date), exact: format(locale, 'exact').format(date), iso: date.toISOString() };
}
