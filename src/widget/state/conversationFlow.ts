import type { ReadonlySignal } from '@preact/signals-react';
import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import type { WidgetMessage } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import { loadOnce } from '../lib/loadOnce';
import type { ComposerModel } from './composer';
import type { ContactModel } from './contact';
import type { ConversationModel } from './conversation';
import type { ChatMessage } from './messageMerge';
import type { MessagesModel } from './messages';
import type { Request } from './request';
import type { MessageResponse } from './botReplies';

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
  /**
   * The chunk that carries sending (`outbox.ts`): the realtime chunk, which the conversation view
   * has asked for already (main.tsx wires it; apart, the outbox was one more request per open).
   */
  loadOutbox(): Promise<Pick<typeof import('./outbox'), 'createOutbox'>>;
  /** The realtime connection is down: sends that could not go wait for its return. */
  connectionLost: ReadonlySignal<boolean>;
}

export type { MessageResponse };

// Answers to bots' interactive messages are a chunk of their own: most conversations have none.
const botReplies = loadOnce(() => import('./botReplies'));

/**
 * Everything a visitor does inside a conversation: send text and files, quote, answer bot
 * messages, end the conversation, start a new one, ask for the transcript. Failures never
 * throw into views: they resolve to an outcome the view can show.
 */
export function createConversationFlow(deps: FlowDeps) {
  const { request, messages, conversation, composer } = deps;
  /** After a first message the server may have created the conversation: learn its id. */
  const syncConversation = async (created: WidgetMessage) => {
    if (conversation.id.value !== created.conversation_id) await conversation.fetch().catch(() => undefined);
  };

  // Sending (`outbox.ts`) rides in the realtime chunk (`deps.loadOutbox`), asked for as the
  // conversation view opens; a send or retry asks again if that failed.
  const outbox = loadOnce(() => deps.loadOutbox().then((m) => m.createOutbox({ ...deps, stored: syncConversation })));
  outbox.load().catch(() => undefined);

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
      // Without the sending chunk it stays failed, with a retry (which asks for the chunk again).
      await outbox.load().then(
        (sender) => sender.send(local),
        () => messages.fail(local.id),
      );
    },

    /**
     * Sends files, each as its own message: files the upload rules passed when they were attached
     * (`views/PendingAttachments.tsx`). Rejects with `ChunkLoadError` when the sending chunk cannot
     * be had, so the view can say so.
     */
    async sendFiles(files: readonly File[]) {
      const replyTo = quotedId();
      const sender = await outbox.load();
      for (const file of files) sender.sendAttachment(file, replyTo);
    },

    retry(id: string) {
      return outbox
        .load()
        .then((sender) => sender.retry(id))
        .catch(() => undefined);
    },

    /** Stores an answer to an interactive message; the echo arrives as `message.updated`. */
    respond: (message: ChatMessage, response: MessageResponse): Promise<boolean> =>
      botReplies.load().then(
        (bot) => bot.respond(deps, message, response),
        () => false,
      ),

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
    videoCallUrl: (message: ChatMessage): Promise<string | null> =>
      botReplies.load().then(
        (bot) => bot.videoCallUrl(deps, message),
        () => null,
      ),
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
