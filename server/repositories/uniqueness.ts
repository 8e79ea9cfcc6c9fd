/**
 * Writes a unique index settles (a portal's or an article's slug, a label's title): callers check
 * first, and the index decides the race two writers can still run between the check and the write.
 */
import { isUniqueViolation } from '../db/database';

/** The row `write` stored, or undefined when a unique index refused it. */
export async function unlessTaken<T extends object>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
