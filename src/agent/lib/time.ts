/**
 * Times as the console shows them: the time of day today, the day and time before; in full on
 * hover. The time of day reads as the widget's does ("9:58 PM"), in the agent's language.
 */
import { TIME_OF_DAY } from '../../shared/timeOfDay';

const timeOfDay = new Intl.DateTimeFormat(undefined, TIME_OF_DAY);
const dayAndTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', ...TIME_OF_DAY });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** Short form of unix seconds `s`, relative to `now` (ms). */
export function shortTime(s: number, now = Date.now()): string {
  const date = new Date(s * 1000);
  return date.toDateString() === new Date(now).toDateString() ? timeOfDay.format(date) : dayAndTime.format(date);
}

/** Long form, for a `title`. */
export function fullTime(s: number): string {
  return full.format(new Date(s * 1000));
}

/** `datetime` attribute value. */
export function isoTime(s: number): string {
  return new Date(s * 1000).toISOString();
}
