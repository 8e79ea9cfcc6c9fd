/**
 * A random id for optimistic messages. `crypto.randomUUID` exists only in secure contexts,
 * and a widget served over plain http on an intranet is not one.
 */
export function uniqueId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
