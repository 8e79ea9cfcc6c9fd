import { useEffect, useRef } from 'react';

export interface ConsentPromptProps {
  heading: string;
  /** What the visitor agrees to: the inbox's words in their language, or the widget's. */
  text: string;
  /** The inbox's privacy policy, when it has one (an http(s) address). */
  privacyPolicy?: { url: string; label: string };
  labels: { accept: string; decline?: string };
  onAccept(): void;
  /** Absent where declining is already the visitor's answer (the chat-off screen). */
  onDecline?(): void;
  /** The window is open: Accept takes focus, so the dialog's name and text are read first. */
  autoFocus?: boolean;
}

/**
 * The consent screen (docs/behaviour.md#consent): a dialog named by its heading and described
 * by its text, with the privacy policy link and Accept beside Decline, the two alike, so that
 * neither answer is the easier one.
 */
export function ConsentPrompt({ heading, text, privacyPolicy, labels, onAccept, onDecline, autoFocus }: ConsentPromptProps) {
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) accept.current?.focus();
  }, []);
  return (
    <section className="card consent" role="dialog" aria-labelledby="consent-heading" aria-describedby="consent-text">
      <h2 id="consent-heading" className="consent__heading">
        {heading}
      </h2>
      <p id="consent-text" className="consent__text">
        {text}
      </p>
      {privacyPolicy && (
        <a className="consent__policy" href={privacyPolicy.url} target="_blank" rel="noopener noreferrer">
          {privacyPolicy.label}
        </a>
      )}
      <div className="consent__answers">
        <button ref={accept} type="button" className="button" data-autofocus onClick={onAccept}>
          {labels.accept}
        </button>
        {onDecline && labels.decline && (
          <button type="button" className="button" onClick={onDecline}>
            {labels.decline}
          </button>
        )}
      </div>
    </section>
  );
}
