/**
 * A file's upload, as data, like `endpoints.ts` but in a module of its own: only the attachments
 * chunk sends files (`state/fileUpload.ts`); shared with the flow chunk, it was a file of its own.
 */
import type { CreatedMessage } from '../../shared/types';
import { api } from './endpoints';

/**
 * Uploads attachments (a `File`/`Blob`, or a direct-upload signed blob id) as multipart
 * `message[...]` fields.
 */
export const sendAttachment = ({
  attachments,
  timestamp,
  referer_url,
  reply_to,
  echo_id,
}: {
  attachments: (Blob | string)[];
  timestamp: string;
  referer_url: string;
  reply_to?: number | null;
  /** Wren: makes a retried upload idempotent, as for text messages. */
  echo_id?: string;
}) => {
  const form = new FormData();
  // The fields before the files: a gateway reads `echo_id` without waiting for the upload.
  if (echo_id) form.append('message[echo_id]', echo_id);
  form.append('message[referer_url]', referer_url);
  form.append('message[timestamp]', timestamp);
  if (reply_to != null) form.append('message[reply_to]', String(reply_to));
  for (const attachment of attachments) form.append('message[attachments][]', attachment);
  return api<CreatedMessage>('POST', '/messages', form);
};
