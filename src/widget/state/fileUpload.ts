/**
 * A visitor's file on its way (docs/behaviour.md#sending-messages): its own message, shown at
 * once with a local preview, then sent by the outbox as multipart over `XMLHttpRequest`, whose
 * upload events move the bubble's bar. In the attachments chunk (chunks/attachments.ts), which
 * picking the file has loaded: the flow chunk, which every send fetches, carries none of it.
 * A file kept beyond the page comes back here on the next one (`fileKeeping`).
 */
import { sendAttachment } from '../api/attachmentEndpoints';
import { uploadWithProgress } from '../api/uploadWithProgress';
import { fileTypeOf } from '../lib/fileType';
import type { ChatMessage } from './chatMessage';
import { createKeptFiles } from './keptFiles';
import type { FileKeeping } from './keptMessages';
import type { MessagesModel } from './messages';
import type { createOutbox } from './outbox';
import type { Request } from './request';
import type { Upload } from './upload';

export interface FileUploadDeps {
  messages: MessagesModel;
  request: Request;
  outbox: Pick<ReturnType<typeof createOutbox>, 'sendUpload'>;
}

/**
 * Shows a file as the visitor's message, waiting (under the echo id and time an earlier page gave
 * it, when `kept`), and answers it with the upload that sends it.
 */
function fileMessage(
  { messages, request }: Omit<FileUploadDeps, 'outbox'>,
  file: File,
  replyTo?: number,
  kept?: { echoId: string; time: number },
): { local: ChatMessage; upload: Upload } {
  const preview = URL.createObjectURL(file);
  const attachment = {
    id: 0,
    message_id: 0,
    account_id: 0,
    file_type: fileTypeOf(file.type),
    data_url: preview,
    thumb_url: preview,
    file_size: file.size,
    extension: file.name.split('.').pop() ?? null,
    fallback_title: file.name,
  };
  const local = messages.addLocal({ content: null, attachments: [attachment] }, replyTo, kept?.echoId, kept?.time);
  const upload: Upload = {
    file,
    post(fields) {
      // The bubble's bar follows the upload, a step per whole percent (not per progress event).
      let shown: number | undefined;
      const onProgress = (sent: number) => {
        const progress = Math.floor(sent * 100);
        if (progress !== shown) messages.patch(local.id, { progress: (shown = progress) });
      };
      return request(sendAttachment({ ...fields, attachments: [file] }), { transport: uploadWithProgress(onProgress) });
    },
    release: () => URL.revokeObjectURL(preview),
  };
  return { local, upload };
}

/** Sends one file as its own message, quoting `replyTo`; the server's message replaces the bubble, like a text's. */
export function sendFile(deps: FileUploadDeps, file: File, replyTo?: number): void {
  const { local, upload } = fileMessage(deps, file, replyTo);
  deps.outbox.sendUpload(local, upload);
}

/** The inbox's kept files (in the database `database`), and how one found there is shown and sent again (`keptMessages.ts`). */
export function fileKeeping(database: string, deps: Omit<FileUploadDeps, 'outbox'>): FileKeeping {
  return {
    files: createKeptFiles(database),
    restore: (file, { echoId, replyTo, time }) => fileMessage(deps, file, replyTo, { echoId, time }).upload,
  };
}
