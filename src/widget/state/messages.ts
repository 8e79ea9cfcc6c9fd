import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { MESSAGE_TYPE, type FileType, type WidgetMessage } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';
import {
  firstServerId,
  lastServerId,
  mergeMessage,
  mergeMessages,
  orderedMessages,
  type ChatMessage,
  type MessageMap,
} from './messageMerge';
import { uniqueId } from '../lib/uniqueId';

/** Maximum length of a visitor message on a web widget (docs/behaviour.md#validation). */
export const MAX_MESSAGE_LENGTH = 10_000;

/**
 * The conversation's messages: history, optimistic sends with retry, realtime merges and the
 * gap fill after a reconnect. One map keyed by id is the single source of truth.
 */
export function createMessagesModel(request: Request, referrer: () => string) {
  const map = signal<MessageMap>(new Map());
  const list = computed(() => orderedMessages(map.value));
  const isFetching = signal(false);
  const hasFetched = signal(false);
  const allLoaded = signal(false);
  // The message the conversation view should bring into view and highlight (a reply's quote).
  const focusRequest = signal<{ id: number } | null>(null);

  const merge = (message: WidgetMessage) => (map.value = mergeMessage(map.value, message));
  const patch = (id: number | string, changes: Partial<ChatMessage>) => {
    const current = map.value.get(id);
    if (current) map.value = new Map(map.value).set(id, { ...current, ...changes });
  };

  /** Fetches a page of history and merges it; `before` pages also tell us when history ends. */
  async function fetchPage(query: { before?: number; after?: number } = {}) {
    isFetching.value = true;
    try {
      const page = await request(endpoints.getMessages(query));
      map.value = mergeMessages(map.value, page.payload);
      if (query.before !== undefined && page.payload.length === 0) allLoaded.value = true;
      return page;
    } finally {
      isFetching.value = false;
      hasFetched.value = true;
    }
  }

  // Files of optimistic attachment messages, kept for a retry.
  const files = new Map<string, File>();

  async function post(local: ChatMessage) {
    const echoId = String(local.id);
    const replyTo = (local.content_attributes.in_reply_to as number | undefined) ?? null;
    const common = { echo_id: echoId, timestamp: new Date().toString(), referer_url: referrer(), reply_to: replyTo };
    const file = files.get(echoId);
    try {
      const created = await request(
        file
          ? endpoints.sendAttachment({ ...common, attachments: [file] })
          : endpoints.sendMessage({ ...common, content: local.content ?? '' }),
      );
      merge({ ...created, echo_id: echoId });
      release(echoId);
      return created;
    } catch (error) {
      patch(local.id, { status: 'failed', meta: { error: '' } });
      throw error;
    }
  }

  /** Drops a sent attachment's file and its preview URL. */
  function release(echoId: string) {
    const local = map.value.get(echoId);
    for (const attachment of local?.attachments ?? [])
      if (attachment.data_url.startsWith('blob:')) URL.revokeObjectURL(attachment.data_url);
    files.delete(echoId);
  }

  function addLocal(fields: Pick<ChatMessage, 'content' | 'attachments'>, replyTo?: number) {
    const id = uniqueId();
    const local: ChatMessage = {
      id,
      ...fields,
      message_type: MESSAGE_TYPE.incoming,
      content_attributes: replyTo ? { in_reply_to: replyTo } : {},
      created_at: Math.floor(Date.now() / 1000),
      conversation_id: 0,
      status: 'in_progress',
      echo_id: id,
    };
    map.value = new Map(map.value).set(id, local);
    return local;
  }

  return {
    map,
    list,
    isFetching,
    hasFetched,
    allLoaded,
    lastServerId: () => lastServerId(map.value),
    /** Latest page (on open / after identity changes). */
    fetchLatest: () => fetchPage(),
    /** Older history for infinite scroll. */
    fetchOlder: () => {
      const before = firstServerId(map.value);
      return before === undefined || allLoaded.value ? Promise.resolve(undefined) : fetchPage({ before });
    },
    /** Everything after the newest message we hold: nothing is missed across a reconnect. */
    fetchMissed: () => {
      const after = lastServerId(map.value);
      return after === undefined ? fetchPage() : fetchPage({ after });
    },
    /** The message the view is asked to bring into view and highlight (`conversationFlow().showMessage`). */
    focusRequest: focusRequest as ReadonlySignal<{ id: number } | null>,
    focus(id: number) {
      focusRequest.value = { id };
    },
    firstServerId: () => firstServerId(map.value),
    /** History from message `after` (included) up to `before`: no gap with what is loaded. */
    fetchBetween: (after: number, before: number) => fetchPage({ after, before }),
    merge,
    remove(id: number) {
      const next = new Map(map.value);
      if (next.delete(id)) map.value = next;
    },
    clear() {
      map.value = new Map();
      allLoaded.value = false;
      hasFetched.value = false;
    },
    /** An empty conversation that must not fetch the old history back (a new conversation). */
    startEmpty() {
      map.value = new Map();
      allLoaded.value = true;
      hasFetched.value = true;
    },
    /**
     * Sends a text message: it appears at once as `in_progress`, keyed by an `echo_id` the server
     * stores, so a retry after a lost response is stored exactly once.
     */
    sendText(content: string, replyTo?: number) {
      return post(addLocal({ content }, replyTo));
    },
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
      const local = addLocal({ content: null, attachments: [attachment] }, replyTo);
      files.set(String(local.id), file);
      return post(local);
    },
    /** Sends a failed message again with the same `echo_id`. */
    retry(id: string) {
      const local = map.value.get(id);
      if (local?.status !== 'failed') return Promise.resolve(undefined);
      patch(id, { status: 'in_progress' });
      return post({ ...local, status: 'in_progress' });
    },
  };
}

export type MessagesModel = ReturnType<typeof createMessagesModel>;
