import type { FileType } from '../../shared/types';

/**
 * The attachment kind the server will infer from a MIME type (docs/protocol.md#messages): what the
 * bubble of a file on its way shows (`state/outbox.ts`) until the server's message replaces it.
 */
export function fileTypeOf(mime: string): FileType {
  if (/^image\/(jpeg|png|gif|bmp|webp)$/i.test(mime)) return 'image';
  if (/^video\//i.test(mime)) return 'video';
  if (/^audio\//i.test(mime)) return 'audio';
  return 'file';
}
