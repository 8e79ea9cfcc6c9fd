/**
 * Contact identification (docs/protocol.md#contact), shared by `PATCH /contact`, `set_user`, conversation
 * start and `input_email` answers: blank values are ignored, an invalid phone is dropped rather
 * than failing the request (an invalid e-mail the routes refuse with 422 first, and one that got
 * here is never stored), attribute maps are deep-merged, and only a proven identifier
 * merges the visitor into a contact the account already knows (see `identifyContact`).
 */
import { isSingleEmailAddress } from '../../src/shared/email';
import { isInternationalPhone } from '../../src/shared/validators';
import type { Db } from '../db/database';
import { ApiError } from '../lib/apiError';
import { deepMerge, mergeContactInto } from '../repositories/contactMerge';
import { findProvenContact, updateContact, type Contact, type ContactChanges } from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';
import { HMAC_FAILED } from './identityProof';

export interface ContactDetails {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  identifier?: string | null;
  avatar_url?: string | null;
  custom_attributes?: Record<string, unknown> | null;
  additional_attributes?: Record<string, unknown> | null;
}

const HTTP_URL = /^https?:\/\/\S+$/;

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
    ...(email && isSingleEmailAddress(email) && { email }),
    ...(phone && isInternationalPhone(phone) && { phone_number: phone }),
    ...(present(details.identifier) && { identifier: details.identifier.trim().slice(0, 255) }),
  };
}

/**
 * Stores the usable details on `contact` (no merging). With `nameOnlyIfAnonymous`
 * (conversation start), a name is only taken while the contact is anonymous; an e-mail then
 * also names a contact given no name.
 */
export async function applyContactDetails(
  db: Db,
  contact: Contact,
  details: ContactDetails,
  options: { nameOnlyIfAnonymous?: boolean } = {},
): Promise<Contact> {
  const changes: ContactChanges = { ...usableIdentity(details) };
  if (present(details.avatar_url) && HTTP_URL.test(details.avatar_url) && details.avatar_url.length <= 2048)
    changes.avatar_url = details.avatar_url;

  const mayName = !options.nameOnlyIfAnonymous || isAnonymous(contact);
  if (mayName && present(details.name)) changes.name = details.name.trim().slice(0, 255);
  else if (mayName && changes.email && isAnonymous(contact)) changes.name = changes.email.split('@')[0];

  if (details.custom_attributes) changes.custom_attributes = deepMerge(contact.custom_attributes, details.custom_attributes);
  if (details.additional_attributes)
    changes.additional_attributes = deepMerge(contact.additional_attributes, details.additional_attributes);
  return Object.keys(changes).length ? updateContact(db, contact.id, changes) : contact;
}

/**
 * Whether `details` would store anything on a contact: a usable e-mail, phone, identifier, name
 * or avatar, or attributes. A visitor not stored yet is stored only for details that do
 * (docs/protocol.md#the-lazy-visitor): `setCustomAttributes({})` is not a first write.
 */
export function carriesDetails(details: ContactDetails): boolean {
  const hasKeys = (value: Record<string, unknown> | null | undefined) => Boolean(value && Object.keys(value).length > 0);
  return (
    Object.keys(usableIdentity(details)).length > 0 ||
    present(details.name) ||
    (present(details.avatar_url) && HTTP_URL.test(details.avatar_url)) ||
    hasKeys(details.custom_attributes) ||
    hasKeys(details.additional_attributes)
  );
}

/** The identity fields of a visitor who is not stored yet: none. */
export const NO_IDENTITY = { identifier: null, email: null, phone_number: null } as const;

/** Who is being identified: the visitor's own contact, in the inbox of the request. */
export interface IdentifiedVisitor {
  inbox: Inbox;
  contact: Contact;
}

export interface IdentifyOptions {
  /** The details carry an `identifier` with a valid `identifier_hash` (see `identityProof`). */
  proven?: boolean;
  /** Conversation start: a name is only taken while the contact is anonymous. */
  nameOnlyIfAnonymous?: boolean;
}

/**
 * With `hmac_mandatory`, the inbox wants identity proven: an unproven request may not claim an
 * identifier, nor change the e-mail or phone of an identified contact. 401 `HMAC_FAILED`.
 */
export function checkProofWhereMandatory(
  visitor: { inbox: Inbox; contact: Pick<Contact, 'identifier' | 'email' | 'phone_number'> },
  details: ContactDetails,
  options: IdentifyOptions = {},
): void {
  const { inbox, contact } = visitor;
  if (!inbox.hmac_mandatory || options.proven) return;
  const identity = usableIdentity(details);
  const changes = (field: 'identifier' | 'email' | 'phone_number') => identity[field] !== undefined && identity[field] !== contact[field];
  if (changes('identifier') || (contact.identifier && (changes('email') || changes('phone_number')))) throw new ApiError(401, HMAC_FAILED);
}

/**
 * Identifies the visitor's contact by `details`, under one rule: an unproven visitor can never
 * read or change another contact. Only a proven identifier merges the visitor into the
 * account's contact with that identifier (the hash shows they are that person), and only into
 * one whose owner is known: an earlier unproven claim of the identifier must not become the
 * contact a later proof merges into (the claimant would then read it). Anything else
 * that names someone, an e-mail or phone above all, is stored on the visitor's own contact
 * even when another contact has it: anybody can type an address, so matching it would hand
 * the typist that contact's details and conversations. Chatwoot merges by e-mail; Wren does not.
 * Checks `checkProofWhereMandatory` before changing anything.
 */
export async function identifyContact(
  db: Db,
  visitor: IdentifiedVisitor,
  details: ContactDetails,
  options: IdentifyOptions = {},
): Promise<{ contact: Contact; merged: boolean }> {
  checkProofWhereMandatory(visitor, details, options);
  const { contact } = visitor;
  const identifier = usableIdentity(details).identifier;
  const target =
    options.proven && identifier && identifier !== contact.identifier
      ? await findProvenContact(db, contact.account_id, contact.id, identifier)
      : undefined;
  const kept = target ? await mergeContactInto(db, contact, target) : contact;
  return { contact: await applyContactDetails(db, kept, details, options), merged: Boolean(target) };
}
