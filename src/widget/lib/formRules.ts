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

/** The form library's words: their keys in `locales/*.json`. */
export type FormRuleKey =
  | 'FORM.URL'
  | 'FORM.FALLBACK'
  | 'FORM.MIN'
  | 'FORM.MAX'
  | 'FORM.BETWEEN'
  | 'FORM.MIN_LENGTH'
  | 'FORM.MAX_LENGTH'
  | 'FORM.BETWEEN_LENGTH';

/** Where the rules' words come from: the views hand in the visitor's language. */
export interface FormRuleMessages {
  /** The words of a key with its `{placeholders}` filled (the views' `t`). */
  words(key: FormRuleKey, vars?: Record<string, string>): string;
  /** The visitor's language (a BCP 47 tag), which writes the bounds as it writes numbers (1,500 or 1.500). */
  locale: string;
}

const BOUNDS: Record<'value' | 'length', Record<BoundsRule, FormRuleKey>> = {
  value: { min: 'FORM.MIN', max: 'FORM.MAX', between: 'FORM.BETWEEN' },
  length: { min: 'FORM.MIN_LENGTH', max: 'FORM.MAX_LENGTH', between: 'FORM.BETWEEN_LENGTH' },
};

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
  const { words } = messages;
  if (kind === 'date') return isDate(answer) ? undefined : words('FORM.FALLBACK');
  if (kind === 'url') return isLink(answer) ? undefined : words('FORM.URL');
  if (kind === 'number' && !Number.isFinite(Number(answer))) return words('FORM.FALLBACK');
  const of = kind === 'number' ? 'value' : 'length';
  const rule = missedBound(of === 'value' ? Number(answer) : [...answer].length, bounds);
  if (!rule) return undefined;
  const number = new Intl.NumberFormat(messages.locale);
  return words(BOUNDS[of][rule], { name, min: number.format(bounds.min ?? 0), max: number.format(bounds.max ?? 0) });
}
