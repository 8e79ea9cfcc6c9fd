/**
 * 004 — every agent gets a pubsub token of their own, as Chatwoot's users have: the agent
 * console subscribes to the cable with it (docs/protocol.md#agents-on-the-cable). Existing
 * agents are given one here; new ones get theirs when created. Schema builder only.
 */
import type { Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';
import { randomToken } from '../../lib/random';

interface UsersBefore {
  users: { id: number; pubsub_token: string };
}

export const agentPubsubTokens: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('pubsub_token', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    const typed = db as unknown as Kysely<UsersBefore>;
    for (const { id } of await typed.selectFrom('users').select('id').execute()) {
      await typed
        .updateTable('users')
        .set({ pubsub_token: randomToken(24) })
        .where('id', '=', id)
        .execute();
    }
    await db.schema.createIndex('users_pubsub_token').on('users').column('pubsub_token').unique().execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_pubsub_token').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('pubsub_token').execute();
  },
};
