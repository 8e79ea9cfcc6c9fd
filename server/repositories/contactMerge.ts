/**
 * Merging one contact into another (Chatwoot's `ContactMergeAction`): everything that points
 * at the merged contact — its contact-inboxes (so the visitor's JWT and pubsub token keep
 * working), conversations, the messages it sent, CSAT answers — moves to the kept contact,
 * whose blank fields are filled from the merged one; then the merged contact is deleted.
 * One transaction, since it spans several table groups.
 */
import type { Db } from '../db/database';
import { toJson } from './codec';
import { findContact, type Contact } from './contacts';

/** A deep merge where `over` wins: nested objects merge, anything else is replaced. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    const bothObjects = [current, value].every((x) => x !== null && typeof x === 'object' && !Array.isArray(x));
    merged[key] = bothObjects ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return merged;
}

/** Merges `mergee` into `base` and returns the updated `base`. */
export async function mergeContactInto(db: Db, mergee: Contact, base: Contact): Promise<Contact> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('contact_inboxes').set({ contact_id: base.id }).where('contact_id', '=', mergee.id).execute();
    await trx.updateTable('conversations').set({ contact_id: base.id }).where('contact_id', '=', mergee.id).execute();
    await trx
      .updateTable('messages')
      .set({ sender_id: base.id })
      .where('sender_type', '=', 'Contact')
      .where('sender_id', '=', mergee.id)
      .execute();
    await trx.updateTable('csat_survey_responses').set({ contact_id: base.id }).where('contact_id', '=', mergee.id).execute();
    await trx
      .updateTable('contacts')
      .set({
        // The kept contact's own values win; the merged one only fills gaps.
        email: base.email ?? mergee.email,
        phone_number: base.phone_number ?? mergee.phone_number,
        identifier: base.identifier ?? mergee.identifier,
        avatar_url: base.avatar_url ?? mergee.avatar_url,
        name: base.name || mergee.name,
        custom_attributes: toJson(deepMerge(mergee.custom_attributes, base.custom_attributes)),
        additional_attributes: toJson(deepMerge(mergee.additional_attributes, base.additional_attributes)),
        last_activity_at: Math.max(base.last_activity_at ?? 0, mergee.last_activity_at ?? 0) || null,
        updated_at: Date.now(),
      })
      .where('id', '=', base.id)
      .execute();
    await trx.deleteFrom('contacts').where('id', '=', mergee.id).execute();
  });
  const merged = await findContact(db, base.id);
  if (!merged) throw new Error(`contact ${base.id} vanished during a merge`);
  return merged;
}
