/**
 * Contact identification (contract §3.6), shared by `PATCH /contact`, `set_user`, conversation
 * start and `input_email` answers: blank values are ignored, invalid e-mail/phone are dropped
 * rather than failing the request, attribute maps are deep-merged, and a contact that turns out
 * to be someone the account already knows (same identifier, else e-mail, else phone) is merged
 * into that contact — never into one with a different identifier.
 */
import { isEmailAddress } from '../../src/shared/email';
import type { Db } from '../db/database';
import { deepMerge, mergeContactInto } from '../repositories/contactMerge';
import { findOtherContact, updateContact, type Contact, type ContactChanges } from '../repositories/contacts';

export interface ContactDetails {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  identifier?: string | null;
  avatar_url?: string | null;
  custom_attributes?: Record<string, unknown> | null;
  additional_attributes?: Record<string, unknown> | null;
}

const PHONE = /^\+[1-9]\d{1,14}$/;
const HTTP_URL = /^https?:\/\/\S+$/;

/** Whether `email` looks like an address (the same loose check Chatwoot's widget applies). */
export function isValidEmail(email: string): boolean {
  return isEmailAddress(email) && email.length <= 255;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Whether the contact is still anonymous (nothing identifies them). */
export function isAnonymous(contact: Contact): boolean {
  return !contact.email && !contact.phone_number && !contact.identifier;
}

/** The usable identity fields of `details`: trimmed, e-mail lower-cased, invalid ones dropped. */
export function usableIdentity(details: ContactDetails): { email?: string; phone_number?: string; identifier?: string } {
  const email = present(details.email) ? details.email.trim().toLowerCase() : undefined;
  const phone = present(details.phone_number) ? details.phone_number.replace(/[\s()-]/g, '') : undefined;
  return {
    ...(email && isValidEmail(email) && { email }),
    ...(phone && PHONE.test(phone) && { phone_number: phone }),
    ...(present(details.identifier) && { identifier: details.identifier.trim().slice(0, 255) }),
  };
}

/**
 * Stores the usable details on `contact` (no merging). With `nameOnlyIfAnonymous`
 * (conversation start), a name is only taken while the contact is anonymous; an e-mail then
 * also names a contact given no name.
 */
export async function applyContactDetails(db: Db, contact: Contact, details: ContactDetails, options: { nameOnlyIfAnonymous?: boolean } = {}): Promise<Contact> {
  const changes: ContactChanges = { ...usableIdentity(details) };
  if (present(details.avatar_url) && HTTP_URL.test(details.avatar_url) && details.avatar_url.length <= 2048) changes.avatar_url = details.avatar_url;

  const mayName = !options.nameOnlyIfAnonymous || isAnonymous(contact);
  if (mayName && present(details.name)) changes.name = details.name.trim().slice(0, 255);
  else if (mayName && changes.email && isAnonymous(contact)) changes.name = changes.email.split('@')[0];

  if (details.custom_attributes) changes.custom_attributes = deepMerge(contact.custom_attributes, details.custom_attributes);
  if (details.additional_attributes) changes.additional_attributes = deepMerge(contact.additional_attributes, details.additional_attributes);
  return Object.keys(changes).length ? updateContact(db, contact.id, changes) : contact;
}

const conflicts = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a !== b);

/**
 * Identifies `contact` by `details`: merges it into the account's contact with the same
 * identifier, else e-mail, else phone (unless that one has a different identifier, or — for a
 * phone match — a different e-mail; the conflicting value is then dropped), and stores the
 * details on the contact that remains. Returns that contact and whether a merge happened.
 */
export async function identifyContact(db: Db, contact: Contact, details: ContactDetails, options: { nameOnlyIfAnonymous?: boolean } = {}): Promise<{ contact: Contact; merged: boolean }> {
  const identity = usableIdentity(details);
  const identifier = identity.identifier ?? contact.identifier;
  const email = identity.email ?? contact.email;
  const remaining: ContactDetails = { ...details, email: identity.email ?? null, phone_number: identity.phone_number ?? null };
  let target: Contact | undefined;
  if (identity.identifier && identity.identifier !== contact.identifier) {
    target = await findOtherContact(db, contact.account_id, contact.id, 'identifier', identity.identifier);
  }
  if (!target && identity.email && identity.email !== contact.email) {
    const other = await findOtherContact(db, contact.account_id, contact.id, 'email', identity.email);
    if (other && conflicts(other.identifier, identifier)) remaining.email = null;
    else target = other;
  }
  if (!target && identity.phone_number && identity.phone_number !== contact.phone_number) {
    const other = await findOtherContact(db, contact.account_id, contact.id, 'phone_number', identity.phone_number);
    if (other && (conflicts(other.identifier, identifier) || conflicts(other.email, email))) remaining.phone_number = null;
    else target = other;
  }
  const kept = target ? await mergeContactInto(db, contact, target) : contact;
  return { contact: await applyContactDetails(db, kept, remaining, options), merged: Boolean(target) };
}
