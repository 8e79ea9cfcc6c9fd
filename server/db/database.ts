/**
 * Opens the SQLite database through Kysely. `:memory:` gives tests a private database.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import { initial } from './migrations/001_initial';
import { attachmentsCsat } from './migrations/002_attachments_csat';
import { labelsIdentityCampaigns } from './migrations/003_labels_identity_campaigns';
import { agentPubsubTokens } from './migrations/004_agent_pubsub_tokens';
import { helpCentre } from './migrations/005_help_centre';
import { emailCollect } from './migrations/006_email_collect';
import type { Database } from './schema';

/** The typed database handle every repository takes. */
export type Db = Kysely<Database>;

/**
 * Whether `error` is a unique-constraint violation, for SQLite and PostgreSQL alike: callers
 * let the constraint settle a race (a retried send, a duplicate label) and read what won.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Opens (creating the folder if needed) the database at `path`, or a private in-memory one. */
export function createDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  if (path !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

// Listed in code rather than read from a folder so the esbuild bundle carries them too.
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_attachments_csat': attachmentsCsat,
  '003_labels_identity_campaigns': labelsIdentityCampaigns,
  '004_agent_pubsub_tokens': agentPubsubTokens,
  '005_help_centre': helpCentre,
  '006_email_collect': emailCollect,
};

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
