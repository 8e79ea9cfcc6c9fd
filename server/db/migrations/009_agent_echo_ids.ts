/**
 * 009 — a message's `echo_id` is the visitor's own (docs/protocol.md#messages): the widget's key
 * for a send it may retry, looked up only among that visitor's messages of the conversation. An
 * agent's or a bot's `echo_id` (the Application API's) moves to `agent_echo_id`, with its own
 * unique key per conversation, so a visitor sending an agent's `echo_id` (a private note's) meets
 * nothing of theirs and gets their own message stored. The unique (conversation, echo_id) key of
 * 001 then holds visitors' sends alone. Portable: a column, an update and an index.
 */
import { type Kysely, sql } from 'kysely';
import type { ReversibleMigration } from './reversibleMigration';

/** `message_type` of a visitor's message (src/shared/types.ts `MESSAGE_TYPE.incoming`). */
const INCOMING = 0;

export const agentEchoIds: ReversibleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').addColumn('agent_echo_id', 'varchar(255)').execute();
    await sql`update messages set agent_echo_id = echo_id, echo_id = null where message_type <> ${INCOMING} and echo_id is not null`.execute(
      db,
    );
    await db.schema
      .createIndex('messages_conversation_agent_echo')
      .on('messages')
      .columns(['conversation_id', 'agent_echo_id'])
      .unique()
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('messages_conversation_agent_echo').execute();
    // Back where it was, unless a visitor's message of the conversation holds the same one now.
    await sql`update messages set echo_id = agent_echo_id
      where agent_echo_id is not null
        and not exists (select 1 from messages as visitor_send
                        where visitor_send.conversation_id = messages.conversation_id and visitor_send.echo_id = messages.agent_echo_id)`.execute(
      db,
    );
    await db.schema.alterTable('messages').dropColumn('agent_echo_id').execute();
  },
};
