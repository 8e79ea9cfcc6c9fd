/**
 * 008 — what a site owner controls per inbox beyond Chatwoot's settings (docs/behaviour.md#consent,
 * #away-mode, #file-rules): the consent text by locale and the privacy policy it links to, what
 * visitors get while the team is away (`chat` as before, an `email_form`, or `hide_launcher`),
 * and the rules for the files visitors send. Every existing inbox keeps today's behaviour: no
 * consent text of its own (the widget's default in the visitor's language), `chat`, and the
 * file rules `{}` (today's list of types, up to the server's `MAX_UPLOAD_MB`). Portable schema
 * builder only.
 */
import type { Kysely } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

const COLUMNS = ['consent_text', 'privacy_policy_url', 'away_mode', 'file_rules'] as const;

export const siteOwnerControls: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('inboxes')
      .addColumn('consent_text', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable('inboxes').addColumn('privacy_policy_url', 'text').execute();
    await db.schema
      .alterTable('inboxes')
      .addColumn('away_mode', 'text', (c) => c.notNull().defaultTo('chat'))
      .execute();
    await db.schema
      .alterTable('inboxes')
      .addColumn('file_rules', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('inboxes').dropColumn(column).execute();
  },
};
