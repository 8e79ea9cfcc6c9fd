import type { MessageLabels } from '../components/messages/labels';
import { intlLocale, t } from './index';

/** The message components' strings in the visitor's language (components never import i18n). */
export function messageLabels(): MessageLabels {
  return {
    submit: t('FORM.SUBMIT'),
    required: t('FORM.REQUIRED'),
    invalidEmail: t('FORM.INVALID_EMAIL'),
    invalidInput: t('FORM.INVALID'),
    rules: { words: t, locale: intlLocale.value },
    emailPlaceholder: t('FORM.EMAIL_PLACEHOLDER'),
    cards: t('MESSAGE.CARDS'),
    csatTitle: t('CSAT.TITLE'),
    csatThanks: t('CSAT.THANKS'),
    csatFeedback: t('CSAT.PLACEHOLDER'),
    csatRatings: [t('CSAT.RATING_1'), t('CSAT.RATING_2'), t('CSAT.RATING_3'), t('CSAT.RATING_4'), t('CSAT.RATING_5')],
    joinCall: t('VIDEO_CALL.JOIN'),
    leaveCall: t('VIDEO_CALL.LEAVE'),
    videoCall: t('VIDEO_CALL.TITLE'),
    picture: t('ATTACHMENT.IMAGE'),
    audio: t('ATTACHMENT.AUDIO'),
    video: t('ATTACHMENT.VIDEO'),
    file: t('ATTACHMENT.FILE'),
    location: t('ATTACHMENT.LOCATION'),
    sharedUrl: t('ATTACHMENT.FALLBACK'),
    download: t('ATTACHMENT.DOWNLOAD'),
    uploading: t('ATTACHMENT.UPLOADING'),
    replyingTo: t('REPLY.TO'),
    removeReply: t('REPLY.CANCEL'),
    loadFailed: t('CHUNK_ERROR'),
    retry: t('RETRY'),
  };
}
