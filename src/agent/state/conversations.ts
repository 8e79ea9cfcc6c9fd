import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { ConversationPushData, ContactPushData, MessagePushData } from '../../shared/applicationApi';
import { TYPING_TIMEOUT_MS } from '../../shared/typing';
import { MESSAGE_TYPE } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';

/**
 * The conversation list: every conversation of the account, most recent activity first, kept
 * live by the cable; which ones have visitor messages the agent has not opened yet, and in
 * which ones the visitor is typing.
 */
export interface ConversationsModel {
  list: ReadonlySignal<ConversationPushData[]>;
  /** How many the account has (the list may hold fewer until "Load more"). */
  total: ReadonlySignal<number>;
  unread: ReadonlySignal<ReadonlySet<number>>;
  typing: ReadonlySignal<ReadonlySet<number>>;
  find(id: number): ConversationPushData | undefined;
  /** (Re)loads the first page, keeping conversations already known from later pages. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** A conversation event's fresh data, or an answer of the API. */
  upsert(conversation: ConversationPushData): void;
  /** A message arrived: preview, activity and contact details follow it; a visitor's marks it unread unless `seen`. */
  noteMessage(message: MessagePushData, seen: boolean): void;
  setTyping(id: number, on: boolean): void;
  markRead(id: number): void;
}

const newestFirst = (a: ConversationPushData, b: ConversationPushData) => b.last_activity_at - a.last_activity_at || b.id - a.id;

/** Creates the list model for `accountId`. */
export function createConversationsModel(request: Request, accountId: number): ConversationsModel {
  const byId = signal(new Map<number, ConversationPushData>());
  const serverTotal = signal(0);
  // A conversation that arrives over the cable counts before the next page load says so.
  const total = computed(() => Math.max(serverTotal.value, byId.value.size));
  const unread = signal<ReadonlySet<number>>(new Set());
  const typing = signal<ReadonlySet<number>>(new Set());
  const typingTimers = new Map<number, ReturnType<typeof setTimeout>>();
  let pages = 0;

  const list = computed(() => [...byId.value.values()].sort(newestFirst));
  const withId = (set: ReadonlySet<number>, id: number, on: boolean) => {
    if (set.has(id) === on) return set;
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const upsertAll = (conversations: ConversationPushData[]) => {
    const next = new Map(byId.value);
    for (const conversation of conversations) next.set(conversation.id, conversation);
    byId.value = next;
  };

  const fetchPage = async (page: number) => {
    const { data } = await request(endpoints.listConversations(accountId, page));
    upsertAll(data.payload);
    serverTotal.value = data.meta.all_count;
    pages = Math.max(pages, page);
  };

  const model: ConversationsModel = {
    list,
    total,
    unread,
    typing,
    find: (id) => byId.value.get(id),
    load: () => fetchPage(1),
    loadMore: () => fetchPage(pages + 1),
    upsert(conversation) {
      if (!byId.value.has(conversation.id)) serverTotal.value++;
      upsertAll([conversation]);
    },
    noteMessage(message, seen) {
      const known = byId.value.get(message.conversation_id);
      if (!known) {
        // Beyond the loaded pages: fetch it so the list shows where the visitor wrote.
        request(endpoints.getConversation(accountId, message.conversation_id)).then(model.upsert, () => undefined);
        return;
      }
      const visible = !message.private && message.message_type !== MESSAGE_TYPE.activity;
      const contact = message.sender?.type === 'contact' ? (message.sender as ContactPushData) : null;
      upsertAll([
        {
          ...known,
          last_activity_at: Math.max(known.last_activity_at, message.conversation.last_activity_at),
          ...(visible && { messages: [message] }),
          // A visitor's message carries their contact as it is now (an e-mail just given, say).
          ...(contact && { meta: { ...known.meta, sender: contact } }),
        },
      ]);
      if (message.message_type === MESSAGE_TYPE.incoming) {
        model.setTyping(message.conversation_id, false);
        if (!seen) unread.value = withId(unread.value, message.conversation_id, true);
      }
    },
    setTyping(id, on) {
      clearTimeout(typingTimers.get(id));
      typingTimers.delete(id);
      // A lost typing_off must not leave "typing…" up for ever.
      if (on)
        typingTimers.set(
          id,
          setTimeout(() => model.setTyping(id, false), TYPING_TIMEOUT_MS),
        );
      typing.value = withId(typing.value, id, on);
    },
    markRead(id) {
      unread.value = withId(unread.value, id, false);
    },
  };
  return model;
}
