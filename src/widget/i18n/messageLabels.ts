import type { MessageLabels } from '../components/messages/labels';
import { t } from './index';

/**
 * The message components' strings in the visitor's language (components never import i18n). Bots'
 * interactive messages have theirs in their own chunk (interactiveLabels.ts).
 */
export function messageLabels(): MessageLabels {
  return {
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
  };
}
