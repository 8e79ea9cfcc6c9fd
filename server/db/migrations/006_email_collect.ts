/**
 * 006 — reaching visitors the team could not answer live (docs/behaviour.md#away-visitors):
 * Chatwoot's inbox settings `enable_email_collect` (ask an away visitor for an e-mail after their
 * first message) and `continuity_via_email` (e-mail an agent's reply to a visitor who is no
 * longer on the site). Both on by default, as in Chatwoot. Portable schema builder only.
 */
import type { Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

export const emailCollect: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('inboxes')
      .addColumn('enable_email_collect', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('inboxes')
      .addColumn('continuity_via_email', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('inboxes').dropColumn('continuity_via_email').execute();
    await db.schema.alterTable('inboxes').dropColumn('enable_email_collect').execute();
  },
};
