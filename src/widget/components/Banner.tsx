type Notice = { message: string; type: 'error' | 'success' };

/**
 * The alert banner under the header (docs/behaviour.md#screens): announced, and gone after 3 s by
 * its owner. Its live regions stay on the page, empty between notices: screen readers speak a
 * region's changes, not a region that arrives with its text already in it.
 */
export function Banner({ notice }: { notice: Notice | null }) {
  const shown = (type: Notice['type']) => notice?.type === type && <div className={`banner banner--${type}`}>{notice.message}</div>;
  return (
    <>
      <div role="alert">{shown('error')}</div>
      <div role="status">{shown('success')}</div>
    </>
  );
}
