/**
 * Column codecs shared by the repositories: JSON text and 0/1 flags (see `db/schema.ts`).
 */
import { jsonBoundsViolation } from '../lib/jsonBounds';

/** Serialises a value for a JSON text column. */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/**
 * Parses a JSON text column, falling back when the stored text is unreadable or beyond
 * `JSON_BOUNDS` (written before the bounds, or by hand): a read never fails on what was stored.
 */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  return value == null || jsonBoundsViolation(value) ? fallback : (value as T);
}

/** A boolean as a 0/1 flag column. */
export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

/** A 0/1 flag column as a boolean. */
export function fromFlag(value: number | null | undefined): boolean {
  return value === 1;
}
