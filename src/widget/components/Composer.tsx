import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useEscapeLayer } from '../lib/escapeLayers';
import { fitToContent } from '../lib/fitToContent';
import { insertAtCaret } from '../lib/insertAtCaret';
import { Icon } from './icons';

// It rides in the first paint's script (build.mjs, alsoFirstPaint): with it the conversation view
// would pass 8 KB, and a chunk of its own would be one more request on every open. Its icons travel
// with it; its styles are the conversation view's (conversation.chunk.css), the only view that shows
// it, where they compress with the rest and cost the first paint nothing.

const SEND_ICON = 'M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z';
const ATTACH_ICON =
  'M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z';
const EMOJI_ICON =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm-3.5-9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm7 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 17.5a5.5 5.5 0 0 0 5-3.2H7a5.5 5.5 0 0 0 5 3.2z';

/** Say how many characters are left once a message gets this close to the limit. */
const COUNT_THRESHOLD = 500;

export interface ComposerProps {
  /** The longest message the server takes: near it the composer says so; past it, it will not send. */
  maxLength: number;
  labels: {
    placeholder: string;
    send: string;
    attach: string;
    /** What is left of the limit (`left`), or by how much a message is over it (`left` below 0). */
    limit(left: number): string;
  };
  /**
   * Sends the box's text. A promise means the send waits for something (the code that sends, still
   * on its way): meanwhile the text stays in the box, unchangeable, and Send waits; it is cleared
   * once the promise fulfils, and left for the visitor to send again if it rejects.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a send that is done at once returns nothing (the flow's own `send`)
  onSend(text: string): void | Promise<unknown>;
  /** Every edit, for the typing indicator agents see. */
  onInput?(text: string): void;
  onBlur?(): void;
  /** Present when the visitor may attach files: the picker's `accept` and the receiver (of pasted files too). */
  attachments?: { accept: string; onFiles(files: File[]): void };
  /** Present when files may not be sent at all: a paste of files is refused through it. */
  onFilesRefused?(): void;
  autoFocus?: boolean;
  /**
   * Present when the emoji picker is allowed: the button's name, and the picker, given what to do
   * with an emoji (insert it at the caret). Escape closes it (lib/escapeLayers.ts).
   */
  emoji?: { label: string; picker(insert: (emoji: string) => void): ReactNode };
  /** Text put in the box from outside (`$chatwoot.showNewMessage`): it replaces the box's text, once per object. */
  draft?: { text: string } | null;
  /** The draft is in the box: the owner can forget it (a later mount must not put it back). */
  onDraftTaken?(): void;
}

/**
 * The message box. Enter sends and Shift+Enter starts a new line (except while an IME is
 * composing, where Enter confirms the candidate). Files come from the attach button or a
 * paste; the box grows with its content. Nothing typed, pasted or put there is ever cut: within
 * 500 characters of the limit a line in the box says what is left of it, and over it says by how
 * much (to screen readers too) while Send waits.
 */
export function Composer({
  maxLength,
  labels,
  onSend,
  onInput,
  onBlur,
  attachments,
  onFilesRefused,
  autoFocus,
  emoji,
  draft,
  onDraftTaken,
}: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // Where the caret goes once an inserted emoji is rendered, and focus back to the box.
  const caret = useRef<number | undefined>(undefined);
  const left = maxLength - text.length;
  const sendable = !waiting && !!text.trim() && left >= 0;
  const limitId = useId();

  useEffect(() => {
    if (caret.current === undefined) return;
    input.current?.focus();
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = undefined;
  }, [text, emojiOpen]);

  const insertEmoji = (value: string) => {
    const box = input.current;
    const result = insertAtCaret(text, box?.selectionStart ?? text.length, box?.selectionEnd ?? text.length, value);
    setEmojiOpen(false);
    caret.current = result.caret;
    setText(result.value);
    onInput?.(result.value);
  };
  // Escape, innermost first; also when the chat window closes, when the frame has no focus to give.
  useEscapeLayer(emojiOpen, () => {
    setEmojiOpen(false);
    if (document.hasFocus()) emojiButton.current?.focus();
  });

  // Focus on any control outside the composer closes the emoji picker, which would otherwise
  // hide the messages it moves to (WCAG 2.4.11): Tab out of it, and focus coming back into the
  // frame (at the header) from the host page. A click on the picker's own background moves no focus.
  useEffect(() => {
    if (!emojiOpen) return;
    const closeOutside = (event: FocusEvent) => {
      if (!form.current?.contains(event.target as Node)) setEmojiOpen(false);
    };
    document.addEventListener('focusin', closeOutside);
    return () => document.removeEventListener('focusin', closeOutside);
  }, [emojiOpen]);

  // The autofocus attribute only acts while a document loads, and the composer mounts later
  // (after Start Conversation, or once its chunk arrives): without this, keyboard focus fell
  // to the frame's body. Only when the frame has focus, so the host page's is never taken.
  useEffect(() => {
    if (autoFocus && document.hasFocus()) input.current?.focus();
  }, []);

  // The box's height follows its text and placeholder, and the width they wrap in.
  useLayoutEffect(() => {
    const fitBox = () => fitToContent(input.current!);
    fitBox();
    addEventListener('resize', fitBox);
    return () => removeEventListener('resize', fitBox);
  }, [text, labels.placeholder]);

  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    caret.current = draft.text.length;
    onDraftTaken?.();
  }, [draft]);

  const submit = () => {
    if (!sendable) return;
    const sent = onSend(text);
    input.current?.focus();
    if (!sent) return setText('');
    setWaiting(true);
    sent
      .then(
        () => setText(''),
        () => undefined,
      )
      .then(() => setWaiting(false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Preact hands over the DOM event itself; React wraps it (nativeEvent). Either way:
    const composing = ((event.nativeEvent ?? event) as unknown as globalThis.KeyboardEvent).isComposing;
    if (event.key === 'Enter' && !event.shiftKey && !composing) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    const receive = attachments?.onFiles ?? onFilesRefused;
    if (!receive || files.length === 0) return;
    event.preventDefault();
    receive(files);
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      ref={form}
    >
      <textarea
        ref={input}
        className="composer__input"
        rows={1}
        value={text}
        placeholder={labels.placeholder}
        aria-label={labels.placeholder}
        aria-invalid={left < 0 || undefined}
        readOnly={waiting}
        aria-describedby={left <= COUNT_THRESHOLD ? limitId : undefined}
        data-autofocus
        onInput={(event) => {
          setText(event.currentTarget.value);
          onInput?.(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={onBlur}
      />
      {left <= COUNT_THRESHOLD && (
        // Over the limit it is announced as it changes; before, the box's description says it.
        <p
          id={limitId}
          className={`composer__limit${left < 0 ? ' composer__limit--over' : ''}`}
          aria-live={left < 0 ? 'polite' : undefined}
        >
          {labels.limit(left)}
        </p>
      )}
      {/* The popover's place is the composer's, so a picker still loading or failed to load sits
          above the box instead of squeezing the text out of it. */}
      {emoji && emojiOpen && <div className="composer__popover">{emoji.picker(insertEmoji)}</div>}
      {emoji && (
        <button
          ref={emojiButton}
          type="button"
          className="icon-button"
          aria-label={emoji.label}
          title={emoji.label}
          aria-expanded={emojiOpen}
          aria-haspopup="dialog"
          disabled={waiting}
          onClick={() => setEmojiOpen(!emojiOpen)}
        >
          <Icon path={EMOJI_ICON} />
        </button>
      )}
      {attachments && (
        <>
          <button
            type="button"
            className="icon-button composer__attach"
            aria-label={labels.attach}
            title={labels.attach}
            onClick={() => picker.current?.click()}
          >
            <Icon path={ATTACH_ICON} />
          </button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={attachments.accept}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              if (files.length) attachments.onFiles(files);
            }}
          />
        </>
      )}
      <button type="submit" className="composer__send" aria-label={labels.send} title={labels.send} disabled={!sendable}>
        <Icon path={SEND_ICON} />
      </button>
    </form>
  );
}
