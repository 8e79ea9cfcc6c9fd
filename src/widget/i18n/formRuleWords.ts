import formRulesEnglish from '../../../locales/en.json?formRules';
import type { FormRuleMessages } from '../lib/formRules';
import { addEnglish, intlLocale, t } from './index';

// The form checks' English words (a number, a date, a link, bounds) travel with the checks
// (lib/formRules.ts), in the chunk the pre-chat form and bots' messages share, not with the
// rest every open fetches (`sharedStrings` in chunks/plan.ts).
addEnglish(formRulesEnglish);

/** The form checks' words in the visitor's language, for the pre-chat form and bots' forms. */
export function formRuleMessages(): FormRuleMessages {
  return { words: t, locale: intlLocale.value };
}
