/**
 * Visitor sessions (docs/protocol.md#the-widget-page): a valid `cw_conversation` JWT resumes its contact-inbox;
 * anything else gets a fresh anonymous contact. The returned token is always freshly minted,
 * so an active visitor's 180-day session keeps sliding forward.
 */
import { signWidgetToken, verifyWidgetToken } from '../auth/widgetToken';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { anonymousName, randomToken, uuid } from '../lib/random';
import {
  createContact,
  createContactInbox,
  findContact,
  findContactInboxBySource,
  type Contact,
  type ContactInbox,
} from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';

export interface VisitorSession {
  contactInbox: ContactInbox;
  contact: Contact;
  authToken: string;
  /** True when a new anonymous contact was created for this request. */
  created: boolean;
}

/** Creates a new anonymous contact ("Visitor 1234") with its contact-inbox in `inbox`. */
export async function createAnonymousVisitor(db: Db, inbox: Inbox): Promise<{ contact: Contact; contactInbox: ContactInbox }> {
  const contact = await createContact(db, inbox.account_id, { name: anonymousName() });
  const contactInbox = await createContactInbox(db, {
    contact_id: contact.id,
    inbox_id: inbox.id,
    source_id: uuid(),
    pubsub_token: randomToken(18),
  });
  return { contact, contactInbox };
}

/**
 * Resumes the session named by `token` in `inbox`, or starts a new anonymous one once
 * `beforeCreate` (a rate limit, which may throw) allows it.
 */
export async function resolveVisitor(
  deps: AppDeps,
  inbox: Inbox,
  token: string | undefined,
  beforeCreate?: () => Promise<void>,
): Promise<VisitorSession> {
  const { db, config } = deps;
  const claims = await verifyWidgetToken(config.secretKeyBase, token);
  const resumed = claims && claims.inbox_id === inbox.id ? await findContactInboxBySource(db, inbox.id, claims.source_id) : undefined;
  const resumedContact = resumed && (await findContact(db, resumed.contact_id));
  const created = !resumed || !resumedContact;
  if (created) await beforeCreate?.();
  const { contact, contactInbox } = created ? await createAnonymousVisitor(db, inbox) : { contact: resumedContact, contactInbox: resumed };
  const authToken = await signWidgetToken(config.secretKeyBase, { source_id: contactInbox.source_id, inbox_id: inbox.id });
  return { contactInbox, contact, authToken, created };
}
