/**
 * The `settings` key/value table: secrets generated once on first start.
 */
import type { Db } from '../db/database';

/** The stored value for `key`, if any. */
export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `key`, replacing any previous value. */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Returns the configured value when given (and remembers it), else the stored one, else
 * creates one with `generate` and stores it: "generated once, stored".
 */
export async function resolveSetting(db: Db, key: string, configured: string | undefined, generate: () => string): Promise<string> {
  if (configured) {
    await setSetting(db, key, configured);
    return configured;
  }
  const stored = await getSetting(db, key);
  if (stored) return stored;
  const value = generate();
  await setSetting(db, key, value);
  return value;
}
