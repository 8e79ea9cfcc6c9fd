import { useState } from 'react';
import type { Outcome } from './validation';

/**
 * Disables an answer's controls while the parent stores it, so it is sent once. The message
 * update that follows shows the submitted state; a promise resolving to `false` or rejecting
 * re-enables the controls so the visitor can try again.
 */
export function usePending(): [boolean, (outcome: Outcome) => void] {
  const [pending, setPending] = useState(false);
  const track = (outcome: Outcome) => {
    if (outcome === false) return;
    setPending(true);
    if (outcome)
      Promise.resolve(outcome).then(
        (ok) => ok === false && setPending(false),
        () => setPending(false),
      );
  };
  return [pending, track];
}
