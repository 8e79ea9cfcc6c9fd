/**
 * 005 — the help centre: an account's portals (slug unique across the server, because public
 * URLs `/hc/{slug}/…` carry no account) and their articles (slug unique within a portal).
 * `inboxes.portal_id` (001) points at a portal; the Application API checks it, as SQLite cannot
 * add a foreign key to an existing column. Portable schema builder only.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

type Table = CreateTableBuilder<string, string>;

function withId(db: Kysely<unknown>, table: Table): Table {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const helpCentre: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('portals') as Table)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('custom_domain', 'varchar(255)', (c) => c.unique())
      .addColumn('color', 'varchar(20)')
      .addColumn('homepage_link', 'text')
      .addColumn('page_title', 'varchar(255)')
      .addColumn('header_text', 'text')
      // {allowed_locales: string[], default_locale: string}
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channel_web_widget_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('portals_account').on('portals').column('account_id').execute();

    await withId(db, db.schema.createTable('articles') as Table)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('category_id', 'integer')
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('slug', 'varchar(255)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      // 0 draft, 1 published, 2 archived (Chatwoot's enum)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locale', 'varchar(20)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      // {title?, description?, tags?: string[]}
      .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('articles_portal_slug', ['portal_id', 'slug'])
      .execute();
    // The public list: one portal's published articles in one locale, by views or position.
    await db.schema.createIndex('articles_portal_locale_status').on('articles').columns(['portal_id', 'locale', 'status']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('articles_portal_locale_status').ifExists().execute();
    await db.schema.dropTable('articles').ifExists().execute();
    await db.schema.dropIndex('portals_account').ifExists().execute();
    await db.schema.dropTable('portals').ifExists().execute();
  },
};
