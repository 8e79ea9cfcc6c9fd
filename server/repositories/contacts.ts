/**
 * Contacts (visitors) and contact-inboxes (a contact's identity in one inbox: the `source_id`
 * the JWT names and the `pubsub_token` the cable subscribes with).
 */
import { sql, type Selectable } from 'kysely';
import { isUniqueViolation, type Db } from '../db/database';
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

/** The columns `listContacts` sorts by (Chatwoot's `sort`, `-` for descending). */
export const CONTACT_SORTS = ['name', 'email', 'phone_number', 'last_activity_at', 'created_at'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/**
 * A page of the account's contacts and how many there are in all, sorted by `sort` (empty values
 * last, whichever the direction), newest id first among equals.
 */
export async function listContacts(
  db: Db,
  accountId: number,
  options: { page: number; perPage: number; sort: ContactSort; descending: boolean },
): Promise<{ contacts: Contact[]; count: number }> {
  const base = db.selectFrom('contacts').where('account_id', '=', accountId);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const column = sql.ref(options.sort);
  // Text sorts ignore case, as a person reading the list expects; `is null` sorts empties last on both databases.
  const key = options.sort === 'name' || options.sort === 'email' ? sql`lower(${column})` : column;
  const rows = await base
    .selectAll()
    .orderBy(sql`${column} is null`)
    .orderBy(key, options.descending ? 'desc' : 'asc')
    .orderBy('id', 'desc')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
    .execute();
  return { contacts: rows.map(toContact), count: Number(count) };
}

/** Thrown inside the transaction to roll it back when another request stored the visitor first. */
class LostRace extends Error {}

/**
 * The contact-inbox of `inbox_id` with `source_id` and its contact, creating both when there are
 * none (docs/protocol.md#the-lazy-visitor): a visitor is stored at their first write, and however many of
 * their requests race to be that write, exactly one contact comes of it. The unique
 * `(inbox_id, source_id)` constraint decides, not a lock: each racer inserts its contact and
 * contact-inbox in one transaction, a loser's insert finds the winner's row (`on conflict do
 * nothing`, which on PostgreSQL waits for the winner's commit) and rolls its contact back, then
 * reads what won. Racers carry the same pubsub token too, and PostgreSQL may check that unique
 * index before the one `on conflict` names: a loser can also fail there, which ends the same way.
 * `created` says whether this call made them.
 */
export async function findOrCreateContactInbox(
  db: Db,
  values: { account_id: number; inbox_id: number; source_id: string; pubsub_token: string; name: string },
): Promise<{ contact: Contact; contactInbox: ContactInbox; created: boolean }> {
  const stored = async () => {
    const contactInbox = await findContactInboxBySource(db, values.inbox_id, values.source_id);
    const contact = contactInbox && (await findContact(db, contactInbox.contact_id));
    return contactInbox && contact ? { contact, contactInbox, created: false } : undefined;
  };
  const existing = await stored();
  if (existing) return existing;
  const made = await db
    .transaction()
    .execute(async (trx) => {
      const now = Date.now();
      const contact = await trx
        .insertInto('contacts')
        .values({
          account_id: values.account_id,
          name: values.name,
          additional_attributes: '{}',
          custom_attributes: '{}',
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const contactInbox = await trx
        .insertInto('contact_inboxes')
        .values({
          contact_id: contact.id,
          inbox_id: values.inbox_id,
          source_id: values.source_id,
          pubsub_token: values.pubsub_token,
          hmac_verified: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['inbox_id', 'source_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!contactInbox) throw new LostRace();
      return { contact: toContact(contact), contactInbox: toContactInbox(contactInbox), created: true };
    })
    .catch((error: unknown) => {
      if (error instanceof LostRace || isUniqueViolation(error)) return undefined;
      throw error;
    });
  const result = made ?? (await stored());
  if (!result) throw new Error(`contact-inbox ${values.source_id} was neither created nor found`);
  return result;
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

/** The pubsub tokens of these contacts' contact-inboxes, each with its contact's id. */
export async function pubsubTokensOfContacts(db: Db, contactIds: number[]): Promise<Map<string, number>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contact_inboxes')
    .select(['pubsub_token', 'contact_id'])
    .where('contact_id', 'in', [...new Set(contactIds)])
    .execute();
  return new Map(rows.map((r) => [r.pubsub_token, r.contact_id]));
}

/** The contact-inbox owning this cable `pubsub_token`. */
export async function findContactInboxByPubsubToken(db: Db, token: string): Promise<ContactInbox | undefined> {
  const row = await db.selectFrom('contact_inboxes').selectAll().where('pubsub_token', '=', token).executeTakeFirst();
  return row && toContactInbox(row);
}
