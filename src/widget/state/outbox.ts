/**
 * The visitor's messages on their way to the server: send, retry, and the echo that replaces
 * the optimistic bubble. Lazy, in the realtime chunk (`realtime/connect.ts`, docs/architecture.md#loading-strategy),
 * which the conversation view has asked for already: the first paint carries none of it.
 */
import type { FileType, WidgetMessage } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import { uploadWithProgress } from '../api/uploadWithProgress';
import type { ConversationModel } from './conversation';
import type { ChatMessage } from './messageMerge';
import type { MessagesModel } from './messages';
import type { Request } from './request';

export interface OutboxDeps {
  messages: MessagesModel;
  /** Whether a message starts a new conversation, and which one it started. */
  conversation: Pick<ConversationModel, 'afresh' | 'started'>;
  request: Request;
  /** The host page the message is sent from (`referer_url`). */
  referrer(): string;
}

/** Sends through the messages model's own actions: it shows, patches and merges; this posts. */
export function createOutbox({ messages, conversation, request, referrer }: OutboxDeps) {
  // Files of optimistic attachment messages, kept for a retry.
  const files = new Map<string, File>();

  /** The first message after 'Start a new conversation' starts it (a text, as in Chatwoot's widget). */
  async function start(message: { content: string; echo_id: string; timestamp: string; referer_url: string }): Promise<WidgetMessage> {
    const started = await request(endpoints.createConversation({ contact: {}, message, custom_attributes: {} }));
    conversation.started(started);
    return started.messages[0];
  }

  async function post(local: ChatMessage) {
    const echoId = String(local.id);
    const replyTo = (local.content_attributes.in_reply_to as number | undefined) ?? null;
    const common = { echo_id: echoId, timestamp: new Date().toString(), referer_url: referrer() };
    const content = local.content ?? '';
    const file = files.get(echoId);
    // The bubble's bar follows the upload, a step per whole percent (not per progress event).
    let shown: number | undefined;
    const onUploadProgress = (sent: number) => {
      const progress = Math.floor(sent * 100);
      if (progress !== shown) messages.patch(local.id, { progress: (shown = progress) });
    };
    try {
      const created = file
        ? await request(endpoints.sendAttachment({ ...common, reply_to: replyTo, attachments: [file] }), {
            transport: uploadWithProgress(onUploadProgress),
          })
        : conversation.afresh.peek()
          ? await start({ ...common, content })
          : await request(endpoints.sendMessage({ ...common, reply_to: replyTo, content }));
      messages.merge({ ...created, echo_id: echoId });
      release(echoId);
      return created;
    } catch (error) {
      messages.fail(local.id);
      throw error;
    }
  }

  /** Drops a sent attachment's file and its preview URL. */
  function release(echoId: string) {
    const local = messages.map.value.get(echoId);
    for (const attachment of local?.attachments ?? [])
      if (attachment.data_url.startsWith('blob:')) URL.revokeObjectURL(attachment.data_url);
    files.delete(echoId);
  }

  return {
    /**
     * Sends a message the model already shows as `in_progress` (`messages.addLocal`), keyed by an
     * `echo_id` the server stores, so a retry after a lost response is stored exactly once.
     */
    post,
    /**
     * Uploads one file as its own message. The bubble shows a local preview while uploading
     * and is replaced by the server's message, like a text message.
     */
    sendAttachment(file: File, fileType: FileType, replyTo?: number) {
      const preview = URL.createObjectURL(file);
      const attachment = {
        id: 0,
        message_id: 0,
        account_id: 0,
        file_type: fileType,
        data_url: preview,
        thumb_url: preview,
        file_size: file.size,
        extension: file.name.split('.').pop() ?? null,
        fallback_title: file.name,
      };
      const local = messages.addLocal({ content: null, attachments: [attachment] }, replyTo);
      files.set(String(local.id), file);
      return post(local);
    },
    /** Sends a failed message again with the same `echo_id`. */
    retry(id: string) {
      const local = messages.map.value.get(id);
      if (local?.status !== 'failed') return Promise.resolve(undefined);
      messages.patch(id, { status: 'in_progress', progress: undefined });
      return post({ ...local, status: 'in_progress' });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
