import type { FormRuleMessages } from '../../../src/widget/lib/formRules';

/** The form library's English words (docs/behaviour.md#validation), as the views pass them from en.json. */
export const RULE_MESSAGES: FormRuleMessages = {
  url: 'Please include a valid url.',
  fallback: "This field isn't valid.",
  min: '{name} must be at least {min}.',
  max: '{name} must be less than or equal to {max}.',
  between: '{name} must be between {min} and {max}.',
  minLength: '{name} must be at least {min} characters long.',
  maxLength: '{name} must be less than or equal to {max} characters long.',
  betweenLength: '{name} must be between {min} and {max} characters long.',
  locale: 'en',
};
