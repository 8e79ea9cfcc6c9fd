/**
 * A conversation's status (open, resolved, pending, snoozed), whoever changes it: agents, the
 * visitor ending the chat, or a visitor's message reopening it. What a change triggers (the
 * realtime event, the CSAT survey) lives here, so every path triggers the same.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { ConversationStatus } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { ContactInbox } from '../repositories/contacts';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { broadcastConversation } from './broadcast';
import { sendCsatSurvey } from './csat';
import { loadConversationView } from './viewLoaders';

/**
 * Sets the status and pushes `conversation.status_changed` when it actually changed. Each
 * change to `resolved` sends the CSAT survey when the inbox has one (once per resolution).
 */
export async function setConversationStatus(
  deps: AppDeps,
  conversation: Conversation,
  status: ConversationStatus,
  snoozedUntil: number | null = null,
  known?: { contactInbox?: ContactInbox },
): Promise<Conversation> {
  if (conversation.status === status && conversation.snoozed_until === snoozedUntil) return conversation;
  const updated = await updateConversation(deps.db, conversation.id, { status, snoozed_until: status === 'snoozed' ? snoozedUntil : null });
  const view = await loadConversationView(deps.db, updated, known);
  broadcastConversation(deps.hub, REALTIME_EVENTS.conversationStatusChanged, view);
  if (status === 'resolved' && conversation.status !== 'resolved') await sendCsatSurvey(deps, updated);
  return updated;
}
