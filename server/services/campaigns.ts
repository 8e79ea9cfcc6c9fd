/**
 * A campaign shown to a visitor (`campaign.triggered`, docs/protocol.md#inbox-members-campaigns-events-labels): if the visitor has no
 * conversation yet, one is opened for them, linked to the campaign, and the campaign's message
 * arrives in it from the campaign's sender (or no sender). A visitor who already has a
 * conversation is left alone.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { notFound } from '../lib/apiError';
import { isId } from '../lib/storable';
import { findCampaign, type Campaign } from '../repositories/campaigns';
import { createConversation, latestConversation } from '../repositories/conversations';
import type { Inbox } from '../repositories/inboxes';
import { findUsers } from '../repositories/users';
import { postInboxMessage } from './agentActions';
import { broadcastConversation } from './broadcast';
import { loadConversationView } from './viewLoaders';
import { withVisitorLock, type Visitor } from './visitorMessages';

/**
 * The campaign `campaign.triggered`'s `eventInfo` names, when the inbox runs it; 404 for an
 * unknown or disabled one, and for any id no campaign can have (past an `integer` column's).
 */
export async function triggeredCampaign(deps: AppDeps, inbox: Inbox, eventInfo: Record<string, unknown>): Promise<Campaign> {
  const raw = eventInfo.campaign_id;
  const displayId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const campaign = isId(displayId) ? await findCampaign(deps.db, inbox.account_id, displayId) : undefined;
  if (!campaign || campaign.inbox_id !== inbox.id || !campaign.enabled) throw notFound();
  return campaign;
}

/** Runs `campaign` (see `triggeredCampaign`) for the visitor. */
export async function runCampaign(deps: AppDeps, visitor: Visitor, campaign: Campaign, eventInfo: Record<string, unknown>): Promise<void> {
  await withVisitorLock(deps, visitor.contactInbox.id, async () => {
    if (await latestConversation(deps.db, visitor.contactInbox)) return;
    const { campaign_id: _id, custom_attributes: custom, ...additional } = eventInfo;
    const conversation = await createConversation(deps.db, {
      account_id: visitor.inbox.account_id,
      inbox_id: visitor.inbox.id,
      contact_id: visitor.contact.id,
      contact_inbox_id: visitor.contactInbox.id,
      campaign_id: campaign.id,
      additional_attributes: additional,
      custom_attributes: custom && typeof custom === 'object' && !Array.isArray(custom) ? (custom as Record<string, unknown>) : {},
    });
    broadcastConversation(
      deps.hub,
      REALTIME_EVENTS.conversationCreated,
      await loadConversationView(deps.db, conversation, { contactInbox: visitor.contactInbox }),
    );
    const [sender] = await findUsers(deps.db, campaign.sender_id ? [campaign.sender_id] : []);
    await postInboxMessage(deps, conversation, sender ?? null, {
      content: campaign.message,
      message_type: MESSAGE_TYPE.outgoing,
      private: false,
      content_type: 'text',
      content_attributes: {},
      echo_id: null,
    });
  });
}
