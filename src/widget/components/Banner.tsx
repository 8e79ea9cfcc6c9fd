/** The alert banner under the header (docs/behaviour.md#screens): announced, and gone after 3 s by its owner. */
export function Banner({ message, type }: { message: string; type: 'error' | 'success' }) {
  return (
    <div className={`banner banner--${type}`} role={type === 'error' ? 'alert' : 'status'}>
      {message}
    </div>
  );
}
