import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { adoptStyles } from '../lib/adoptStyles';
import { useEscapeLayer } from '../lib/escapeLayers';
import dialogCss from '../styles/confirmDialog.chunk.css';

// A lazy chunk (only "End Conversation" asks for it); its stylesheet travels with it.
adoptStyles(dialogCss);

export interface ConfirmDialogProps {
  labels: { title: string; text: string; confirm: string; cancel: string };
  onConfirm(): void;
  /** Cancel, Escape or a click outside; focus goes back to where it was when the dialog unmounts. */
  onCancel(): void;
}

/**
 * A question before something that cannot be undone, as a modal `<dialog>`: the rest of the
 * widget is inert while it shows, Tab stays inside it, Escape cancels (without closing the chat
 * window, which Escape does elsewhere), and focus returns to the control that opened it.
 */
export function ConfirmDialog({ labels, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Escape where focus is not inside the dialog cancels it too, before it could close the chat.
  useEscapeLayer(true, onCancel);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    return () => {
      // Closed first: while a modal dialog is open the rest of the page is inert and cannot take focus.
      if (element?.open) element.close();
      opener?.focus({ focusVisible: true } as FocusOptions);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Tab') {
      // Keep Tab within the dialog: in a frame, the browser would otherwise move on to the page.
      const buttons = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const [first, last] = [buttons[0], buttons.at(-1)];
      const current = document.activeElement;
      if (event.shiftKey ? current === first : current === last) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => event.target === dialog.current && onCancel()}
    >
      <h2 id={`${id}-title`} className="confirm__title">
        {labels.title}
      </h2>
      <p id={`${id}-text`} className="confirm__text">
        {labels.text}
      </p>
      <div className="confirm__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {labels.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {labels.confirm}
        </button>
      </div>
    </dialog>
  );
}
