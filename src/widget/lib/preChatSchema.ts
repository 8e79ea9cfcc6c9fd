import { isEmailAddress } from '../../shared/email';
import { isInternationalPhone, isLoosePhone, startsWithPlus } from '../../shared/validators';
import { ruleError, type FormRuleMessages, type RuleKind } from './formRules';
import type { FieldValue, FormField } from './preChatFields';

/**
 * The pre-chat form's rules (docs/behaviour.md#validation): per field, its checks in order, and
 * each field reports its first problem only, in the words below. A list of checks, not a
 * validation library's schema: the form needs nothing else from one, and valibot cost its
 * chunk 1.4 KB (docs/performance.md#budgets).
 */

/** One check of an answer: the problem it finds, or undefined when the answer passes. */
type Check = (value: FieldValue) => string | undefined;

/** The form's checks, by field key, in the order they run. */
export type PreChatRules = Record<string, Check[]>;

/** What the visitor reads, one message per rule (in the widget's language). */
export interface ValidationMessages {
  fullNameRequired: string;
  emailRequired: string;
  emailInvalid: string;
  phoneRequired: string;
  dialCodeRequired: string;
  phoneInvalid: string;
  patternMismatch: string;
  /** Any other field left empty, or one the inbox named: "{label} is required". */
  fieldRequired(label: string): string;
  /** The form library's number, date, link and bounds rules, and its fallback. */
  rules: FormRuleMessages;
}

/** The form library's rule each custom attribute's control answers to (lib/formRules.ts). */
const RULES: Partial<Record<FormField['kind'], RuleKind>> = { number: 'number', date: 'date', url: 'url', text: 'text' };

/** The answer as text (a checkbox's is a boolean), without the spaces around it. */
const text = (value: FieldValue) => (typeof value === 'string' ? value.trim() : '');

/**
 * A rule on the answer without the spaces around it, which an empty answer passes: whether it is
 * required is the only rule for empty. The answers are trimmed where they are sent.
 */
const whenGiven =
  (rule: (value: string) => boolean, message: string): Check =>
  (value) =>
    text(value) === '' || rule(text(value)) ? undefined : message;

/**
 * What an empty required field says, in the words of its label: the spec's own sentences for the
 * standard fields under the widget's labels ("Full Name is required"); "{label} is required" for
 * the message and for a field the inbox named ("Full name is required" under "Full name").
 */
function requiredMessage(field: FormField, messages: ValidationMessages): string {
  if (field.source === 'standard' && !field.labelFromInbox) {
    if (field.name === 'fullName') return messages.fullNameRequired;
    if (field.name === 'emailAddress') return messages.emailRequired;
    if (field.name === 'phoneNumber') return messages.phoneRequired;
  }
  return messages.fieldRequired(field.label);
}

function textRules(field: FormField, messages: ValidationMessages): Check[] {
  switch (field.kind) {
    case 'email':
      return [whenGiven(isEmailAddress, messages.emailInvalid)];
    case 'phone':
      // The number as composed with its dial code (lib/phoneNumber): both phone rules must hold,
      // so the server stores what the visitor was told is valid.
      return [
        whenGiven(startsWithPlus, messages.dialCodeRequired),
        whenGiven((value) => isLoosePhone(value) && isInternationalPhone(value), messages.phoneInvalid),
      ];
    case 'select':
      return [whenGiven((value) => field.options.includes(value), messages.rules.words('FORM.FALLBACK'))];
    default: {
      const kind = field.source !== 'standard' && RULES[field.kind];
      if (!kind) return [];
      // The rule's own words for what it found (a bound says which).
      return [(value) => (text(value) === '' ? undefined : ruleError(kind, text(value), field.label, field, messages.rules))];
    }
  }
}

function fieldChecks(field: FormField, messages: ValidationMessages): Check[] {
  const required = requiredMessage(field, messages);
  if (field.kind === 'checkbox') return field.required ? [(checked) => (checked === true ? undefined : required)] : [];
  const pattern = field.pattern;
  return [
    ...(field.required ? [(value: FieldValue) => (text(value) === '' ? required : undefined)] : []),
    ...textRules(field, messages),
    ...(pattern ? [whenGiven((value) => pattern.test(value), field.patternCue || messages.patternMismatch)] : []),
  ];
}

/** The rules of a form with these fields; answers are keyed by `FormField.key`. */
export function preChatSchema(fields: readonly FormField[], messages: ValidationMessages): PreChatRules {
  return Object.fromEntries(fields.map((field) => [field.key, fieldChecks(field, messages)]));
}

/** Each field's first problem, by field key; an empty object when every answer is fine. */
export function preChatErrors(rules: PreChatRules, values: Record<string, FieldValue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, checks] of Object.entries(rules)) {
    for (const check of checks) {
      const problem = check(values[key]);
      if (problem !== undefined) {
        errors[key] = problem;
        break;
      }
    }
  }
  return errors;
}
