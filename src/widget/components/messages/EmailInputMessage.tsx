import { useId, useState } from 'react';
import type { InteractiveLabels } from './labels';
import { usePending } from './usePending';
import { isValidEmail, type Outcome } from './validation';

export interface EmailInputMessageProps {
  /** `content_attributes.submitted_email`: once given, shown instead of the field. */
  submittedEmail?: string;
  labels: Pick<InteractiveLabels, 'emailPlaceholder' | 'submit' | 'invalidEmail'>;
  onSubmit(email: string): Outcome;
}

/** A bot asking for the visitor's e-mail (`input_email`). */
export function EmailInputMessage({ submittedEmail, labels, onSubmit }: EmailInputMessageProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState(false);
  const [pending, track] = usePending();

  if (submittedEmail) return <p className="email-input__submitted">{submittedEmail}</p>;

  return (
    <form
      className="email-input"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = email.trim();
        setError(!isValidEmail(value));
        if (isValidEmail(value) && !pending) track(onSubmit(value));
      }}
    >
      {/* A label over the field, not its placeholder: it wraps, where a placeholder is cut in a
          bubble's width ("Please enter your e…"), in every language. */}
      <label className="email-input__label" htmlFor={`${id}-email`}>
        {labels.emailPlaceholder}
      </label>
      <input
        id={`${id}-email`}
        className="field__input"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={email}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <button type="submit" className="button" disabled={pending}>
        {labels.submit}
      </button>
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {labels.invalidEmail}
        </span>
      )}
    </form>
  );
}
