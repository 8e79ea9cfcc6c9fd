/**
 * 007 — Chatwoot's "auto offline" for each agent (docs/protocol.md#presence): on, an agent is
 * offline for visitors once they stop showing signs of life; off, the status they chose holds
 * whether or not they are there. On for every agent already stored, as before; the seed turns it
 * off for the demo agent of a new install (server/seed.ts). Portable schema builder only.
 */
import type { Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

export const agentAutoOffline: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('auto_offline', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('auto_offline').execute();
  },
};
