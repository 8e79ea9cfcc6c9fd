import * as v from 'valibot';
import { isEmailAddress } from '../../shared/email';
import { isInternationalPhone, isLoosePhone, startsWithPlus } from '../../shared/validators';
import { ruleError, type FormRuleMessages, type RuleKind } from './formRules';
import type { FieldValue, FormField } from './preChatFields';

/**
 * The pre-chat form's rules as a valibot schema (docs/behaviour.md#validation). Each field
 * reports its first problem only, in the words below; valibot lives in the form's lazy chunk.
 */

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

/**
 * A rule on the answer without the spaces around it, which an empty answer passes: whether it is
 * required is the only rule for empty. (Checks rather than valibot's trim and nonEmpty actions:
 * the answers are trimmed where they are sent, and this keeps the chunk smaller.)
 */
const whenGiven = (rule: (value: string) => boolean, message: string) =>
  v.check<string, string>((value) => value.trim() === '' || rule(value.trim()), message);

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

function textRules(field: FormField, messages: ValidationMessages) {
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
      const problem = (answer: string) => ruleError(kind, answer.trim(), field.label, field, messages.rules);
      // The rule's own words for what it found (a bound says which).
      return [
        v.check(
          (value: string) => value.trim() === '' || !problem(value),
          (issue) => problem(String(issue.input)) ?? '',
        ),
      ];
    }
  }
}

function fieldSchema(field: FormField, messages: ValidationMessages): v.GenericSchema<FieldValue> {
  if (field.kind === 'checkbox') {
    return field.required
      ? v.pipe(
          v.boolean(),
          v.check((checked) => checked, requiredMessage(field, messages)),
        )
      : v.boolean();
  }
  const pattern = field.pattern;
  return v.pipe(
    v.string(),
    ...(field.required ? [v.check<string, string>((value) => value.trim() !== '', requiredMessage(field, messages))] : []),
    ...textRules(field, messages),
    ...(pattern ? [whenGiven((value) => pattern.test(value), field.patternCue || messages.patternMismatch)] : []),
  ) as v.GenericSchema<FieldValue>;
}

/** The schema of a form with these fields; answers are keyed by `FormField.key`. */
export function preChatSchema(fields: readonly FormField[], messages: ValidationMessages) {
  return v.object(Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field, messages)])));
}

/** Each field's first problem, by field key; an empty object when every answer is fine. */
export function preChatErrors(schema: ReturnType<typeof preChatSchema>, values: Record<string, FieldValue>): Record<string, string> {
  const result = v.safeParse(schema, values, { abortPipeEarly: true });
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
