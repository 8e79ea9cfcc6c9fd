import type { ReadonlySignal } from '@preact/signals-react';
import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import type { WidgetMessage } from '../../shared/types';
import { requestTranscript } from '../api/transcriptEndpoints';
import { interactiveChunk } from '../chunks/interactive';
import type { LoadOnce } from '../lib/loadOnce';
import type { fileKeeping, sendFile } from './fileUpload';
import { createKeptMessages, type FileKeeping } from './keptMessages';
import { createOutbox } from './outbox';
import { createElection } from './outboxElection';
import { outboxFilesDatabase } from '../../shared/outbox';
import { createStorageStore, outboxStorage, type HostOutbox } from './outboxStore';
import { showMessage } from './showMessage';
import type { ComposerModel } from './composer';
import type { ContactModel } from './contact';
import type { ConversationModel } from './conversation';
import type { ChatMessage } from './chatMessage';
import type { MessagesModel } from './messages';
import type { Request } from './request';
import type { MessageResponse } from './botReplies';
import type { OutgoingFiles } from './outgoingFiles';

export interface FlowDeps {
  request: Request;
  messages: MessagesModel;
  conversation: ConversationModel;
  composer: ComposerModel;
  contact: ContactModel;
  /** The host page the visitor writes from (`referer_url`). */
  referrer(): string;
  emitHost(eventIdentifier: string, data: unknown): void;
  postback(payload: unknown): void;
  /** The realtime connection is down: sends that could not go wait for its return. */
  connectionLost: ReadonlySignal<boolean>;
  websiteToken: string;
  /**
   * Whether the widget may keep the visitor's unsent messages in the frame's storage, for the
   * next page of the site (`outbox.ts`); while false they live in the page's memory only.
   */
  storageAllowed: ReadonlySignal<boolean>;
  /** The loader's keeping of those messages in the host page's storage, for a frame that may store nothing. */
  hostOutbox: HostOutbox;
  /**
   * Who the visitor is now: their unsent messages are only ever sent as them. The pubsub token
   * names the visitor (their contact in this inbox) and stays the same from page to page, where
   * the auth token is signed afresh.
   */
  session: { pubsubToken: ReadonlySignal<string> };
  /** The rules a picked file passes and its upload, a lazy model of the attachments chunk. */
  outgoingFiles: LoadOnce<OutgoingFiles>;
}

export type { MessageResponse };

/**
 * Everything a visitor does inside a conversation: send text and files, quote, answer bot
 * messages, end the conversation, start a new one, ask for the transcript. Failures never
 * throw into views: they resolve to an outcome the view can show. It rides with its outbox in
 * the flow chunk (chunks/contents/flow.ts), fetched on the visitor's intent to act (`chunks/flow.ts`):
 * a lazy model of `state/widget.ts`, so neither the first paint nor the first open carries it.
 *
 * `attachments`, the attachments chunk, keeps a waiting file beyond the page with IndexedDB's code
 * (`fileUpload.ts`, `keptFiles.ts`), loaded only once a file is sent or found kept; without it,
 * files live in the page only. The flow chunk hands it in (chunks/contents/flow.ts): this
 * module cannot import it, since that chunk's views know the widget's state, which knows this.
 */
export function createConversationFlow(deps: FlowDeps, attachments?: LoadOnce<{ fileKeeping: typeof fileKeeping }>) {
  const { request, messages, conversation, composer } = deps;
  /** After a first message the server may have created the conversation: learn its id. */
  const syncConversation = async (created: WidgetMessage) => {
    if (conversation.id.value !== created.conversation_id) await conversation.fetch().catch(() => undefined);
  };

  const { websiteToken } = deps;
  // Made once the chunk is here (not `fromChunk`: the first paint would export it for this alone).
  let keeping: FileKeeping | undefined;
  const kept = createKeptMessages(
    {
      allowed: deps.storageAllowed,
      store: createStorageStore(websiteToken, outboxStorage(deps.hostOutbox)),
      election: createElection(websiteToken),
      visitor: () => deps.session.pubsubToken.peek(),
      files:
        attachments &&
        (() => attachments.load().then((code) => (keeping ??= code.fileKeeping(outboxFilesDatabase(websiteToken), { messages, request })))),
    },
    messages,
  );
  const outbox = createOutbox({ ...deps, stored: syncConversation, kept });

  const quotedId = () => {
    const quoted = composer.replyTo.value;
    composer.quote(null);
    return typeof quoted?.id === 'number' ? quoted.id : undefined;
  };

  // Picked files on their way to the outbox (their chunk loading): what the visitor sends next
  // waits behind them, so the server stores everything in the order the visitor gave it.
  let filesAhead: Promise<void> | undefined;
  /** Runs `act` once the files picked before it have gone to the outbox. */
  const inTurn = (act: () => void | PromiseLike<void>): Promise<void> => {
    const turn = (filesAhead ?? Promise.resolve()).then(act);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    filesAhead = settled;
    settled.then(() => {
      if (filesAhead === settled) filesAhead = undefined;
    });
    return turn;
  };

  const flow = {
    /**
     * The composer's Send: the text, shown and queued at once, or, while files picked before it
     * are still on their way, once they have gone (the promise: the composer holds the text till
     * then). The composer calls it itself, so a text's way to the server crosses no view.
     */
    send(content: string): Promise<void> | undefined {
      if (filesAhead) return inTurn(() => flow.sendMessage(content));
      flow.sendMessage(content);
      return undefined;
    },

    /** Shown at once and queued; the bubble says how it goes (`outbox.ts`). */
    sendMessage(content: string) {
      const text = content.trim();
      if (!text) return;
      composer.stopTyping();
      outbox.send(messages.addLocal({ content: text }, quotedId()));
    },

    /**
     * Files the visitor picked, pasted or dropped: checked against the inbox's rules (a refused
     * one never leaves, and is explained), then each sent at once as its own message, after what
     * was sent before and before what is sent after, as Chatwoot's widget sends a file as soon as
     * it is picked. Rejects if the code that checks and sends them cannot load.
     */
    attach(picked: readonly File[]): Promise<void> {
      const checking = deps.outgoingFiles.load();
      // Its failure is the turn's, answered there; not an unhandled rejection while files ahead go.
      checking.catch(() => undefined);
      return inTurn(() =>
        checking.then((files) => {
          const accepted = files.check(picked);
          if (accepted.length) flow.sendFiles(accepted, files.upload);
        }),
      );
    },

    /**
     * Sends files that passed the upload rules, each as its own message (`fileUpload.ts`, in the
     * attachments chunk that checking them loaded), quoting the message being replied to.
     */
    sendFiles(files: readonly File[], send: typeof sendFile) {
      const replyTo = quotedId();
      for (const file of files) send({ messages, request, outbox }, file, replyTo);
    },

    retry: (id: string) => outbox.retry(id),

    /** A reply's chosen quote, older than the history held: brought in and shown, or false (`showMessage.ts`). */
    showMessage: (id: number) => showMessage(messages, id),

    /** Stores an answer to an interactive message; the echo arrives as `message.updated`. */
    respond: (message: ChatMessage, response: MessageResponse): Promise<boolean> =>
      interactiveChunk.load().then(
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
        await request(requestTranscript(email));
        return true;
      } catch {
        return false;
      }
    },

    /** The join URL of a video-call message: a plain URL, or a Dyte participant token. */
    videoCallUrl: (message: ChatMessage): Promise<string | null> =>
      interactiveChunk.load().then(
        (bot) => bot.videoCallUrl(deps, message),
        () => null,
      ),
  };
  return flow;
}

export type ConversationFlow = ReturnType<typeof createConversationFlow>;
