/**
 * The shapes of a widget request's visitor (docs/protocol.md#the-lazy-visitor): a reference any
 * valid token names, and the rows once the visitor has written. Apart from `visitors.ts` so the
 * request context can name them without importing the services that need it.
 */
import type { Contact, ContactInbox } from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';

/** Who a widget request speaks for, stored or not. */
export interface VisitorRef {
  inbox: Inbox;
  sourceId: string;
  pubsubToken: string;
}

/** A visitor with their rows: what every write works with. */
export interface StoredVisitor {
  inbox: Inbox;
  contactInbox: ContactInbox;
  contact: Contact;
}

/** A visitor as a token names them: `stored` once they have written. */
export interface KnownVisitor {
  ref: VisitorRef;
  stored?: StoredVisitor;
}
