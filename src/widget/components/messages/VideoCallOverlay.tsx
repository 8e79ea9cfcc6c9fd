import { adoptStyles } from '../../lib/adoptStyles';
import { safeWebUrl } from '../../lib/sanitizeUrl';
import videoCallCss from '../../styles/videoCall.chunk.css';
import type { InteractiveLabels } from './labels';

// In the interactive chunk (interactive.ts), loaded by the invitation that opens it; its styles travel with it.
adoptStyles(videoCallCss);

export interface VideoCallOverlayProps {
  /** The call page; anything but an http(s) URL renders nothing. */
  url: string;
  labels: Pick<InteractiveLabels, 'videoCall' | 'leaveCall'>;
  onLeave(): void;
}

/**
 * The call inside the widget, over the conversation below the header (Chatwoot: 72 px from
 * the top), with 'Leave the call'. The SDK's iframe already delegates camera, microphone,
 * fullscreen and display capture, so this frame can use them.
 */
export function VideoCallOverlay({ url, labels, onLeave }: VideoCallOverlayProps) {
  const src = safeWebUrl(url);
  if (!src) return null;
  return (
    <div className="video-call" role="dialog" aria-label={labels.videoCall}>
      <iframe
        className="video-call__frame"
        src={src}
        title={labels.videoCall}
        allow="camera;microphone;fullscreen;display-capture"
        allowFullScreen
      />
      <button type="button" className="button video-call__leave" onClick={onLeave}>
        {labels.leaveCall}
      </button>
    </div>
  );
}
