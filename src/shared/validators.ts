/**
 * The pre-chat form's value rules (docs/behaviour.md#validation): the widget applies them to
 * answer the visitor at once, the server to decide what it stores. Pure and dependency-free;
 * callers trim and strip formatting before asking.
 */

const INTERNATIONAL_PHONE = /^\+[1-9]\d{1,14}$/;
const LOOSE_PHONE = /^\+?[1-9]\d{4,}$/;

/**
 * An international (E.164) phone number: `+`, a digit 1–9, then 1 to 14 digits (15 digits at
 * most). Empty is accepted: whether the field is required is another rule.
 */
export function isInternationalPhone(value: string): boolean {
  return value === '' || INTERNATIONAL_PHONE.test(value);
}

/** The loose phone check: an optional `+`, a digit 1–9 and at least 4 more digits. */
export function isLoosePhone(value: string): boolean {
  return LOOSE_PHONE.test(value);
}

/** A phone input's value must carry its country code, i.e. start with `+`. */
export function startsWithPlus(value: string): boolean {
  return value.startsWith('+');
}

/** A link is empty or starts with `http` (http:// and https:// both do). */
export function isLink(value: string): boolean {
  return value === '' || value.startsWith('http');
}
