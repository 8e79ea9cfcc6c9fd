/**
 * What a visitor's widget reads, answered once for the widget API and once for the `/widget`
 * page's data block (docs/protocol.md#the-data-block), so both carry the same shapes: the latest page
 * of messages, the inbox's campaigns, and the whole first-paint bundle.
 */
import type { CampaignResponse, InboxMember, MessagesPage, WidgetInitialData } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { widgetContact } from '../presenters/contact';
import { conversationSummary } from '../presenters/conversation';
import { widgetMessage } from '../presenters/message';
import { seconds } from '../presenters/time';
import { inboxMember, userPushData } from '../presenters/user';
import { listEnabledCampaigns } from '../repositories/campaigns';
import type { ContactInbox } from '../repositories/contacts';
import { latestConversation, type Conversation } from '../repositories/conversations';
import type { Account, Inbox } from '../repositories/inboxes';
import { listMessages } from '../repositories/messages';
import { findUsers, listInboxAgents } from '../repositories/users';
import { loadMessageViews } from './viewLoaders';
import type { KnownVisitor } from './visitorRef';

/** `GET /messages` for a conversation: the latest 20, or the page `before` / `after` asks for. */
export async function messagesPage(
  db: Db,
  conversation: Conversation,
  contactInbox: ContactInbox,
  query: { before?: number; after?: number } = {},
): Promise<MessagesPage> {
  const messages = await listMessages(db, conversation.id, { ...query, publicOnly: true });
  const views = await loadMessageViews(db, conversation, contactInbox, messages);
  return { payload: views.map(widgetMessage), meta: { contact_last_seen_at: seconds(conversation.contact_last_seen_at) ?? 0 } };
}

/** A visitor with no conversation (or not stored yet) has no messages. */
export const NO_MESSAGES: Readonly<MessagesPage> = Object.freeze({ payload: [], meta: {} });

/**
 * `GET /messages` and the cable's `catch_up` for a visitor's contact-inbox: a page of their
 * latest conversation.
 */
export async function visitorMessagesPage(
  db: Db,
  contactInbox: ContactInbox | undefined,
  query: { before?: number; after?: number } = {},
): Promise<MessagesPage> {
  const conversation = contactInbox && (await latestConversation(db, contactInbox));
  return contactInbox && conversation ? messagesPage(db, conversation, contactInbox, query) : NO_MESSAGES;
}

/**
 * `GET /campaigns`: the inbox's enabled campaigns, none when the account's `campaigns` feature is
 * off. Read through the campaign cache: every first-time visitor's page view asks.
 */
export async function widgetCampaigns(deps: Pick<AppDeps, 'db' | 'caches'>, inbox: Inbox, account: Account): Promise<CampaignResponse[]> {
  if (!account.feature_flags.includes('campaigns')) return [];
  return deps.caches.campaigns(inbox.id, () => enabledCampaigns(deps.db, inbox.id));
}

async function enabledCampaigns(db: Db, inboxId: number): Promise<CampaignResponse[]> {
  const campaigns = await listEnabledCampaigns(db, inboxId);
  const senders = new Map(
    (
      await findUsers(
        db,
        campaigns.flatMap((k) => (k.sender_id ? [k.sender_id] : [])),
      )
    ).map((u) => [u.id, u]),
  );
  return campaigns.map((campaign) => {
    const sender = campaign.sender_id ? senders.get(campaign.sender_id) : undefined;
    return {
      id: campaign.display_id,
      // The Application API requires both; a row without them (from elsewhere) matches no page.
      trigger_rules: { url: campaign.trigger_rules.url ?? '', time_on_page: campaign.trigger_rules.time_on_page ?? 0 },
      message: campaign.message,
      trigger_only_during_business_hours: campaign.trigger_only_during_business_hours,
      sender: sender ? userPushData(sender) : null,
    };
  });
}

/** `GET /inbox_members`: the inbox's agents with the status visitors see (docs/protocol.md#presence). */
export async function inboxMembers(deps: Pick<AppDeps, 'db' | 'presence'>, inboxId: number): Promise<InboxMember[]> {
  const agents = await listInboxAgents(deps.db, inboxId);
  const statuses = await deps.presence.statuses(agents);
  return agents.map((agent) => inboxMember(agent, statuses.get(agent.id) ?? 'offline'));
}

/**
 * The visitor's first-paint data: what the widget would otherwise fetch with five GETs. A visitor
 * not stored yet has an empty contact and no conversation, at no query.
 */
export async function initialData(
  deps: Pick<AppDeps, 'db' | 'presence' | 'caches'>,
  inbox: Inbox,
  account: Account,
  visitor: KnownVisitor,
): Promise<WidgetInitialData> {
  const { db } = deps;
  const { stored } = visitor;
  const conversation = stored && (await latestConversation(db, stored.contactInbox));
  const [messages, members, campaigns] = await Promise.all([
    stored && conversation ? messagesPage(db, conversation, stored.contactInbox) : NO_MESSAGES,
    inboxMembers(deps, inbox.id),
    widgetCampaigns(deps, inbox, account),
  ]);
  return {
    contact: widgetContact(stored?.contact),
    conversation: conversation ? conversationSummary(conversation) : null,
    messages,
    inboxMembers: members,
    campaigns,
    // This server's cable answers `catch_up` (docs/protocol.md#realtime-catch-up).
    catchUp: 'cable',
  };
}
