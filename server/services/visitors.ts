/**
 * Visitor sessions (contract §2.1): a valid `cw_conversation` JWT resumes its contact-inbox;
 * anything else gets a fresh anonymous contact. The returned token is always freshly minted,
 * so an active visitor's 180-day session keeps sliding forward.
 */
import { signWidgetToken, verifyWidgetToken } from '../auth/widgetToken';
import type { AppDeps } from '../context';
import { anonymousName, randomToken, uuid } from '../lib/random';
import { createContact, createContactInbox, findContact, findContactInboxBySource, type Contact, type ContactInbox } from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';

export interface VisitorSession {
  contactInbox: ContactInbox;
  contact: Contact;
  authToken: string;
  /** True when a new anonymous contact was created for this request. */
  created: boolean;
}

/**
 * Resumes the session named by `token` in `inbox`, or starts a new anonymous one once
 * `beforeCreate` (a rate limit, which may throw) allows it.
 */
export async function resolveVisitor(deps: AppDeps, inbox: Inbox, token: string | undefined, beforeCreate?: () => Promise<void>): Promise<VisitorSession> {
  const { db, config } = deps;
  const claims = await verifyWidgetToken(config.secretKeyBase, token);
  let contactInbox = claims && claims.inbox_id === inbox.id ? await findContactInboxBySource(db, inbox.id, claims.source_id) : undefined;
  let contact = contactInbox && (await findContact(db, contactInbox.contact_id));
  let created = false;
  if (!contactInbox || !contact) {
    await beforeCreate?.();
    contact = await createContact(db, inbox.account_id, { name: anonymousName() });
    contactInbox = await createContactInbox(db, { contact_id: contact.id, inbox_id: inbox.id, source_id: uuid(), pubsub_token: randomToken(18) });
    created = true;
  }
  const authToken = await signWidgetToken(config.secretKeyBase, { source_id: contactInbox.source_id, inbox_id: inbox.id });
  return { contactInbox, contact, authToken, created };
}
