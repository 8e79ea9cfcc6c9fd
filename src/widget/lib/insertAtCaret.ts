/**
 * Puts `insert` in place of the selection `[start, end)` of `value` (or at the caret when they
 * are equal) and says where the caret goes after it. Refuses, returning undefined, when the
 * result would pass `maxLength`, as typing would.
 */
export function insertAtCaret(
  value: string,
  start: number,
  end: number,
  insert: string,
  maxLength = Infinity,
): { value: string; caret: number } | undefined {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const next = value.slice(0, from) + insert + value.slice(to);
  if (next.length > maxLength) return undefined;
  return { value: next, caret: from + insert.length };
}
