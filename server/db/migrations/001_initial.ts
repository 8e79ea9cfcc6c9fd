/**
 * 001 — the walking-skeleton schema. Written with the schema builder only, so the same file
 * runs on SQLite and PostgreSQL; see `schema.ts` for the column conventions.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

// Column names are tracked only for constraints; `string` keeps the helpers composable.
type Table = CreateTableBuilder<string, string>;

/** Ids are never reused (a message id is a paging cursor), hence AUTOINCREMENT on SQLite. */
function withId(db: Kysely<unknown>, table: Table): Table {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return postgres
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function withTimestamps(table: Table): Table {
  return table.addColumn('created_at', 'bigint', (c) => c.notNull()).addColumn('updated_at', 'bigint', (c) => c.notNull());
}

const TABLES = [
  'events',
  'campaigns',
  'attachments',
  'messages',
  'conversations',
  'contact_inboxes',
  'contacts',
  'inbox_members',
  'inboxes',
  'account_users',
  'users',
  'accounts',
  'settings',
];

export const initial: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    const table = (name: string) => withId(db, db.schema.createTable(name) as Table);
    const json = (t: Table, name: string, fallback: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback));
    const flag = (t: Table, name: string, fallback: 0 | 1) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(fallback));
    // SQLite's `real` is eight bytes; PostgreSQL's is four, which would round a coordinate to metres.
    const float = db.getExecutor().adapter instanceof PostgresAdapter ? 'double precision' : 'real';

    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    let t = table('accounts')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('en'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'));
    await withTimestamps(json(t, 'feature_flags', '[]')).execute();

    t = table('users')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(255)')
      .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('avatar_url', 'text')
      .addColumn('access_token', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('availability', 'varchar(10)', (c) => c.notNull().defaultTo('offline'));
    await withTimestamps(t).execute();

    await table('account_users')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('agent'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('account_users_account_user', ['account_id', 'user_id'])
      .execute();

    t = table('inboxes')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('channel_type', 'varchar(40)', (c) => c.notNull().defaultTo('Channel::WebWidget'))
      .addColumn('website_token', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('website_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar_url', 'text')
      .addColumn('widget_color', 'varchar(20)', (c) => c.notNull().defaultTo('#1f93ff'))
      .addColumn('welcome_title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('welcome_tagline', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('reply_time', 'varchar(20)', (c) => c.notNull().defaultTo('in_a_few_minutes'))
      .addColumn('hmac_token', 'varchar(128)', (c) => c.notNull())
      .addColumn('allowed_domains', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('out_of_office_message', 'text')
      .addColumn('greeting_message', 'text')
      .addColumn('portal_id', 'integer');
    t = json(json(json(json(t, 'feature_flags', '[]'), 'pre_chat_form_options', '{}'), 'working_hours', '[]'), 'csat_config', '{}');
    for (const [name, fallback] of [
      ['pre_chat_form_enabled', 0],
      ['hmac_mandatory', 0],
      ['working_hours_enabled', 0],
      ['csat_survey_enabled', 0],
      ['allow_messages_after_resolved', 1],
      ['greeting_enabled', 0],
    ] as const) {
      t = flag(t, name, fallback);
    }
    await withTimestamps(t).execute();

    await table('inbox_members')
      .addColumn('inbox_id', 'integer', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('inbox_members_inbox_user', ['inbox_id', 'user_id'])
      .execute();

    t = table('contacts')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(255)')
      .addColumn('phone_number', 'varchar(32)')
      .addColumn('identifier', 'varchar(255)')
      .addColumn('avatar_url', 'text')
      .addColumn('last_activity_at', 'bigint');
    t = flag(json(json(t, 'additional_attributes', '{}'), 'custom_attributes', '{}'), 'blocked', 0);
    await withTimestamps(t).execute();
    await db.schema.createIndex('contacts_account_email').on('contacts').columns(['account_id', 'email']).execute();

    t = table('contact_inboxes')
      .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
      .addColumn('inbox_id', 'integer', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
      .addColumn('source_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('pubsub_token', 'varchar(64)', (c) => c.notNull().unique())
      .addUniqueConstraint('contact_inboxes_inbox_source', ['inbox_id', 'source_id']);
    await withTimestamps(flag(t, 'hmac_verified', 0)).execute();

    t = table('conversations')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('inbox_id', 'integer', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
      .addColumn('display_id', 'integer', (c) => c.notNull())
      .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
      .addColumn('contact_inbox_id', 'integer', (c) => c.notNull().references('contact_inboxes.id').onDelete('cascade'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
      .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('priority', 'varchar(10)')
      .addColumn('contact_last_seen_at', 'bigint')
      .addColumn('agent_last_seen_at', 'bigint')
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
      .addColumn('snoozed_until', 'bigint')
      .addUniqueConstraint('conversations_account_display', ['account_id', 'display_id']);
    await withTimestamps(json(json(t, 'custom_attributes', '{}'), 'additional_attributes', '{}')).execute();
    await db.schema.createIndex('conversations_contact_inbox').on('conversations').columns(['contact_inbox_id', 'id']).execute();
    await db.schema.createIndex('conversations_account_status').on('conversations').columns(['account_id', 'status']).execute();

    t = table('messages')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('inbox_id', 'integer', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
      .addColumn('message_type', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'varchar(30)', (c) => c.notNull().defaultTo('text'))
      .addColumn('content', 'text')
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('sent'))
      .addColumn('source_id', 'varchar(255)')
      .addColumn('echo_id', 'varchar(255)')
      .addColumn('sender_type', 'varchar(20)')
      .addColumn('sender_id', 'integer')
      // A retried send carries the same echo_id; the constraint is the last line of defence.
      .addUniqueConstraint('messages_conversation_echo', ['conversation_id', 'echo_id']);
    t = flag(json(json(t, 'content_attributes', '{}'), 'additional_attributes', '{}'), 'private', 0);
    await withTimestamps(t).execute();
    await db.schema.createIndex('messages_conversation_id').on('messages').columns(['conversation_id', 'id']).execute();

    await table('attachments')
      .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
      .addColumn('account_id', 'integer', (c) => c.notNull())
      .addColumn('file_type', 'varchar(20)', (c) => c.notNull().defaultTo('file'))
      .addColumn('extension', 'varchar(20)')
      .addColumn('content_type', 'varchar(255)')
      .addColumn('file_name', 'varchar(255)')
      .addColumn('file_size', 'bigint')
      .addColumn('storage_key', 'varchar(255)')
      .addColumn('external_url', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('coordinates_lat', float)
      .addColumn('coordinates_long', float)
      .addColumn('fallback_title', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('attachments_message').on('attachments').column('message_id').execute();

    t = table('campaigns')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('display_id', 'integer', (c) => c.notNull())
      .addColumn('inbox_id', 'integer', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
      .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addUniqueConstraint('campaigns_account_display', ['account_id', 'display_id']);
    t = json(flag(flag(t, 'enabled', 1), 'trigger_only_during_business_hours', 0), 'trigger_rules', '{}');
    await withTimestamps(t).execute();

    t = table('events')
      .addColumn('account_id', 'integer', (c) => c.notNull())
      .addColumn('inbox_id', 'integer', (c) => c.notNull())
      .addColumn('contact_inbox_id', 'integer')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull());
    await json(t, 'event_info', '{}').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const name of TABLES) await db.schema.dropTable(name).ifExists().execute();
  },
};
