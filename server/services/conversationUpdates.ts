/**
 * Changes to a conversation's custom attributes and labels, from the widget or from agents.
 * Each change pushes `conversation.updated` to the contact (docs/protocol.md#events; the widget ignores
 * it today, but Chatwoot sends it and other clients may listen).
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { AppDeps } from '../context';
import type { ConversationView } from '../presenters/conversation';
import { updateConversation, type Conversation } from '../repositories/conversations';
import { addConversationLabel, findLabel, removeConversationLabel, setConversationLabels } from '../repositories/labels';
import { broadcastConversation } from './broadcast';
import { loadConversationView } from './viewLoaders';

async function notify(deps: AppDeps, conversation: Conversation): Promise<ConversationView> {
  const view = await loadConversationView(deps.db, conversation);
  broadcastConversation(deps.hub, REALTIME_EVENTS.conversationUpdated, view);
  return view;
}

/** Replaces the conversation's custom attributes. */
export async function replaceCustomAttributes(
  deps: AppDeps,
  conversation: Conversation,
  attributes: Record<string, unknown>,
): Promise<ConversationView> {
  return notify(deps, await updateConversation(deps.db, conversation.id, { custom_attributes: attributes }));
}

/** Removes the given custom attribute keys. */
export async function removeCustomAttributes(deps: AppDeps, conversation: Conversation, keys: string[]): Promise<ConversationView> {
  const remaining = Object.fromEntries(Object.entries(conversation.custom_attributes).filter(([key]) => !keys.includes(key)));
  return replaceCustomAttributes(deps, conversation, remaining);
}

/** Adds an existing account label (by title) to the conversation; unknown labels are ignored. */
export async function addLabel(deps: AppDeps, conversation: Conversation, title: string): Promise<boolean> {
  const label = await findLabel(deps.db, conversation.account_id, title.trim().toLowerCase());
  if (!label) return false;
  if (await addConversationLabel(deps.db, conversation.id, label.title)) await notify(deps, conversation);
  return true;
}

/** Removes a label from the conversation. */
export async function removeLabel(deps: AppDeps, conversation: Conversation, title: string): Promise<void> {
  if (await removeConversationLabel(deps.db, conversation.id, title.trim().toLowerCase())) await notify(deps, conversation);
}

/** Replaces the conversation's labels (agents); titles must be labels of the account. */
export async function replaceLabels(deps: AppDeps, conversation: Conversation, titles: string[]): Promise<ConversationView> {
  await setConversationLabels(deps.db, conversation.id, titles);
  return notify(deps, conversation);
}
