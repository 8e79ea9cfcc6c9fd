import en from '../../../locales/en.json';
import type { FormRuleMessages } from '../../../src/widget/lib/formRules';

/** The form library's English words (docs/behaviour.md#validation), from en.json as the views' `t` gives them. */
export const RULE_MESSAGES: FormRuleMessages = {
  words: (key, vars = {}) => en[key].replace(/\{(\w+)\}/g, (match, name: string) => vars[name] ?? match),
  locale: 'en',
};
