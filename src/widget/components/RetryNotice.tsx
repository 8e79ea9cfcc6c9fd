export interface RetryNoticeLabels {
  /** What failed, e.g. 'Part of the chat failed to load.' (CHUNK_ERROR) */
  failed: string;
  /** 'Try again' (RETRY); without it there is no retry button */
  retry?: string;
}

export interface RetryNoticeProps {
  labels: RetryNoticeLabels;
  onRetry(): void;
  /** Inside a bubble the message takes the bubble's error style. */
  className?: string;
}

/**
 * A failure the visitor can do something about, announced: what failed and 'Try again'. Shown in
 * place of a feature whose chunk failed to load, or of a campaign's conversation that did not
 * start, while the rest of the widget keeps working.
 */
export function RetryNotice({ labels, onRetry, className = 'chunk-error' }: RetryNoticeProps) {
  return (
    <p className={className} role="alert">
      {labels.failed}{' '}
      {labels.retry && (
        <button type="button" className="link-button" onClick={onRetry}>
          {labels.retry}
        </button>
      )}
    </p>
  );
}
