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

/**
 * A file's name: the local file's name while uploading (`fallback_title`), else the last part
 * of its URL (Chatwoot's blob URLs end with the file name), else `fallback`.
 */
export function attachmentName(attachment: Pick<Attachment, 'data_url' | 'fallback_title'>, fallback: string): string {
  if (attachment.fallback_title) return attachment.fallback_title;
  const last = (attachment.data_url ?? '').split(/[?#]/)[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || fallback;
  } catch {
    return last || fallback;
  }
}

/** An OpenStreetMap link for a location attachment, or `undefined` without usable coordinates. */
export function locationUrl(attachment: Pick<Attachment, 'coordinates_lat' | 'coordinates_long'>): string | undefined {
  const lat = Number(attachment.coordinates_lat);
  const lon = Number(attachment.coordinates_long);
  if (attachment.coordinates_lat == null || attachment.coordinates_long == null || !(Math.abs(lat) <= 90 && Math.abs(lon) <= 180))
    return undefined;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
