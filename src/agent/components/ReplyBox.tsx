import { useState } from 'react';

export interface ReplyBoxProps {
  /** Who the reply goes to, for the box's name. */
  contactName: string;
  /** Sends; resolves false when it failed, and the draft stays. */
  onSend(content: string): Promise<boolean>;
  /** A keystroke: the visitor sees the agent typing. */
  onTyping(): void;
  /** The agent left the box. */
  onStop(): void;
}

/** The reply box: Enter sends, Shift+Enter starts a new line. */
export function ReplyBox({ contactName, onSend, onTyping, onStop }: ReplyBoxProps) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    if (await onSend(content)) setDraft('');
    setSending(false);
  };

  return (
    <form
      className="reply"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label className="visually-hidden" htmlFor="reply-text">
        Reply to {contactName}
      </label>
      <textarea
        id="reply-text"
        className="reply__text"
        rows={2}
        value={draft}
        placeholder={`Reply to ${contactName}…`}
        aria-describedby="reply-hint"
        onInput={(event) => {
          setDraft(event.currentTarget.value);
          onTyping();
        }}
        onKeyDown={(event) => {
          // Preact hands over the DOM event itself; React would wrap it (nativeEvent). Enter that ends an IME composition is not a send.
          const composing = ((event.nativeEvent ?? event) as unknown as globalThis.KeyboardEvent).isComposing;
          if (event.key === 'Enter' && !event.shiftKey && !composing) {
            event.preventDefault();
            void send();
          }
        }}
        onBlur={onStop}
      />
      <p id="reply-hint" className="visually-hidden">
        Enter sends; Shift+Enter starts a new line.
      </p>
      <button type="submit" className="button" disabled={sending || !draft.trim()}>
        Send
      </button>
    </form>
  );
}
