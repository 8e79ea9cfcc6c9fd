import type { Attachment } from '../../../shared/types';

/*
 * What only a file's bubble shows, so it travels in the attachments chunk; the content label
 * (attachmentInfo.ts) is the conversation view's too, for one-line summaries.
 */

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
