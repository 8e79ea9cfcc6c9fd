/**
 * Visitor sessions (docs/protocol.md#the-widget-page, docs/protocol.md#the-lazy-visitor). A visitor is a
 * source id and a pubsub token carried in their signed token; they become a stored contact
 * only at their first write, so a visitor who looks and leaves costs the database nothing.
 * A valid `cw_conversation` JWT resumes its visitor, stored or not; anything else mints a new
 * one. The returned token is always freshly signed, so an active visitor's 180-day session
 * keeps sliding forward.
 */
import { mintPubsubToken, signedPubsubTokenInbox } from '../auth/pubsubToken';
import { signWidgetToken, verifyWidgetToken } from '../auth/widgetToken';
import type { AppDeps } from '../context';
import { anonymousName, uuid } from '../lib/random';
import { findContact, findContactInboxBySource, findOrCreateContactInbox } from '../repositories/contacts';
import type { Inbox } from '../repositories/inboxes';
import type { KnownVisitor, StoredVisitor, VisitorRef } from './visitorRef';

export type { KnownVisitor, StoredVisitor, VisitorRef } from './visitorRef';

export interface VisitorSession extends KnownVisitor {
  /** The visitor's freshly signed token. */
  authToken: string;
}

/** Signs the visitor's token: source id, inbox and pubsub token, so it can be stored later. */
export function signVisitorToken(deps: AppDeps, ref: VisitorRef): Promise<string> {
  return signWidgetToken(deps.config.secretKeyBase, { source_id: ref.sourceId, inbox_id: ref.inbox.id, pubsub_token: ref.pubsubToken });
}

/** A new visitor of `inbox`: nothing is stored. */
export function newVisitorRef(deps: AppDeps, inbox: Inbox): VisitorRef {
  return { inbox, sourceId: uuid(), pubsubToken: mintPubsubToken(deps.config.secretKeyBase, inbox.id) };
}

/**
 * The visitor a token names in `inbox`, or null when it names none: invalid, another inbox's, or
 * a token from before lazy visitors whose contact is gone (it carries no pubsub token to
 * continue with).
 */
export async function visitorOfToken(deps: AppDeps, inbox: Inbox, token: string | null | undefined): Promise<KnownVisitor | null> {
  const { db, config } = deps;
  const claims = await verifyWidgetToken(config.secretKeyBase, token);
  if (!claims || claims.inbox_id !== inbox.id) return null;
  const contactInbox = await findContactInboxBySource(db, inbox.id, claims.source_id);
  const contact = contactInbox && (await findContact(db, contactInbox.contact_id));
  if (contactInbox && contact) {
    return {
      ref: { inbox, sourceId: contactInbox.source_id, pubsubToken: contactInbox.pubsub_token },
      stored: { inbox, contactInbox, contact },
    };
  }
  const pubsubToken = claims.pubsub_token;
  if (!pubsubToken || signedPubsubTokenInbox(config.secretKeyBase, pubsubToken) !== inbox.id) return null;
  return { ref: { inbox, sourceId: claims.source_id, pubsubToken } };
}

/**
 * Resumes the visitor named by `token` in `inbox`, or starts a new one, which counts against
 * `newVisitorsPerAddress` for the client `address` wherever it is minted (`/widget`, `POST
 * /config`): over the limit it throws `RateLimitedError`. Stores nothing.
 */
export async function resolveVisitor(deps: AppDeps, inbox: Inbox, token: string | undefined, address: string): Promise<VisitorSession> {
  let known = await visitorOfToken(deps, inbox, token);
  if (!known) {
    await deps.limits.consume('newVisitorsPerAddress', address);
    known = { ref: newVisitorRef(deps, inbox) };
  }
  return { ...known, authToken: await signVisitorToken(deps, known.ref) };
}

/** The visitor's contact and contact-inbox, created at their first write (exactly once, see `findOrCreateContactInbox`). */
export async function storeVisitor(deps: AppDeps, ref: VisitorRef): Promise<StoredVisitor> {
  const { contact, contactInbox } = await findOrCreateContactInbox(deps.db, {
    account_id: ref.inbox.account_id,
    inbox_id: ref.inbox.id,
    source_id: ref.sourceId,
    pubsub_token: ref.pubsubToken,
    name: anonymousName(),
  });
  return { inbox: ref.inbox, contact, contactInbox };
}

/** A new anonymous contact ("quiet-river-482") with its contact-inbox, stored at once (a `set_user` switch writes to it). */
export async function createAnonymousVisitor(deps: AppDeps, inbox: Inbox): Promise<StoredVisitor> {
  return storeVisitor(deps, newVisitorRef(deps, inbox));
}
