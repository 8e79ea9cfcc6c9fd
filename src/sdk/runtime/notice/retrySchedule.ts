/** The wait before the first attempt after a failure; each further failure doubles it, up to {@link RETRY_MAX_MS}. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** How long to wait after the `failures`-th failure in a row: 2 s, 4 s, 8 s, 16 s, then 30 s. */
export const retryDelay = (failures: number): number => Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);

export interface Retry {
  /** An attempt failed: the next is due after {@link retryDelay}, or at once when the browser is back online. */
  failed(): void;
  /** No attempt is due any more, and the next failure waits the first wait again. */
  stop(): void;
}

/**
 * Tries `attempt` again after each failure, on the schedule above (docs/behaviour.md#chat-unavailable):
 * a server that is restarting answers within seconds, one that is down for long is asked at most
 * twice a minute, and a visitor whose connection comes back (`online`) does not wait at all.
 */
export function createRetry(attempt: () => void): Retry {
  let failures = 0;
  let cancel: (() => void) | undefined;
  const cancelDue = () => {
    cancel?.();
    cancel = undefined;
  };
  return {
    failed() {
      cancelDue();
      const now = () => {
        cancelDue();
        attempt();
      };
      const timer = setTimeout(now, retryDelay(++failures));
      addEventListener('online', now);
      cancel = () => {
        clearTimeout(timer);
        removeEventListener('online', now);
      };
    },
    stop() {
      cancelDue();
      failures = 0;
    },
  };
}
