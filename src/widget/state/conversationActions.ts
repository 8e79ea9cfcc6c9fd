import { chunkFailure } from '../i18n/chunkFailure';
import type { ChatMessage } from './chatMessage';
import type { ConversationFlow, MessageResponse } from './conversationFlow';
import type { WidgetState } from './widget';

/**
 * What the visitor does in the conversation, as views call it: at once, whether or not the code
 * that does it has arrived. Each action awaits the widget's conversation flow (a lazy model of
 * `widget.ts`, fetched on the visitor's intent to act) inside, so no view knows that code is
 * lazy. The one failure policy of an action (docs/behaviour.md#errors): code that does not arrive
 * is said, "Part of the chat failed to load." in the banner (`i18n/chunkFailure.ts`), and nothing
 * is taken, so the next try starts afresh (`lib/loadOnce.ts` forgets a failure).
 *
 * Made by the conversation view, in its chunk: the first paint, which never acts, does not carry
 * it. It holds no model, only whether the flow was asked for ahead of an action (`prepare`).
 */
export function createConversationActions({ conversationFlow: flow, showBanner }: Pick<WidgetState, 'conversationFlow' | 'showBanner'>) {
  const failed = () => showBanner(chunkFailure().failed);
  /** Acts once the flow is here; one that cannot load is said, and the action rejects: nothing was taken. */
  const withFlow = <T>(act: (loaded: ConversationFlow) => T | PromiseLike<T>): Promise<T> =>
    flow.load().then(act, (error: unknown) => {
      failed();
      throw error;
    });
  /** `withFlow` for an action whose caller waits for no outcome: a failure has been said, and ends here. */
  const quietly = <T>(act: (loaded: ConversationFlow) => T | PromiseLike<T>) => withFlow(act).catch(() => undefined);
  // Asked once, at the visitor's first input: offline, every keystroke would be another request.
  // An action asks again.
  let asked = false;

  return {
    /** Fetches the flow ahead of an action: the visitor has begun to write. */
    prepare() {
      if (asked) return;
      asked = true;
      flow.load().catch(() => undefined);
    },
    /**
     * The composer's Send (`ConversationFlow.send`). Before the flow is here the promise holds the
     * text in the box until it has gone, and rejects, the text staying there, should the flow fail.
     */
    send: (text: string): Promise<void> | undefined => (flow.loaded ? flow.loaded.send(text) : withFlow((loaded) => loaded.send(text))),
    /** Picked, pasted or dropped files, sent at once in turn with the texts; their own code failing to load is said too. */
    attach: (files: File[]) => quietly((loaded) => loaded.attach(files).catch(failed)),
    /** A failed message sent again. */
    retry: (id: string) => quietly((loaded) => loaded.retry(id)),
    /** A card's postback button. */
    postback: (payload: string) => quietly((loaded) => loaded.postback(payload)),
    /** An answer to an interactive message: true once stored; a rejection asks the visitor to try again. */
    respond: (message: ChatMessage, response: MessageResponse) => withFlow((loaded) => loaded.respond(message, response)),
    /** A video-call message's join URL, or null; a rejection asks the visitor to try again. */
    videoCallUrl: (message: ChatMessage) => withFlow((loaded) => loaded.videoCallUrl(message)),
    /** A reply's quote, older than the history held: brought in and shown, or false; undefined when the flow did not come. */
    showMessage: (id: number) => quietly((loaded) => loaded.showMessage(id)),
    /** 'Start a new conversation' after a resolved one. */
    startNewConversation: () => quietly((loaded) => loaded.startNewConversation()),
    /** E-mails the transcript: true once sent; false or undefined when it was not. */
    requestTranscript: (email?: string) => quietly((loaded) => loaded.requestTranscript(email)),
  };
}

export type ConversationActions = ReturnType<typeof createConversationActions>;
