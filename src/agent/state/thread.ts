import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { AgentMessage } from '../../shared/applicationApi';
import { MESSAGE_TYPE } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';

/** The API's page of messages when no `after` is given. */
export const MESSAGES_PAGE = 20;
/** The visitor's "typing" goes off this long after the agent's last keystroke. */
export const TYPING_IDLE_MS = 4_000;
/** While the agent keeps typing, `on` is repeated this often: the widget forgets it after 30 s. */
export const TYPING_REFRESH_MS = 10_000;

/**
 * The open conversation's messages, oldest first: loaded when the agent opens it, paged back on
 * request, caught up after a reconnect and kept live by the cable; the agent's typing, as the
 * visitor sees it; and what the agent has seen, which the visitor reads as "read".
 */
export interface ThreadModel {
  /** The open conversation's id, or null. */
  id: ReadonlySignal<number | null>;
  messages: ReadonlySignal<AgentMessage[]>;
  hasEarlier: ReadonlySignal<boolean>;
  loading: ReadonlySignal<boolean>;
  open(id: number | null): Promise<void>;
  loadEarlier(): Promise<void>;
  /** Everything after the newest message held (after a reconnect). */
  catchUp(): Promise<void>;
  /** A message of any conversation: kept when it is the open one's. */
  receive(message: AgentMessage): void;
  send(content: string): Promise<void>;
  /** A keystroke in the reply box. */
  typed(): void;
  /** The agent stopped (sent, left the box, switched conversations). */
  stopTyping(): void;
  /**
   * The agent has the open conversation on screen (it opened, a visitor's message arrived, the
   * console's tab came back into view): the server marks the visitor's messages read.
   */
  seen(): void;
}

/** Whether the agent can see the console: a hidden tab reads nothing. */
const consoleVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

const byId = (a: AgentMessage, b: AgentMessage) => a.id - b.id;

/** Creates the thread model for `accountId`; `onScreen` says whether the agent can see it. */
export function createThreadModel(request: Request, accountId: number, onScreen = consoleVisible): ThreadModel {
  const id = signal<number | null>(null);
  const messages = signal<AgentMessage[]>([]);
  const hasEarlier = signal(false);
  const loading = signal(false);
  let typingSince = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const merge = (incoming: AgentMessage[]) => {
    const next = new Map(messages.value.map((m) => [m.id, m]));
    for (const message of incoming) next.set(message.id, message);
    messages.value = [...next.values()].sort(byId);
  };

  const setTyping = (conversationId: number, on: boolean) =>
    request(endpoints.toggleTyping(accountId, conversationId, on)).catch(() => undefined);

  const model: ThreadModel = {
    id,
    messages,
    hasEarlier,
    loading,
    async open(next) {
      model.stopTyping();
      id.value = next;
      messages.value = [];
      hasEarlier.value = false;
      if (next === null) return;
      loading.value = true;
      try {
        const { payload } = await request(endpoints.listMessages(accountId, next));
        // The agent may have moved on while this was on its way.
        if (id.value !== next) return;
        merge(payload);
        hasEarlier.value = payload.length >= MESSAGES_PAGE;
        model.seen();
      } finally {
        if (id.value === next) loading.value = false;
      }
    },
    async loadEarlier() {
      const current = id.value;
      const oldest = messages.value[0];
      if (current === null || !oldest) return;
      const { payload } = await request(endpoints.listMessages(accountId, current, { before: oldest.id }));
      if (id.value !== current) return;
      merge(payload);
      hasEarlier.value = payload.length >= MESSAGES_PAGE;
    },
    async catchUp() {
      const current = id.value;
      if (current === null) return;
      const newest = messages.value.at(-1);
      const { payload } = await request(endpoints.listMessages(accountId, current, newest ? { after: newest.id } : {}));
      if (id.value === current) merge(payload);
    },
    receive(message) {
      if (message.conversation_id !== id.value) return;
      // An update to a message before the loaded page (a read receipt, say) waits for "Load earlier".
      const oldest = messages.value[0];
      if (hasEarlier.value && oldest && message.id < oldest.id) return;
      // Only a new message from the visitor: marking it read updates it, and that update comes back here.
      const arrived = message.message_type === MESSAGE_TYPE.incoming && !messages.value.some((m) => m.id === message.id);
      merge([message]);
      if (arrived) model.seen();
    },
    async send(content) {
      const current = id.value;
      if (current === null) return;
      model.stopTyping();
      model.receive(await request(endpoints.sendReply(accountId, current, content)));
    },
    typed() {
      const current = id.value;
      if (current === null) return;
      const now = Date.now();
      if (now - typingSince >= TYPING_REFRESH_MS) {
        typingSince = now;
        void setTyping(current, true);
      }
      clearTimeout(idleTimer);
      idleTimer = setTimeout(model.stopTyping, TYPING_IDLE_MS);
    },
    stopTyping() {
      clearTimeout(idleTimer);
      if (!typingSince || id.value === null) return;
      typingSince = 0;
      void setTyping(id.value, false);
    },
    seen() {
      if (id.value === null || !onScreen()) return;
      void request(endpoints.markSeen(accountId, id.value)).catch(() => undefined);
    },
  };
  return model;
}
