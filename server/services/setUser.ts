/**
 * `PATCH /api/v1/widget/contact/set_user` (docs/protocol.md#contact): the host page tells the widget who
 * the visitor is. Order matters: the HMAC check comes before anything is changed; a browser
 * whose contact is already someone else starts over as a fresh anonymous contact; then the
 * contact is identified (merged into the account's contact for that identifier only when the
 * identifier hash proves it).
 */
import type { AppDeps } from '../context';
import { ApiError } from '../lib/apiError';
import { markHmacVerified, type Contact, type ContactInbox } from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';
import { identifyContact, type ContactDetails } from './contactIdentity';
import { hashMatches, HMAC_FAILED } from './identityProof';
import { createAnonymousVisitor, signVisitorToken, storeVisitor, type KnownVisitor } from './visitors';

export interface SetUserDetails extends ContactDetails {
  identifier_hash?: string | null;
}

export interface SetUserResult {
  contact: Contact;
  contactInbox: ContactInbox;
  /** Set when the visitor must switch to a new JWT (new or moved contact-inbox). */
  authToken?: string;
}

/**
 * Chatwoot's rule: verify when a hash is sent or the inbox makes it mandatory — except for
 * a call that only sets custom attributes without an identifier.
 */
export function mustVerify(inbox: Inbox, details: SetUserDetails): boolean {
  if (!details.identifier_hash && !inbox.hmac_mandatory) return false;
  const customOnly = details.custom_attributes && Object.keys(details.custom_attributes).length > 0 && !details.identifier;
  return !customOnly;
}

/**
 * Applies `set_user` for the visitor; throws 401 `HMAC_FAILED` before changing anything. It is a
 * write, so a visitor not stored yet is stored first (docs/protocol.md#the-lazy-visitor).
 */
export async function setUser(deps: AppDeps, inbox: Inbox, visitor: KnownVisitor, details: SetUserDetails): Promise<SetUserResult> {
  const identifier = details.identifier?.trim() ?? '';
  const verify = mustVerify(inbox, details);
  const proven = Boolean(identifier) && hashMatches(inbox, identifier, details.identifier_hash?.trim());
  if (verify && !proven) throw new ApiError(401, HMAC_FAILED);

  let { contact, contactInbox } = visitor.stored ?? (await storeVisitor(deps, visitor.ref));
  let switched = false;
  if (identifier && contact.identifier && contact.identifier !== identifier) {
    // Another person on this browser: never give them the previous visitor's contact.
    ({ contact, contactInbox } = await createAnonymousVisitor(deps, inbox));
    switched = true;
  }
  const { identifier_hash: _hash, ...rest } = details;
  const identified = await identifyContact(deps.db, { inbox, contact }, rest, { proven });
  contactInbox = { ...contactInbox, contact_id: identified.contact.id };
  if (proven) contactInbox = await markHmacVerified(deps.db, contactInbox.id);
  const authToken =
    switched || identified.merged
      ? await signVisitorToken(deps, { inbox, sourceId: contactInbox.source_id, pubsubToken: contactInbox.pubsub_token })
      : undefined;
  return { contact: identified.contact, contactInbox, authToken };
}
