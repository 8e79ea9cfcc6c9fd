import { useState } from 'react';
import type { InteractiveLabels } from './labels';
import type { Outcome } from './validation';

export interface VideoCallMessageProps {
  labels: Pick<InteractiveLabels, 'joinCall'>;
  /** The parent finds the call's URL (plain join URL or a Dyte token) and opens the overlay. */
  onJoin(): Outcome;
}

/** A video-call invitation (`integrations`): a Join button, busy while the call's URL is fetched. */
export function VideoCallMessage({ labels, onJoin }: VideoCallMessageProps) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button video-call__join"
      disabled={busy}
      onClick={() => {
        const outcome = onJoin();
        if (!outcome || outcome === true) return;
        setBusy(true);
        const done = () => setBusy(false);
        Promise.resolve(outcome).then(done, done);
      }}
    >
      {labels.joinCall}
    </button>
  );
}
