/**
 * Column codecs shared by the repositories: JSON text and 0/1 flags (see `db/schema.ts`).
 */

/** Serialises a value for a JSON text column. */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** Parses a JSON text column, falling back when the stored text is unreadable. */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A boolean as a 0/1 flag column. */
export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

/** A 0/1 flag column as a boolean. */
export function fromFlag(value: number | null | undefined): boolean {
  return value === 1;
}
