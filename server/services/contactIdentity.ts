/**
 * Applying visitor-supplied details to their contact (contract §3.6, simple version): blank
 * values are ignored, invalid email/phone are dropped rather than failing the request, and
 * attribute maps are merged. Merging into another contact with the same email is not done yet.
 */
import type { Db } from '../db/database';
import { updateContact, type Contact, type ContactChanges } from '../repositories/contacts';

export interface ContactDetails {
  name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  identifier?: string | null;
  avatar_url?: string | null;
  custom_attributes?: Record<string, unknown> | null;
  additional_attributes?: Record<string, unknown> | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{1,14}$/;
const HTTP_URL = /^https?:\/\/\S+$/;

/** Whether `email` looks like an address (the same loose check Chatwoot's widget applies). */
export function isValidEmail(email: string): boolean {
  return EMAIL.test(email) && email.length <= 255;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Whether the contact is still anonymous (nothing identifies them). */
export function isAnonymous(contact: Contact): boolean {
  return !contact.email && !contact.phone_number && !contact.identifier;
}

/**
 * Stores the usable details. With `nameOnlyIfAnonymous` (conversation start), a name is only
 * taken while the contact is anonymous; an email then also names a contact given no name.
 */
export async function applyContactDetails(db: Db, contact: Contact, details: ContactDetails, options: { nameOnlyIfAnonymous?: boolean } = {}): Promise<Contact> {
  const changes: ContactChanges = {};
  const email = present(details.email) ? details.email.trim().toLowerCase() : undefined;
  if (email && EMAIL.test(email) && email.length <= 255) changes.email = email;
  const phone = present(details.phone_number) ? details.phone_number.replace(/[\s()-]/g, '') : undefined;
  if (phone && PHONE.test(phone)) changes.phone_number = phone;
  if (present(details.identifier)) changes.identifier = details.identifier.trim().slice(0, 255);
  if (present(details.avatar_url) && HTTP_URL.test(details.avatar_url)) changes.avatar_url = details.avatar_url;

  const mayName = !options.nameOnlyIfAnonymous || isAnonymous(contact);
  if (mayName && present(details.name)) changes.name = details.name.trim().slice(0, 255);
  else if (mayName && changes.email && isAnonymous(contact)) changes.name = changes.email.split('@')[0];

  if (details.custom_attributes) changes.custom_attributes = { ...contact.custom_attributes, ...details.custom_attributes };
  if (details.additional_attributes) changes.additional_attributes = { ...contact.additional_attributes, ...details.additional_attributes };
  return Object.keys(changes).length ? updateContact(db, contact.id, changes) : contact;
}
