import type { Migration } from 'kysely';

/**
 * A migration that can be undone: every one has a `down`, so a release rolled back takes its
 * schema changes with it (tests/server/migrations.test.ts runs each down and up again, on
 * SQLite and on PostgreSQL).
 */
export type ReversibleMigration = Required<Migration>;
