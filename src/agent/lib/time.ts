/** Times as the console shows them: the hour today, the day and hour before; in full on hover. */

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
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
