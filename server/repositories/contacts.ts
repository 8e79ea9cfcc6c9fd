/**
 * Contacts (visitors) and contact-inboxes (a contact's identity in one inbox: the `source_id`
 * the JWT names and the `pubsub_token` the cable subscribes with).
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ContactInboxesTable, ContactsTable } from '../db/schema';
import { fromFlag, fromJson, toFlag, toJson } from './codec';

export interface Contact extends Omit<Selectable<ContactsTable>, 'additional_attributes' | 'custom_attributes' | 'blocked'> {
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  blocked: boolean;
}

export interface ContactInbox extends Omit<Selectable<ContactInboxesTable>, 'hmac_verified'> {
  hmac_verified: boolean;
}

export type ContactChanges = Partial<
  Pick<
    Contact,
    | 'name'
    | 'email'
    | 'phone_number'
    | 'identifier'
    | 'avatar_url'
    | 'additional_attributes'
    | 'custom_attributes'
    | 'blocked'
    | 'last_activity_at'
  >
>;

function toContact(row: Selectable<ContactsTable>): Contact {
  return {
    ...row,
    additional_attributes: fromJson(row.additional_attributes, {}),
    custom_attributes: fromJson(row.custom_attributes, {}),
    blocked: fromFlag(row.blocked),
  };
}

const toContactInbox = (row: Selectable<ContactInboxesTable>): ContactInbox => ({ ...row, hmac_verified: fromFlag(row.hmac_verified) });

function toRow(changes: ContactChanges) {
  const { additional_attributes, custom_attributes, blocked, ...plain } = changes;
  return {
    ...plain,
    ...(additional_attributes && { additional_attributes: toJson(additional_attributes) }),
    ...(custom_attributes && { custom_attributes: toJson(custom_attributes) }),
    ...(blocked !== undefined && { blocked: toFlag(blocked) }),
  };
}

/** Creates a contact in the account. */
export async function createContact(db: Db, accountId: number, values: ContactChanges & { name: string }): Promise<Contact> {
  const now = Date.now();
  const row = await db
    .insertInto('contacts')
    .values({
      additional_attributes: '{}',
      custom_attributes: '{}',
      ...toRow(values),
      account_id: accountId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContact(row);
}

/** The contact with this id. */
export async function findContact(db: Db, id: number): Promise<Contact | undefined> {
  const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toContact(row);
}

/** The contacts with these ids (any order). */
export async function findContacts(db: Db, ids: number[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toContact);
}

/** Applies `changes` and returns the updated contact. */
export async function updateContact(db: Db, id: number, changes: ContactChanges): Promise<Contact> {
  const row = await db
    .updateTable('contacts')
    .set({ ...toRow(changes), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContact(row);
}

/**
 * The account's oldest other contact with this identifier that is known to be its owner: one a
 * visitor proved (it has an HMAC-verified contact-inbox) or one no visitor ever claimed (made
 * through the API). A contact that only claimed the identifier without proof is never found.
 */
export async function findProvenContact(db: Db, accountId: number, exceptId: number, identifier: string): Promise<Contact | undefined> {
  const row = await db
    .selectFrom('contacts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '!=', exceptId)
    .where('identifier', '=', identifier)
    .where((eb) => {
      const contactInboxes = () =>
        eb.selectFrom('contact_inboxes').select('contact_inboxes.id').whereRef('contact_inboxes.contact_id', '=', 'contacts.id');
      return eb.or([eb.exists(contactInboxes().where('contact_inboxes.hmac_verified', '=', 1)), eb.not(eb.exists(contactInboxes()))]);
    })
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && toContact(row);
}

/**
 * Contacts of the account whose name, email or phone contains `q` (case-insensitive), or
 * whose identifier contains it; newest activity first.
 */
export async function searchContacts(
  db: Db,
  accountId: number,
  q: string,
  page: number,
  perPage: number,
): Promise<{ contacts: Contact[]; count: number }> {
  // LIKE wildcards in the user's text are matched literally.
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const base = db
    .selectFrom('contacts')
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(email) like ${pattern} escape '\\'`,
        sql<boolean>`lower(phone_number) like ${pattern} escape '\\'`,
        sql<boolean>`lower(identifier) like ${pattern} escape '\\'`,
      ]),
    );
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    // Contacts who never wrote come last on both engines (PostgreSQL sorts nulls first in desc).
    .orderBy('last_activity_at', (ob) => ob.desc().nullsLast())
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { contacts: rows.map(toContact), count: Number(count) };
}

/** Creates the contact's identity in an inbox. */
export async function createContactInbox(
  db: Db,
  values: { contact_id: number; inbox_id: number; source_id: string; pubsub_token: string },
): Promise<ContactInbox> {
  const now = Date.now();
  const row = await db
    .insertInto('contact_inboxes')
    .values({ ...values, hmac_verified: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactInbox(row);
}

/** The contact-inbox of `inboxId` with this `source_id` (the JWT's subject). */
export async function findContactInboxBySource(db: Db, inboxId: number, sourceId: string): Promise<ContactInbox | undefined> {
  const row = await db
    .selectFrom('contact_inboxes')
    .selectAll()
    .where('inbox_id', '=', inboxId)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row && toContactInbox(row);
}

/** The contact-inbox with this id. */
export async function findContactInbox(db: Db, id: number): Promise<ContactInbox | undefined> {
  const row = await db.selectFrom('contact_inboxes').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toContactInbox(row);
}

/** Records that the contact-inbox's identity was proven with a valid identifier hash. */
export async function markHmacVerified(db: Db, id: number): Promise<ContactInbox> {
  const row = await db
    .updateTable('contact_inboxes')
    .set({ hmac_verified: 1, updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactInbox(row);
}

/**
 * The cable tokens an event for this contact-inbox goes to (docs/protocol.md#events): its own, or for an
 * HMAC-verified one, every verified contact-inbox of the same contact in the inbox.
 */
export async function audienceTokens(db: Db, contactInbox: ContactInbox): Promise<string[]> {
  if (!contactInbox.hmac_verified) return [contactInbox.pubsub_token];
  const rows = await db
    .selectFrom('contact_inboxes')
    .select('pubsub_token')
    .where('contact_id', '=', contactInbox.contact_id)
    .where('inbox_id', '=', contactInbox.inbox_id)
    .where('hmac_verified', '=', 1)
    .execute();
  const tokens = rows.map((r) => r.pubsub_token);
  return tokens.includes(contactInbox.pubsub_token) ? tokens : [contactInbox.pubsub_token, ...tokens];
}

/** The contact-inbox owning this cable `pubsub_token`. */
export async function findContactInboxByPubsubToken(db: Db, token: string): Promise<ContactInbox | undefined> {
  const row = await db.selectFrom('contact_inboxes').selectAll().where('pubsub_token', '=', token).executeTakeFirst();
  return row && toContactInbox(row);
}
