/**
 * 002 — stored uploads are looked up by their storage key when served; CSAT answers get their
 * own table (one per survey message); the visitor's typing state is kept on the conversation
 * for agent views. Schema builder only, so it runs on SQLite and PostgreSQL alike.
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

export const attachmentsCsat: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // Unique but nullable: location and shared-URL attachments have no stored file.
    await db.schema.createIndex('attachments_storage_key').on('attachments').column('storage_key').unique().execute();

    let table = db.schema.createTable('csat_survey_responses');
    table = postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    await table
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('message_id', 'integer', (c) => c.notNull().unique().references('messages.id').onDelete('cascade'))
      .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
      .addColumn('assigned_agent_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('feedback_message', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('csat_survey_responses_account').on('csat_survey_responses').columns(['account_id', 'id']).execute();

    await db.schema.alterTable('conversations').addColumn('contact_typing_at', 'bigint').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('conversations').dropColumn('contact_typing_at').execute();
    await db.schema.dropTable('csat_survey_responses').ifExists().execute();
    await db.schema.dropIndex('attachments_storage_key').ifExists().execute();
  },
};
