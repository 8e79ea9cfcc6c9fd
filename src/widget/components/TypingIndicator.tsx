import { useLayoutEffect } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';

export interface TypingIndicatorProps {
  /** Read here, not by the view: a typing event re-renders the dots, never the message list. */
  isTyping: ReadonlySignal<boolean>;
  typist: ReadonlySignal<string>;
  /** '{name} is typing', for screen readers. */
  label(name: string): string;
  /** The dots appeared under the newest message: the view keeps them in sight. */
  onShow(): void;
}

/** The agent-typing dots under the conversation, announced politely to screen readers. */
export function TypingIndicator({ isTyping, typist, label, onShow }: TypingIndicatorProps) {
  const shown = isTyping.value;
  useLayoutEffect(() => {
    if (shown) onShow();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="typing" role="status">
      <span className="typing__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="visually-hidden">{label(typist.value)}</span>
    </div>
  );
}
