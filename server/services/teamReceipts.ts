/**
 * Delivery receipts for the visitor's own messages (docs/protocol.md#delivery-status): a message
 * is `sent` once stored, `delivered` once an agent's client has received it, and `read` once an
 * agent has seen the conversation or answered in it. Each change reaches the visitor's widget as
 * `message.updated` with `previous_changes.status`, as Chatwoot reports the other direction.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { AppDeps } from '../context';
import { findContactInbox, type ContactInbox } from '../repositories/contacts';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { markIncoming, type StatusChange } from '../repositories/messages';
import { broadcastMessage } from './broadcast';
import { loadMessageViews } from './viewLoaders';

/** Pushes each status change to the conversation's contact as `message.updated`. */
export async function broadcastStatusChanges(
  deps: AppDeps,
  conversation: Conversation,
  changes: StatusChange[],
  contactInbox?: ContactInbox,
): Promise<void> {
  if (changes.length === 0) return;
  const owner = contactInbox ?? (await findContactInbox(deps.db, conversation.contact_inbox_id));
  if (!owner) return;
  const views = await loadMessageViews(
    deps.db,
    conversation,
    owner,
    changes.map((change) => change.message),
  );
  views.forEach((view, i) => {
    const status = changes[i];
    broadcastMessage(deps.hub, REALTIME_EVENTS.messageUpdated, view, {
      previousChanges: { status: [status.previous, status.message.status] },
    });
  });
}

/** An agent's client has the visitor's messages (it listed them): `sent` ones become `delivered`. */
export async function teamReceived(deps: AppDeps, conversation: Conversation): Promise<void> {
  await broadcastStatusChanges(deps, conversation, await markIncoming(deps.db, conversation.id, 'delivered', Date.now()));
}

/**
 * An agent has seen the conversation (Chatwoot's `update_last_seen`) or answered in it: their
 * `agent_last_seen_at` moves to now and the visitor's messages up to now become `read`.
 */
export async function teamRead(deps: AppDeps, conversation: Conversation): Promise<Conversation> {
  const now = Date.now();
  const updated = await updateConversation(deps.db, conversation.id, { agent_last_seen_at: now });
  await broadcastStatusChanges(deps, updated, await markIncoming(deps.db, conversation.id, 'read', now));
  return updated;
}
