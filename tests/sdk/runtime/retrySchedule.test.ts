// @vitest-environment happy-dom
import { createRetry, RETRY_MAX_MS, retryDelay } from '../../../src/sdk/runtime/notice/retrySchedule';

describe('when the notice loads the chat again', () => {
  it('waits 2 s after the first failure, doubling after each next, never over 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  describe('the attempts', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const setup = () => {
      const attempt = vi.fn();
      return { attempt, retry: createRetry(attempt) };
    };

    it('come one per failure, each after its wait', () => {
      const { attempt, retry } = setup();
      retry.failed();
      vi.advanceTimersByTime(1_999);
      expect(attempt).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(attempt).toHaveBeenCalledOnce();
      // No failure reported: no further attempt.
      vi.advanceTimersByTime(RETRY_MAX_MS * 2);
      expect(attempt).toHaveBeenCalledOnce();
      retry.failed();
      vi.advanceTimersByTime(3_999);
      expect(attempt).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(1);
      expect(attempt).toHaveBeenCalledTimes(2);
    });

    it('comes at once when the browser is back online, and only once', () => {
      const { attempt, retry } = setup();
      retry.failed();
      dispatchEvent(new Event('online'));
      expect(attempt).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(RETRY_MAX_MS);
      dispatchEvent(new Event('online'));
      expect(attempt).toHaveBeenCalledOnce();
    });

    it('stops, and starts again from the first wait', () => {
      const { attempt, retry } = setup();
      for (let failure = 0; failure < 4; failure++) {
        retry.failed();
        vi.advanceTimersByTime(RETRY_MAX_MS);
      }
      expect(attempt).toHaveBeenCalledTimes(4);
      retry.failed();
      retry.stop();
      vi.advanceTimersByTime(RETRY_MAX_MS);
      dispatchEvent(new Event('online'));
      expect(attempt).toHaveBeenCalledTimes(4);
      retry.failed();
      vi.advanceTimersByTime(2_000);
      expect(attempt).toHaveBeenCalledTimes(5);
    });
  });
});
