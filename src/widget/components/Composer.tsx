import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './icons';

/** Show the remaining-characters count once a message gets this close to the limit. */
const COUNT_THRESHOLD = 500;

export interface ComposerProps {
  maxLength: number;
  labels: { placeholder: string; send: string };
  onSend(text: string): void;
  autoFocus?: boolean;
}

/**
 * The message box. Enter sends and Shift+Enter starts a new line (except while an IME is
 * composing, where Enter confirms the candidate). The box grows with its content.
 */
export function Composer({ maxLength, labels, onSend, autoFocus }: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const remaining = maxLength - text.length;

  const submit = () => {
    if (!text.trim()) return;
    onSend(text);
    setText('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={input}
        className="composer__input"
        rows={1}
        value={text}
        maxLength={maxLength}
        placeholder={labels.placeholder}
        aria-label={labels.placeholder}
        autoFocus={autoFocus}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {remaining <= COUNT_THRESHOLD && (
        <span className="composer__count" aria-live="polite">
          {remaining}
        </span>
      )}
      <button type="submit" className="composer__send" aria-label={labels.send} title={labels.send} disabled={!text.trim()}>
        <Icon name="send" />
      </button>
    </form>
  );
}
