/**
 * The visitor's messages on their way to the server: a queue sent in the order written, sent again
 * by itself when the connection comes back, and the echo that replaces the optimistic bubble
 * (docs/behaviour.md#sending-messages). Lazy, in the flow chunk (`chunks/flow.ts`,
 * docs/architecture.md#loading-strategy), which the visitor's intent to write has fetched: the
 * first paint carries none of it.
 *
 * The queue holds echo ids only; a message's text, quote and time stay in the messages model and
 * a file's upload here. A message is also written to the outbox's store before it goes, and
 * removed once the server has answered: where the visitor's consent allows, that store is the
 * frame's localStorage, with a file's bytes in its IndexedDB (`keptMessages.ts`), and the next
 * page of the site shows and sends what this one could not (docs/behaviour.md#the-outbox-across-pages).
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { WidgetMessage } from '../../shared/types';
import { ApiError } from '../api/client';
import * as endpoints from '../api/endpoints';
import { sendMessage } from '../api/endpoints';
import type { ConversationModel } from './conversation';
import type { ChatMessage, SendRefusal } from './chatMessage';
import type { MessagesModel } from './messages';
import type { Request } from './request';
import type { KeptMessages } from './keptMessages';
import type { Upload } from './upload';

export interface OutboxDeps {
  messages: MessagesModel;
  /** Whether a message starts a new conversation, and which one it started. */
  conversation: Pick<ConversationModel, 'afresh' | 'started'>;
  request: Request;
  /** The host page the message is sent from (`referer_url`). */
  referrer(): string;
  /** The realtime connection is down; when it is back, what waits is sent at once. */
  connectionLost: ReadonlySignal<boolean>;
  /** A message is stored: the server's answer (the first may have started the conversation). */
  stored?(created: WidgetMessage): void;
  /** Keeps unsent messages for the next page of the site; without it they live in the page only. */
  kept?: KeptMessages;
}

/** The first wait before sending again by itself, doubled after each try up to `MAX_RETRY_MS`. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 30_000;

/**
 * Why the server will not take a message, or undefined when trying again may work: no answer, a
 * time-out, the server's own trouble (5xx), or its "not now" (408, 429).
 */
export function refusalOf(error: unknown): SendRefusal | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'bad_request' || error.status === 408 || error.status === 429) return undefined;
  return error.status === 401 || error.status === 403 ? 'session' : 'refused';
}

/** Sends through the messages model's own actions: it shows, patches and merges; this posts. */
export function createOutbox({ messages, conversation, request, referrer, connectionLost, stored, kept }: OutboxDeps) {
  // Uploads of optimistic messages that are no text, by echo id, kept until they are stored.
  const uploads = new Map<string, Upload>();
  // Echo ids, oldest first. One at a time, so the server stores them in the order they were written.
  const queue: string[] = [];
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;
  // Stored messages being taken on (`keptMessages.ts`): nothing leaves meanwhile, so each keeps its place.
  let taking: Promise<void> | undefined;

  /**
   * Queues what earlier pages (or a tab closed meanwhile) left unsent: on the outbox's creation
   * before anything this page writes, later after it. A store holding nothing of another tab's
   * costs nothing, and one taking on at a time sees everything there is.
   */
  function takeOn(first: boolean) {
    if (taking || !kept?.waiting) return;
    const taken = (taking = kept.takeOn().then(
      (found) => {
        for (const { echoId, upload } of found) if (upload) uploads.set(echoId, upload);
        const fresh = found.map(({ echoId }) => echoId).filter((id) => !queue.includes(id));
        if (first) queue.unshift(...fresh);
        else queue.push(...fresh);
      },
      () => undefined,
    ));
    taken.then(() => {
      taking = undefined;
      flush();
    });
  }

  /** The first message after 'Start a new conversation' starts it (a text, as in Chatwoot's widget). */
  async function start(message: { content: string; echo_id: string; timestamp: string; referer_url: string }): Promise<WidgetMessage> {
    const started = await request(endpoints.createConversation({ contact: {}, message, custom_attributes: {} }));
    conversation.started(started);
    return started.messages[0];
  }

  function post(local: ChatMessage): Promise<WidgetMessage> {
    const echoId = String(local.id);
    const replyTo = (local.content_attributes.in_reply_to as number | undefined) ?? null;
    const common = { echo_id: echoId, timestamp: new Date().toString(), referer_url: referrer() };
    const upload = uploads.get(echoId);
    if (upload) {
      // A file leaves once it is kept (or storage refused it): a page gone meanwhile leaves it to the next.
      const leave = () => upload.post({ ...common, reply_to: replyTo });
      const writing = kept?.whenKept(echoId);
      return writing ? writing.then(leave) : leave();
    }
    const content = local.content ?? '';
    return conversation.afresh.peek() ? start({ ...common, content }) : request(sendMessage({ ...common, reply_to: replyTo, content }));
  }

  /** Drops what a stored message's upload held. */
  function release(echoId: string) {
    uploads.get(echoId)?.release();
    uploads.delete(echoId);
  }

  /** Sends what is queued, in order, until the queue is empty or the server cannot be reached. */
  async function flush() {
    clearTimeout(timer);
    if (sending) return;
    sending = true;
    try {
      if (taking) await taking;
      while (queue.length) {
        const echoId = queue[0];
        const local = messages.map.value.get(echoId);
        // Gone: stored after all (its echo came back with a gap fill), or a new conversation.
        if (local?.status !== 'in_progress') {
          queue.shift();
          release(echoId);
          kept?.settle(echoId);
          continue;
        }
        try {
          const created = await post(local);
          queue.shift();
          delay = FIRST_RETRY_MS;
          messages.merge({ ...created, echo_id: echoId });
          release(echoId);
          kept?.settle(echoId);
          stored?.(created);
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal === undefined) {
            // Everything queued waits for the connection: on its return, `online`, or this timer.
            for (const waiting of queue) messages.patch(waiting, { waiting: true, progress: undefined });
            timer = setTimeout(tryAgain, delay);
            return;
          }
          // Refused is answered too: the page offers the retry, which writes it again.
          queue.shift();
          kept?.settle(echoId);
          messages.fail(echoId, refusal);
        }
      }
    } finally {
      sending = false;
    }
  }

  /**
   * The wait's own try. Only these lengthen the next wait: a visitor who writes on while the
   * server is away tries the queue with each message, and that must not leave the next try 30 s
   * off when the server is back a moment later.
   */
  function tryAgain() {
    delay = Math.min(delay * 2, MAX_RETRY_MS);
    flush();
  }

  /**
   * Queues a message the model already shows as `in_progress` (`messages.addLocal`), keyed by an
   * `echo_id` the server stores, so a message sent again after a lost answer is stored once. The
   * model shows how it goes: stored, waiting, or refused with why (and a retry).
   */
  function send(local: ChatMessage) {
    kept?.keep(local, uploads.get(String(local.id))?.file);
    queue.push(String(local.id));
    flush();
  }

  /** Sends what waits, and takes on what a tab closed meanwhile left (the election says which). */
  function resume() {
    takeOn(false);
    flush();
  }

  takeOn(true);
  globalThis.addEventListener?.('online', resume);
  // A page coming back to the front (a laptop woken, a tab switched to): what waits goes now.
  globalThis.document?.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && resume());
  // The socket is back (the server too, most likely): what waits goes now.
  effect(() => {
    if (!connectionLost.value) resume();
  });

  return {
    send,
    /** Queues a message that goes by its own `upload` (a file), like `send`. */
    sendUpload(local: ChatMessage, upload: Upload) {
      uploads.set(String(local.id), upload);
      send(local);
    },
    /** The visitor's "Send message again" on a message the server refused: queued again, same `echo_id`. */
    retry(id: string) {
      if (messages.map.value.get(id)?.status !== 'failed') return;
      messages.patch(id, { status: 'in_progress', meta: undefined });
      send(messages.map.value.get(id) as ChatMessage);
    },
  };
}
