import { signal, type ReadonlySignal } from '@preact/signals-react';
import * as endpoints from '../api/endpoints';
import type { ChatMessage } from './chatMessage';
import type { Request } from './request';

/** The visitor counts as typing until this long after the last keystroke (Chatwoot: 4 s). */
export const VISITOR_TYPING_IDLE_MS = 4_000;

/**
 * What the visitor is composing: the message being replied to, and their typing status as
 * agents see it (`on` at the first keystroke, `off` after 4 s idle, on send or on blur). A file
 * never waits here: it is sent as it is picked (`outgoingFiles.ts`).
 */
export function createComposerModel(request: Request, hasConversation: () => boolean) {
  const replyTo = signal<ChatMessage | null>(null);
  // Text the site put in the composer (`showNewMessage`); a new object each time, so the same
  // text twice fills it twice.
  const draft = signal<{ text: string } | null>(null);
  let typing = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const setTyping = (on: boolean) => {
    clearTimeout(idleTimer);
    if (on) idleTimer = setTimeout(() => setTyping(false), VISITOR_TYPING_IDLE_MS);
    if (on === typing || (on && !hasConversation())) return;
    typing = on;
    request(endpoints.toggleTyping(on)).catch(() => undefined);
  };

  return {
    replyTo: replyTo as ReadonlySignal<ChatMessage | null>,
    draft: draft as ReadonlySignal<{ text: string } | null>,
    /** Fills the composer with `text` for the visitor to edit and send; null once it is in the box. */
    prefill(text: string | null) {
      draft.value = text === null ? null : { text };
    },
    /** A keystroke (or the box emptied): keeps `on` alive, or turns it off for an empty box. */
    onInput(text: string) {
      setTyping(text.trim().length > 0);
    },
    stopTyping: () => setTyping(false),
    quote(message: ChatMessage | null) {
      replyTo.value = message;
    },
  };
}

export type ComposerModel = ReturnType<typeof createComposerModel>;
