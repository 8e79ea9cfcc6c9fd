import type { InteractiveLabels } from '../components/messages/labels';
import { InteractiveMessage, type InteractiveMessageProps } from '../components/messages/InteractiveMessage';
import { VideoCallOverlay, type VideoCallOverlayProps } from '../components/messages/VideoCallOverlay';
import interactiveEnglish from '../../../locales/en.json?interactive';
import { addEnglish, t } from '../i18n';
import { formRuleMessages } from '../i18n/formRuleWords';

// In the interactive chunk: the words only bots' messages and their call show travel with it
// (scripts/firstPaintStrings.mjs `PART_NAMESPACES`), not with the rest every open fetches.
addEnglish(interactiveEnglish);

/** The interactive messages' strings in the visitor's language; read again when the language changes. */
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

/** A bot's interactive message (form, options, cards, articles, e-mail capture, survey, call), in the visitor's language. */
export function BotMessage(props: Omit<InteractiveMessageProps, 'labels'>) {
  return <InteractiveMessage {...props} labels={interactiveLabels()} />;
}

/** The video call over the conversation, in the visitor's language. */
export function VideoCall(props: Omit<VideoCallOverlayProps, 'labels'>) {
  return <VideoCallOverlay {...props} labels={{ videoCall: t('VIDEO_CALL.TITLE'), leaveCall: t('VIDEO_CALL.LEAVE') }} />;
}
