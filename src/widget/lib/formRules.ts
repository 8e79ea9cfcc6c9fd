import { isLink } from '../../shared/validators';

/**
 * The form library's rules (docs/behaviour.md#validation) that bots' forms and the pre-chat form's
 * custom fields share: a number, a date, a link, and bounds — on a number its value, on a text its
 * length. A rule without words of its own says the library's fallback, "This field isn't valid.".
 */

/** A field's `min` and `max`, either of which may be left out. */
export interface Bounds {
  min?: number | null;
  max?: number | null;
}

/** Which bound an answer misses: with both set it is `between`, as the library words it. */
export type BoundsRule = 'min' | 'max' | 'between';

/**
 * What the visitor reads, in their language; the bounds' words as the locale has them, with
 * `{name}`, `{min}` and `{max}` left for the rule to fill.
 */
export interface FormRuleMessages {
  /** 'Please include a valid url.' */
  url: string;
  /** "This field isn't valid." */
  fallback: string;
  /** '{name} must be at least {min}.' */
  min: string;
  /** '{name} must be less than or equal to {max}.' */
  max: string;
  /** '{name} must be between {min} and {max}.' */
  between: string;
  /** '{name} must be at least {min} characters long.' */
  minLength: string;
  /** '{name} must be less than or equal to {max} characters long.' */
  maxLength: string;
  /** '{name} must be between {min} and {max} characters long.' */
  betweenLength: string;
  /** The visitor's language (a BCP 47 tag), which writes the bounds as it writes numbers (1,500 or 1.500). */
  locale: string;
}

/** What an answer is checked as. */
export type RuleKind = 'number' | 'date' | 'url' | 'text';

const given = (bound: number | null | undefined): bound is number => typeof bound === 'number' && Number.isFinite(bound);

/** The bound `amount` misses, if any. */
export function missedBound(amount: number, { min, max }: Bounds): BoundsRule | undefined {
  const low = given(min) && amount < min;
  if (!low && !(given(max) && amount > max)) return undefined;
  return given(min) && given(max) ? 'between' : low ? 'min' : 'max';
}

/** `YYYY-MM-DD` naming a real day (what a date input gives); a month 13 is no date either. */
export function isDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/**
 * The problem with a given answer (trimmed, not empty) to a field `name` of this kind, or
 * `undefined`. A text's length counts code points: 😀 is one character, not the two that
 * `String.length` says.
 */
export function ruleError(kind: RuleKind, answer: string, name: string, bounds: Bounds, messages: FormRuleMessages): string | undefined {
  if (kind === 'date') return isDate(answer) ? undefined : messages.fallback;
  if (kind === 'url') return isLink(answer) ? undefined : messages.url;
  if (kind === 'number' && !Number.isFinite(Number(answer))) return messages.fallback;
  const rule = missedBound(kind === 'number' ? Number(answer) : [...answer].length, bounds);
  if (!rule) return undefined;
  const number = new Intl.NumberFormat(messages.locale);
  const words = messages[kind === 'number' ? rule : (`${rule}Length` as const)];
  return words.replace(/\{(name|min|max)\}/g, (_, key: 'name' | 'min' | 'max') =>
    key === 'name' ? name : number.format(bounds[key] ?? 0),
  );
}
