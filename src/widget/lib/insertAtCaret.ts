/**
 * Puts `insert` in place of the selection `[start, end)` of `value` (or at the caret when they
 * are equal) and says where the caret goes after it.
 */
export function insertAtCaret(value: string, start: number, end: number, insert: string): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length };
}
