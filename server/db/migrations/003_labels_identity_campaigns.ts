/**
 * 003 — account labels and the labels on conversations (by title, as Chatwoot's tag list shows
 * them), the campaign a conversation came from, and the indexes identity lookups use
 * (contact by identifier, contact-inboxes of a contact). Portable schema builder only.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

type Table = CreateTableBuilder<string, string>;

function withId(db: Kysely<unknown>, table: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const labelsIdentityCampaigns: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('labels') as Table)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('color', 'varchar(20)', (c) => c.notNull().defaultTo('#1f93ff'))
      .addColumn('show_on_sidebar', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('labels_account_title', ['account_id', 'title'])
      .execute();

    await withId(db, db.schema.createTable('conversation_labels') as Table)
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('conversation_labels_conversation_title', ['conversation_id', 'title'])
      .execute();

    await db.schema.alterTable('conversations').addColumn('campaign_id', 'integer').execute();
    await db.schema.createIndex('contacts_account_identifier').on('contacts').columns(['account_id', 'identifier']).execute();
    await db.schema.createIndex('contact_inboxes_contact').on('contact_inboxes').columns(['contact_id', 'inbox_id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('contact_inboxes_contact').ifExists().execute();
    await db.schema.dropIndex('contacts_account_identifier').ifExists().execute();
    await db.schema.alterTable('conversations').dropColumn('campaign_id').execute();
    await db.schema.dropTable('conversation_labels').ifExists().execute();
    await db.schema.dropTable('labels').ifExists().execute();
  },
};
