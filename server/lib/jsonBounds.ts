/**
 * Bounds on the shape of any JSON the server accepts or reads back: nesting depth, entries per
 * object or array, and string length. Within the 1 MB body limit a visitor could otherwise store
 * a value nested thousands deep that every later `JSON.stringify` of it (an agent's conversation
 * list, a broadcast) overflows the stack on. No string or key may hold a NUL either, which no
 * database text can store (`storable.ts`).
 */
import { hasNul, NUL_IN_TEXT } from './storable';

/**
 * The largest JSON body either server reads. Multipart uploads are not buffered: the upload
 * reader streams them to disk and enforces MAX_UPLOAD_MB per file and MAX_UPLOAD_MB × 15 (+ 1 MB)
 * per request.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const JSON_BOUNDS = {
  /** The deepest legitimate body (an agent's form message) nests about six levels. */
  maxDepth: 32,
  /** Keys of one object or items of one array. */
  maxEntries: 1000,
  /** Characters of one string or key: the longest message content the API accepts. */
  maxStringLength: 150_000,
} as const;

/** What is wrong with `value`'s shape, or null when it is within `JSON_BOUNDS`. Never recurses. */
export function jsonBoundsViolation(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node === 'string') {
      const violation = stringViolation(node);
      if (violation) return violation;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth > JSON_BOUNDS.maxDepth) return `JSON is nested too deeply (maximum depth is ${JSON_BOUNDS.maxDepth})`;
    const entries = Array.isArray(node) ? node.map((item) => ['', item] as const) : Object.entries(node);
    if (entries.length > JSON_BOUNDS.maxEntries) return `An object or array has too many entries (maximum is ${JSON_BOUNDS.maxEntries})`;
    for (const [key, item] of entries) {
      const violation = stringViolation(key);
      if (violation) return violation;
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

function stringViolation(text: string): string | null {
  if (text.length > JSON_BOUNDS.maxStringLength) return `A string is too long (maximum is ${JSON_BOUNDS.maxStringLength} characters)`;
  return hasNul(text) ? NUL_IN_TEXT : null;
}
