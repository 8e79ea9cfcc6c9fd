/**
 * Opens the database through Kysely: SQLite (better-sqlite3) by default, PostgreSQL (pg's Pool)
 * when DATABASE_URL is set (docs/architecture.md#modes). Both speak through the same query layer;
 * what differs between the engines is kept here: how a connection is opened, how a unique
 * violation looks, and how concurrent writers are kept in line.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { SILENT_LOGGER, type Logger } from '../observability/logger';
import { initial } from './migrations/001_initial';
import { attachmentsCsat } from './migrations/002_attachments_csat';
import { labelsIdentityCampaigns } from './migrations/003_labels_identity_campaigns';
import { agentPubsubTokens } from './migrations/004_agent_pubsub_tokens';
import { helpCentre } from './migrations/005_help_centre';
import { emailCollect } from './migrations/006_email_collect';
import { agentAutoOffline } from './migrations/007_agent_auto_offline';
import { siteOwnerControls } from './migrations/008_site_owner_controls';
import { agentEchoIds } from './migrations/009_agent_echo_ids';
import type { ReversibleMigration } from './migrations/reversibleMigration';
import type { Database } from './schema';
import { cachingStatements } from './statementCache';

/** The typed database handle every repository takes. */
export type Db = Kysely<Database>;

export type Engine = 'sqlite' | 'postgres';

/** Which engine `db` (or a transaction of it) runs on. */
export function engineOf(db: Kysely<unknown> | Kysely<Database>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Whether `error` is a unique-constraint violation, for SQLite and PostgreSQL alike: callers
 * let the constraint settle a race (a retried send, a duplicate label) and read what won.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * The database file holds every conversation, the secret key and the tokens: readable by its
 * owner only (0600), in a folder created 0700. SQLite gives its `-wal` and `-shm` files the
 * database's own mode; files an earlier version left open to others are closed now.
 */
function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/** Opens (creating the folder if needed) the SQLite database at `path`, or a private in-memory one. */
export function createDatabase(path: string): Db {
  if (path !== ':memory:') ownerOnly(path);
  const sqlite = new SQLite(path);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  if (path !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
}

const INT8_OID = 20;

/**
 * pg answers `bigint` columns (the millisecond timestamps) and `count(*)` as strings, since
 * they may exceed 2^53; ours never do, and the repositories expect numbers as SQLite gives them.
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Opens a pool of `poolSize` connections to the PostgreSQL database at `url` (`postgres://…`). */
export function createPostgresDatabase(url: string, poolSize = 10, logger: Logger = SILENT_LOGGER): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: TYPES, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server (a restart, a failover) is dropped and replaced on
  // the next query; without a listener the error would end the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'postgres: idle connection lost'));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else SQLite at DATABASE_PATH. */
export function openDatabase(config: { databaseUrl?: string; databasePath: string; databasePoolSize?: number }, logger?: Logger): Db {
  return config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl, config.databasePoolSize, logger)
    : createDatabase(config.databasePath);
}

/** A 64-bit lock key for `name` (PostgreSQL advisory locks take a bigint). */
function lockKey(name: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(name)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return BigInt.asIntN(64, hash);
}

/**
 * Runs `task` so that no other writer holding the same `name` runs at the same time, on any
 * process: on PostgreSQL inside a transaction that holds the advisory lock `name` until it
 * commits (joining the caller's transaction when `db` is one); on SQLite as it is, since
 * SQLite has one writer and each statement is atomic.
 *
 * For numbering rows after the highest one (display ids): under PostgreSQL's read committed,
 * two inserts computing `max() + 1` at once would pick the same number. The lock is only held
 * for the insert, and the next holder's statement sees the row the previous one committed.
 */
export async function serialized<T>(db: Db, name: string, task: (db: Db) => Promise<T>): Promise<T> {
  if (engineOf(db) !== 'postgres') return task(db);
  const locked = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(${lockKey(name).toString()}::bigint)`.execute(trx);
    return task(trx);
  };
  return db.isTransaction ? locked(db) : db.transaction().execute(locked);
}

/**
 * After rows were inserted with explicit ids (the seed's account, inbox and agent 1), moves
 * PostgreSQL's id sequence of `table` past them, so the next generated id does not collide.
 * SQLite's AUTOINCREMENT follows explicit ids by itself.
 */
export async function syncIdSequence(db: Db, table: 'accounts' | 'inboxes' | 'users'): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

// Listed in code rather than read from a folder so the esbuild bundle carries them too.
const MIGRATIONS: Record<string, ReversibleMigration> = {
  '001_initial': initial,
  '002_attachments_csat': attachmentsCsat,
  '003_labels_identity_campaigns': labelsIdentityCampaigns,
  '004_agent_pubsub_tokens': agentPubsubTokens,
  '005_help_centre': helpCentre,
  '006_email_collect': emailCollect,
  '007_agent_auto_offline': agentAutoOffline,
  '008_site_owner_controls': siteOwnerControls,
  '009_agent_echo_ids': agentEchoIds,
};

/** Kysely's migrator over this schema's migrations, oldest first. */
export const createMigrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });

/**
 * Applies every pending migration; throws with the failing migration's error. Several processes
 * starting at once are safe: Kysely's migrator takes a lock (on PostgreSQL an advisory lock).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
