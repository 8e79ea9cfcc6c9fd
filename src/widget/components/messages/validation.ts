import type { FormField } from '../../../shared/contentAttributes';
import { isEmailAddress } from '../../../shared/email';
import { ruleError, type RuleKind } from '../../lib/formRules';
import type { InteractiveLabels } from './labels';

/** Something an answer callback returns: a promise resolving to `false` (or rejecting) means "try again". */
// biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing is an outcome too (accepted)
export type Outcome = void | boolean | Promise<unknown>;

/** The shared e-mail check on what the visitor typed, ignoring spaces around it. */
export const isValidEmail = (value: string) => isEmailAddress(value.trim());

/** The form library's rule each field type answers to (lib/formRules.ts); e-mail has its own. */
const RULES: Partial<Record<FormField['type'], RuleKind>> = {
  number: 'number',
  date: 'date',
  url: 'url',
  text: 'text',
  text_area: 'text',
  textarea: 'text',
};

/** The first problem with a field's value, as the visitor should read it, or `undefined`. */
export function fieldError(
  field: Pick<FormField, 'required' | 'type' | 'pattern' | 'pattern_error' | 'min' | 'max'>,
  name: string,
  value: string,
  labels: Pick<InteractiveLabels, 'required' | 'invalidEmail' | 'invalidInput' | 'rules'>,
): string | undefined {
  const text = value.trim();
  if (!text) return field.required ? labels.required : undefined;
  if (field.type === 'email' && !isValidEmail(text)) return labels.invalidEmail;
  const kind = RULES[field.type];
  const broken = kind && ruleError(kind, text, name, field, labels.rules);
  if (broken) return broken;
  if (field.pattern) {
    let pattern: RegExp | undefined;
    try {
      // Anchored like the HTML `pattern` attribute; a pattern that does not compile is ignored.
      pattern = new RegExp(`^(?:${field.pattern})$`);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(text)) return field.pattern_error || labels.invalidInput;
  }
  return undefined;
}
