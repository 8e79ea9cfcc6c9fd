import { useId, useState } from 'react';
import type { CsatResponse, Handled } from '../../../shared/contentAttributes';
import type { InteractiveLabels } from './labels';
import { usePending } from './usePending';
import type { Outcome } from './validation';

/** Ratings 1–5 as Chatwoot shows them: poor, fair, average, good, excellent (docs/behaviour.md#csat). */
const EMOJI = ['😞', '😑', '😐', '😀', '😍'];

export interface CsatMessageProps {
  /** `content_attributes.display_type`: five emoji (default) or five stars. */
  displayType?: 'emoji' | 'star';
  /**
   * The stored response (`submitted_values.csat_survey_response`): the survey then shows the
   * thank-you state with the rating; the feedback stays with the team.
   */
  submitted?: Handled<CsatResponse, 'rating' | 'feedback_message'>;
  /** A rating chosen earlier and not sent: shown chosen, with the comment box and Submit. */
  chosen?: number;
  labels: Pick<InteractiveLabels, 'csatTitle' | 'csatThanks' | 'csatFeedback' | 'csatRatings' | 'submit'>;
  /** A rating chosen, for the parent to keep until Submit sends it (then: none). */
  onChoose?(rating?: number): void;
  onSubmit(response: CsatResponse): Outcome;
}

/**
 * The satisfaction survey (`input_csat`): five ratings as native radio buttons (arrow keys work,
 * each named poor … excellent), then 'Tell us more...' and Submit, then the thank-you state. A
 * rating chosen and not sent stays chosen (`chosen`, kept by the parent through `onChoose`).
 */
export function CsatMessage({ displayType = 'emoji', submitted, chosen, labels, onChoose, onSubmit }: CsatMessageProps) {
  const name = useId();
  // The visitor's choice here, else one kept from before (which may be read only once the
  // widget knows it may look in its storage).
  const [picked, setPicked] = useState(0);
  const rating = picked || chosen || 0;
  const [feedback, setFeedback] = useState('');
  const [pending, track] = usePending();
  const done = !!submitted && submitted.rating >= 1;
  const current = done ? submitted.rating : rating;
  const stars = displayType === 'star';

  return (
    <form
      className={`csat${stars ? ' csat--stars' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!rating || pending) return;
        track(onSubmit({ rating, feedback_message: feedback.trim() }));
        onChoose?.();
      }}
    >
      <p className="csat__title" role="status">
        {done ? labels.csatThanks : labels.csatTitle}
      </p>
      <fieldset className="csat__ratings" aria-label={labels.csatTitle}>
        {EMOJI.map((emoji, index) => {
          const value = index + 1;
          return (
            <label key={value} className={`csat__rating csat__rating--${value}${stars && value <= current ? ' csat__rating--lit' : ''}`}>
              <input
                className="visually-hidden"
                type="radio"
                name={name}
                value={value}
                checked={current === value}
                disabled={done || pending}
                onChange={() => {
                  setPicked(value);
                  onChoose?.(value);
                }}
              />
              <span aria-hidden="true">{stars ? '★' : emoji}</span>
              <span className="visually-hidden">{labels.csatRatings[index]}</span>
            </label>
          );
        })}
      </fieldset>
      {!done && rating > 0 && (
        <div className="csat__feedback">
          <textarea
            className="field__input"
            rows={2}
            value={feedback}
            placeholder={labels.csatFeedback}
            aria-label={labels.csatFeedback}
            onInput={(event) => setFeedback(event.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={pending}>
            {labels.submit}
          </button>
        </div>
      )}
    </form>
  );
}
