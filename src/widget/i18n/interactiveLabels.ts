import interactiveEnglish from '../../../locales/en.json?interactive';
import type { InteractiveLabels } from '../components/messages/labels';
import { formRuleMessages } from './formRuleWords';
import { addEnglish, t } from './index';

// In the interactive chunk (views/BotMessage.tsx): the words only bots' messages and their call
// show travel with it, not with the rest every open fetches (its `strings` in chunks/plan.ts).
addEnglish(interactiveEnglish);

/** Bots' interactive messages' and their call's strings in the visitor's language. */
export function interactiveLabels(): InteractiveLabels {
  return {
    submit: t('FORM.SUBMIT'),
    required: t('FORM.REQUIRED'),
    invalidEmail: t('FORM.INVALID_EMAIL'),
    invalidInput: t('FORM.INVALID'),
    rules: formRuleMessages(),
    emailPlaceholder: t('FORM.EMAIL_PLACEHOLDER'),
    cards: t('MESSAGE.CARDS'),
    csatTitle: t('CSAT.TITLE'),
    csatThanks: t('CSAT.THANKS'),
    csatFeedback: t('CSAT.PLACEHOLDER'),
    csatRatings: [t('CSAT.RATING_1'), t('CSAT.RATING_2'), t('CSAT.RATING_3'), t('CSAT.RATING_4'), t('CSAT.RATING_5')],
    joinCall: t('VIDEO_CALL.JOIN'),
    leaveCall: t('VIDEO_CALL.LEAVE'),
    videoCall: t('VIDEO_CALL.TITLE'),
  };
}
