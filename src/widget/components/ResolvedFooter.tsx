import { useState } from 'react';
import { isEmailAddress } from '../../shared/email';
import { adoptStyles } from '../lib/adoptStyles';
import footerCss from '../styles/resolvedFooter.chunk.css';

// A lazy chunk (only resolved conversations show it); its stylesheet travels with it.
adoptStyles(footerCss);

export interface ResolvedFooterProps {
  labels: {
    resolved: string;
    startNew: string;
    requestTranscript: string;
    email: string;
    send: string;
    success: string;
    error: string;
    invalidEmail: string;
  };
  /** The server already has the visitor's email: the transcript needs no address. */
  hasEmail: boolean;
  /** Offers 'Start a new conversation'; left out where the visitor may write in this one. */
  onStartNew?(): void;
  /** True once sent; false or undefined when it was not. */
  onRequestTranscript(email?: string): Promise<boolean | undefined>;
}

/**
 * Shown once a conversation is resolved, above the composer where the inbox lets the visitor
 * write on, else instead of it: start a new one, or have the transcript emailed (asking for an
 * address when the server has none).
 */
export function ResolvedFooter({ labels, hasEmail, onStartNew, onRequestTranscript }: ResolvedFooterProps) {
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<'sending' | 'success' | 'error' | 'invalid' | null>(null);

  const request = async (address?: string) => {
    if (address !== undefined && !isEmailAddress(address)) return setOutcome('invalid');
    setOutcome('sending');
    setOutcome((await onRequestTranscript(address)) ? 'success' : 'error');
  };

  return (
    <div className="resolved-footer">
      <p className="resolved-footer__note">{labels.resolved}</p>
      {onStartNew && (
        <button type="button" className="button button--block" onClick={onStartNew}>
          {labels.startNew}
        </button>
      )}
      {asking ? (
        <form
          className="resolved-footer__transcript"
          onSubmit={(event) => {
            event.preventDefault();
            request(email.trim());
          }}
        >
          <input
            type="email"
            className="input"
            value={email}
            required
            autoComplete="email"
            placeholder={labels.email}
            aria-label={labels.email}
            aria-invalid={outcome === 'invalid'}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <button type="submit" className="button button--secondary" disabled={outcome === 'sending'}>
            {labels.send}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="link-button resolved-footer__link"
          disabled={outcome === 'sending'}
          onClick={() => (hasEmail ? request() : setAsking(true))}
        >
          {labels.requestTranscript}
        </button>
      )}
      {outcome && outcome !== 'sending' && (
        <p
          className={`resolved-footer__outcome resolved-footer__outcome--${outcome === 'success' ? 'success' : 'error'}`}
          role={outcome === 'success' ? 'status' : 'alert'}
        >
          {outcome === 'success' ? labels.success : outcome === 'invalid' ? labels.invalidEmail : labels.error}
        </p>
      )}
    </div>
  );
}
