import type { Attachment } from '../../../shared/types';
import type { AttachmentLabels } from './labels';

/**
 * The content label of an attachment (docs/behaviour.md#screens): 'Picture message', 'Audio message', 'Video
 * message', 'File Attachment', 'Location' or 'has shared a url' — for reply chips, unread
 * previews and other one-line summaries.
 */
export function attachmentSummary(attachment: Pick<Attachment, 'file_type'>, labels: AttachmentLabels): string {
  switch (attachment.file_type) {
    case 'image':
      return labels.picture;
    case 'audio':
      return labels.audio;
    case 'video':
      return labels.video;
    case 'location':
      return labels.location;
    case 'fallback':
      return labels.sharedUrl;
    default:
      return labels.file;
  }
}
