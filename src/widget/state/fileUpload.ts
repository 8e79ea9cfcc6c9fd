/**
 * A visitor's file on its way (docs/behaviour.md#sending-messages): its own message, shown at
 * once with a local preview, then sent by the outbox as multipart over `XMLHttpRequest`, whose
 * upload events move the bubble's bar. In the attachments chunk (chunks/attachments.ts), which
 * picking the file has loaded: the realtime chunk, which every open fetches, carries none of it.
 */
import { sendAttachment } from '../api/attachmentEndpoints';
import { uploadWithProgress } from '../api/uploadWithProgress';
import { fileTypeOf } from '../lib/fileType';
import type { MessagesModel } from './messages';
import type { createOutbox } from './outbox';
import type { Request } from './request';

export interface FileUploadDeps {
  messages: MessagesModel;
  request: Request;
  outbox: Pick<ReturnType<typeof createOutbox>, 'sendUpload'>;
}

/** Sends one file as its own message, quoting `replyTo`; the server's message replaces the bubble, like a text's. */
export function sendFile({ messages, request, outbox }: FileUploadDeps, file: File, replyTo?: number): void {
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
  const local = messages.addLocal({ content: null, attachments: [attachment] }, replyTo);
  outbox.sendUpload(local, {
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
  });
}
