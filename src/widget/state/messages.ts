import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { MESSAGES_PAGE_SIZE } from '../../shared/limits';
import { MESSAGE_TYPE, type MessagesPage, type WidgetMessage } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';
import { firstServerId, lastServerId, mergeMessages, orderedMessages } from './messageMerge';
import type { ChatMessage, MessageMap, SendRefusal } from './chatMessage';
import { uniqueId } from '../lib/uniqueId';

/**
 * The conversation's messages: history, the visitor's messages on their way (sent by
 * `outbox.ts`), realtime merges and the gap fill after a reconnect. One map keyed by id is the
 * single source of truth.
 */
export function createMessagesModel(request: Request) {
  const map = signal<MessageMap>(new Map());
  const list = computed(() => orderedMessages(map.value));
  const isFetching = signal(false);
  const hasFetched = signal(false);
  const allLoaded = signal(false);
  // The last latest or older page held fewer than a page's worth: nothing should be older, but
  // only an empty page ends the history (`fetchOlder`).
  let shortPage = false;
  // The message the conversation view should bring into view and highlight (a reply's quote).
  const focusRequest = signal<{ id: number } | null>(null);

  const merge = (message: WidgetMessage) => (map.value = mergeMessages(map.value, [message]));
  const patch = (id: number | string, changes: Partial<ChatMessage>) => {
    const current = map.value.get(id);
    if (current) map.value = new Map(map.value).set(id, { ...current, ...changes });
  };

  /**
   * Merges a page of history; an empty latest or `before` page is the start of the
   * conversation, so nothing older is asked for, as Chatwoot's widget stops at the empty page.
   */
  const mergePage = (page: MessagesPage, query: { before?: number; after?: number } = {}) => {
    map.value = mergeMessages(map.value, page.payload);
    if (query.after !== undefined) return;
    shortPage = page.payload.length < MESSAGES_PAGE_SIZE;
    if (!page.payload.length) allLoaded.value = true;
  };

  /** Fetches a page of history and merges it. */
  async function fetchPage(query: { before?: number; after?: number } = {}) {
    isFetching.value = true;
    try {
      const page = await request(endpoints.getMessages(query));
      mergePage(page, query);
      return page;
    } finally {
      isFetching.value = false;
      hasFetched.value = true;
    }
  }

  function addLocal(
    fields: Pick<ChatMessage, 'content' | 'attachments'>,
    replyTo?: number,
    id = uniqueId(),
    createdAt = Math.floor(Date.now() / 1000),
  ) {
    const local: ChatMessage = {
      id,
      ...fields,
      message_type: MESSAGE_TYPE.incoming,
      content_attributes: replyTo ? { in_reply_to: replyTo } : {},
      created_at: createdAt,
      conversation_id: 0,
      status: 'in_progress',
      echo_id: id,
    };
    map.value = new Map(map.value).set(id, local);
    return local;
  }

  return {
    map: map as ReadonlySignal<MessageMap>,
    list,
    isFetching: isFetching as ReadonlySignal<boolean>,
    hasFetched: hasFetched as ReadonlySignal<boolean>,
    allLoaded: allLoaded as ReadonlySignal<boolean>,
    lastServerId: () => lastServerId(map.value),
    /** Latest page (on open / after identity changes). */
    fetchLatest: () => fetchPage(),
    /** The latest page as the page's data carried it: the same as `fetchLatest`, without the request. */
    applyLatest(page: MessagesPage) {
      mergePage(page);
      hasFetched.value = true;
    },
    /**
     * Older history for infinite scroll; nothing once an empty page ended it. After a short page
     * only the visitor's own scroll asks (`byVisitor`), once more, as Chatwoot's widget asks only
     * on a scroll: the view asks on a render too, for history too short to scroll, and a short
     * conversation's open must cost no request.
     */
    fetchOlder: (byVisitor = false) => {
      const before = firstServerId(map.value);
      if (before === undefined || allLoaded.value || (shortPage && !byVisitor)) return undefined;
      return fetchPage({ before });
    },
    /**
     * Everything after the newest message we hold, or after `after` (the newest held when the
     * connection dropped: a message the visitor stored meanwhile is newer than an agent's the
     * socket missed): nothing is missed across a reconnect.
     */
    fetchMissed: (after = lastServerId(map.value)) => (after === undefined ? fetchPage() : fetchPage({ after })),
    /** The same, answered on the socket (the cable's `catch_up`). */
    applyMissed: (page: MessagesPage) => mergePage(page, { after: 0 }),
    /** The message the view is asked to bring into view and highlight (`state/showMessage.ts`). */
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
      shortPage = false;
      hasFetched.value = false;
    },
    /** An empty conversation that must not fetch the old history back (a new conversation). */
    startEmpty() {
      map.value = new Map();
      allLoaded.value = true;
      hasFetched.value = true;
    },
    /**
     * Shows a message the visitor is sending at once, as `in_progress`, keyed by the `echo_id`
     * the server will store with it (`outbox.ts` sends it); one an earlier page left unsent
     * keeps its `echo_id` (`id`) and time.
     */
    addLocal,
    /** Changes a message in place (a retry started). */
    patch,
    /** A send failed (the server's reason, when it refused it): the bubble offers a retry, and no upload bar. */
    fail: (id: number | string, error: '' | SendRefusal = '') =>
      patch(id, { status: 'failed', meta: { error }, waiting: undefined, progress: undefined }),
  };
}

export type MessagesModel = ReturnType<typeof createMessagesModel>;
