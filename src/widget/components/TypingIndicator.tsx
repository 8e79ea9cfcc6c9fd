import type { ReadonlySignal } from '@preact/signals-react';

export interface TypingIndicatorProps {
  /** Read here, not by the view: a typing event re-renders the dots, never the message list. */
  isTyping: ReadonlySignal<boolean>;
  typist: ReadonlySignal<string>;
  /** '{name} is typing', for screen readers. */
  label(name: string): string;
}

/**
 * The agent-typing dots under the conversation, announced politely to screen readers. The
 * message list keeps them in sight when it follows the newest message (it watches its content's size).
 */
export function TypingIndicator({ isTyping, typist, label }: TypingIndicatorProps) {
  const typing = isTyping.value;
  // The status stays on the page, empty while nobody types, and holds only the words: a screen
  // reader speaks a live region's changes (not a region that arrives with its text), once for
  // each change.
  return (
    <div className={typing ? 'typing' : undefined}>
      {typing && (
        <span className="typing__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      )}
      <span className="visually-hidden" role="status">
        {typing ? label(typist.value) : null}
      </span>
    </div>
  );
}
