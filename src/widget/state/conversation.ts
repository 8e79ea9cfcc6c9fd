import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { TYPING_TIMEOUT_MS } from '../../shared/typing';
import type { ConversationStatus, ConversationSummary } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';

export { TYPING_TIMEOUT_MS };

/**
 * The visitor's current conversation: which one it is (every widget endpoint acts on the
 * latest), its status, when the visitor last read it, whether an agent is typing. The site's
 * calls on its custom attributes and labels are in `siteCalls.ts`.
 */
export function createConversationModel(request: Request) {
  const summary = signal<ConversationSummary | null>(null);
  const afresh = signal(false);
  const isAgentTyping = signal(false);
  const typist = signal('');
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  const stopTyping = () => {
    clearTimeout(typingTimer);
    isAgentTyping.value = false;
  };

  return {
    summary: summary as ReadonlySignal<ConversationSummary | null>,
    id: computed(() => summary.value?.id),
    status: computed<ConversationStatus | undefined>(() => summary.value?.status),
    lastSeenAt: computed(() => summary.value?.contact_last_seen_at),
    isAgentTyping: isAgentTyping as ReadonlySignal<boolean>,
    typist: typist as ReadonlySignal<string>,
    /**
     * The visitor chose 'Start a new conversation': their next message starts one
     * (`POST /conversations`, as Chatwoot's widget does) instead of reopening the last.
     */
    afresh: afresh as ReadonlySignal<boolean>,
    async fetch() {
      const result = await request(endpoints.getConversation());
      summary.value = 'id' in result ? (result as ConversationSummary) : null;
      return summary.value;
    },
    /** What the page's data or a realtime event already says, without asking (docs/protocol.md#the-data-block). */
    apply(next: (Omit<ConversationSummary, 'contact_last_seen_at'> & { contact_last_seen_at?: number }) | null) {
      summary.value = next && {
        id: next.id,
        inbox_id: next.inbox_id,
        status: next.status,
        contact_last_seen_at: next.contact_last_seen_at || 0,
      };
    },
    /** The visitor ends the conversation (header button); realtime confirms the status. */
    async resolve(): Promise<boolean> {
      try {
        await request(endpoints.toggleStatus());
        if (summary.value) summary.value = { ...summary.value, status: 'resolved' };
        return true;
      } catch {
        return false;
      }
    },
    /** The conversation the visitor just started (`POST /conversations` answers it). */
    started(conversation: ConversationSummary) {
      summary.value = conversation;
      afresh.value = false;
    },
    /** The visitor starts afresh: the next message opens a new conversation. */
    forget() {
      summary.value = null;
      afresh.value = true;
    },
    /** Realtime status changes apply only to this conversation (docs/behaviour.md#conversation-status). */
    applyStatus(id: number, status: ConversationStatus) {
      if (summary.value?.id === id) summary.value = { ...summary.value, status };
    },
    markSeen(at = Math.floor(Date.now() / 1000)) {
      if (summary.value) summary.value = { ...summary.value, contact_last_seen_at: at };
      return request(endpoints.updateLastSeen(at));
    },
    startTyping(name: string) {
      clearTimeout(typingTimer);
      typist.value = name;
      isAgentTyping.value = true;
      typingTimer = setTimeout(stopTyping, TYPING_TIMEOUT_MS);
    },
    stopTyping,
  };
}

export type ConversationModel = ReturnType<typeof createConversationModel>;
