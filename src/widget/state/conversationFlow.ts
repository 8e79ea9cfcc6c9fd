import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import type { WidgetMessage } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { AttachmentProblem } from '../lib/attachments';
import { loadChunk } from '../lib/loadChunk';
import { loadOnce } from '../lib/loadOnce';
import type { ComposerModel } from './composer';
import type { ContactModel } from './contact';
import type { ConversationModel } from './conversation';
import type { ChatMessage } from './messageMerge';
import type { MessagesModel } from './messages';
import type { Request } from './request';

export interface FlowDeps {
  request: Request;
  messages: MessagesModel;
  conversation: ConversationModel;
  composer: ComposerModel;
  contact: ContactModel;
  maxUploadMb: number;
  /** The host page the visitor writes from (`referer_url`). */
  referrer(): string;
  emitHost(eventIdentifier: string, data: unknown): void;
  postback(payload: unknown): void;
}

/** Answers a visitor gives to interactive messages (form, options, CSAT, email capture). */
export type MessageResponse = { kind: 'submitted_values'; values: unknown } | { kind: 'email'; email: string };

/**
 * Everything a visitor does inside a conversation: send text and files, quote, answer bot
 * messages, end the conversation, start a new one, ask for the transcript. Failures never
 * throw into views: they resolve to an outcome the view can show.
 */
export function createConversationFlow(deps: FlowDeps) {
  const { request, messages, conversation, composer } = deps;
  // Sending is a chunk of its own (`outbox.ts`), asked for as the conversation view opens; a
  // send or retry asks again if that failed.
  const outbox = loadOnce(() => import('./outbox').then((m) => m.createOutbox(deps)));
  outbox.load().catch(() => undefined);

  /** After a first message the server may have created the conversation: learn its id. */
  const syncConversation = async (created: WidgetMessage) => {
    if (conversation.id.value !== created.conversation_id) await conversation.fetch().catch(() => undefined);
  };

  const quotedId = () => {
    const quoted = composer.replyTo.value;
    composer.quote(null);
    return typeof quoted?.id === 'number' ? quoted.id : undefined;
  };

  return {
    async sendMessage(content: string) {
      const text = content.trim();
      if (!text) return;
      composer.stopTyping();
      // Shown at once; it is sent once the outbox is here, and if either fails the bubble offers
      // a retry (which asks for the outbox again).
      const local = messages.addLocal({ content: text }, quotedId());
      try {
        await syncConversation(await (await outbox.load()).post(local));
      } catch {
        messages.fail(local.id);
      }
    },

    /**
     * Sends files, each as its own message, after checking size and type before any upload.
     * Returns the problems of the files that were refused; rejects with `ChunkLoadError` when
     * the sending chunk cannot be had, so the view can say so.
     */
    async sendFiles(files: readonly File[]): Promise<{ file: File; problem: Exclude<AttachmentProblem, null> }[]> {
      const refused: { file: File; problem: Exclude<AttachmentProblem, null> }[] = [];
      const replyTo = quotedId();
      // The upload rules are their own chunk: most conversations never send a file.
      const { checkAttachment, fileTypeOf } = await loadChunk(() => import('../lib/attachments'));
      for (const file of files) {
        const problem = checkAttachment(file, deps.maxUploadMb);
        if (problem) {
          refused.push({ file, problem });
          continue;
        }
        (await outbox.load()).sendAttachment(file, fileTypeOf(file.type), replyTo).then(syncConversation, () => undefined);
      }
      return refused;
    },

    retry(id: string) {
      return outbox
        .load()
        .then((sender) => sender.retry(id))
        .catch(() => undefined);
    },

    /** Stores an answer to an interactive message; the echo arrives as `message.updated`. */
    async respond(message: ChatMessage, response: MessageResponse): Promise<boolean> {
      if (typeof message.id !== 'number') return false;
      const update =
        response.kind === 'email' ? { contact: { email: response.email } } : { message: { submitted_values: response.values } };
      try {
        await request(endpoints.updateMessage(message.id, update));
        const attributes = response.kind === 'email' ? { submitted_email: response.email } : { submitted_values: response.values };
        messages.merge({ ...(message as WidgetMessage), content_attributes: { ...message.content_attributes, ...attributes } });
        // The server has an e-mail now: the reply-time line may say the answer comes by e-mail.
        if (response.kind === 'email') deps.contact.fetch().catch(() => undefined);
        return true;
      } catch {
        return false;
      }
    },

    /** A card's postback button: tell the host and send the payload, as Chatwoot does. */
    postback(payload: string) {
      deps.postback(payload);
      return this.sendMessage(payload);
    },

    /** 'Start a new conversation' after a resolved one: a clean slate for the next message. */
    startNewConversation() {
      deps.emitHost(HOST_WINDOW_EVENTS.onStartConversation, { hasConversation: true });
      messages.startEmpty();
      conversation.forget();
    },

    /** Emails the transcript; `email` may be omitted when the server already has one. */
    async requestTranscript(email?: string): Promise<boolean> {
      try {
        await request(endpoints.requestTranscript(email));
        return true;
      } catch {
        return false;
      }
    },

    /** The join URL of a video-call message: a plain URL, or a Dyte participant token. */
    async videoCallUrl(message: ChatMessage): Promise<string | null> {
      const attributes = message.content_attributes as { type?: string; data?: { join_url?: string } };
      if (attributes.type === 'dyte' && typeof message.id === 'number') {
        try {
          const { token } = await request(endpoints.joinVideoCall(message.id));
          return `https://app.dyte.io/v2/meeting?authToken=${encodeURIComponent(token)}&showSetupScreen=true&disableVideoBackground=true`;
        } catch {
          return null;
        }
      }
      const url = attributes.data?.join_url;
      return url && /^https?:\/\//i.test(url) ? url : null;
    },
  };
}

export type ConversationFlow = ReturnType<typeof createConversationFlow>;

const flows = new WeakMap<FlowDeps, ConversationFlow>();

/**
 * The flow for a widget's state. It is built on first use, by the conversation view's chunk,
 * so the first paint carries none of it (nor the attachment rules it needs).
 */
export function conversationFlow(deps: FlowDeps): ConversationFlow {
  let flow = flows.get(deps);
  if (!flow) flows.set(deps, (flow = createConversationFlow(deps)));
  return flow;
}
