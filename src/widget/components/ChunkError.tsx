export interface ChunkErrorLabels {
  /** 'Part of the chat failed to load.' (CHUNK_ERROR) */
  failed: string;
  /** 'Try again' (RETRY); without it there is no retry button */
  retry?: string;
}

export interface ChunkErrorProps {
  labels: ChunkErrorLabels;
  onRetry(): void;
  /** Inside a bubble the message takes the bubble's error style. */
  className?: string;
}

/**
 * Shown in place of a feature whose chunk failed to load: the visitor learns why, and can
 * load it again, while the rest of the widget keeps working.
 */
export function ChunkError({ labels, onRetry, className = 'chunk-error' }: ChunkErrorProps) {
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
