import { agentApi } from './agentApi';

/**
 * Agent-side settings a test changes and must put back: inbox settings, the agent's
 * availability, campaigns. Each change returns (or is paired with) the call that restores it,
 * so a test can undo it in `finally` and leave the next test the seed's inbox.
 */

export interface WorkingHoursEntry {
  day_of_week: number;
  closed_all_day: boolean;
  open_all_day: boolean;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
}

export interface InboxSettings {
  working_hours_enabled: boolean;
  working_hours: WorkingHoursEntry[];
  timezone: string;
  reply_time: string;
  pre_chat_form_enabled: boolean;
  pre_chat_form_options: { pre_chat_message: string; pre_chat_fields: Record<string, unknown>[] };
}

const INBOX = '/api/v1/accounts/1/inboxes/1';

/** Changes inbox 1 and returns a function that restores the changed keys to their old values. */
export async function changeInbox(changes: Partial<InboxSettings>): Promise<() => Promise<void>> {
  const before = await agentApi<InboxSettings>('GET', INBOX);
  await agentApi('PATCH', INBOX, changes);
  const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof InboxSettings]]));
  return async () => {
    await agentApi('PATCH', INBOX, previous);
  };
}

/**
 * A week in UTC with one working day, three days after today (09:00–17:00), so the team is
 * away now whatever the time of day, and back "on <that weekday>" (more than a day away).
 */
export function weekOpenOnlyIn3Days(now = new Date()): { workingHours: WorkingHoursEntry[]; openDay: string } {
  const openDay = (now.getUTCDay() + 3) % 7;
  const workingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day_of_week: day,
    closed_all_day: day !== openDay,
    open_all_day: false,
    open_hour: day === openDay ? 9 : null,
    open_minutes: day === openDay ? 0 : null,
    close_hour: day === openDay ? 17 : null,
    close_minutes: day === openDay ? 0 : null,
  }));
  // 1 January 2023 was a Sunday.
  const name = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + openDay));
  return { workingHours, openDay: name };
}

export type Availability = 'online' | 'busy' | 'offline';

/** The API token's agent sets their own availability (docs/protocol.md#application-api); widgets hear `presence.update`. */
export async function setAgentAvailability(availability: Availability): Promise<void> {
  await agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability } });
}

export interface CampaignInput {
  title: string;
  message: string;
  url: string;
  timeOnPage: number;
}

/** Creates an enabled, always-on campaign in inbox 1; returns its id. */
export async function createCampaign({ title, message, url, timeOnPage }: CampaignInput): Promise<number> {
  const campaign = await agentApi<{ id: number }>('POST', '/api/v1/accounts/1/campaigns', {
    campaign: {
      title,
      message,
      inbox_id: 1,
      enabled: true,
      trigger_only_during_business_hours: false,
      trigger_rules: { url, time_on_page: timeOnPage },
    },
  });
  return campaign.id;
}

export async function deleteCampaign(id: number): Promise<void> {
  await agentApi('DELETE', `/api/v1/accounts/1/campaigns/${id}`);
}

export interface ConversationSummary {
  id: number;
  status: string;
  contact_last_seen_at: number;
  messages: { id: number; content: string; message_type: number }[];
}

/** The conversation of account 1 whose messages include `content`, or null. */
export async function conversationWithMessage(content: string): Promise<ConversationSummary | null> {
  const list = await agentApi<{ data: { payload: ConversationSummary[] } }>('GET', '/api/v1/accounts/1/conversations?status=all');
  const newestFirst = [...list.data.payload].sort((a, b) => b.id - a.id).slice(0, 10);
  for (const conversation of newestFirst) {
    const messages = await agentApi<{ payload: { content: string }[] }>(
      'GET',
      `/api/v1/accounts/1/conversations/${conversation.id}/messages`,
    );
    if (messages.payload.some((message) => message.content === content)) return conversation;
  }
  return null;
}

/** The stored messages of a conversation, as agents see them. */
export async function conversationMessages(id: number) {
  const messages = await agentApi<{ payload: { id: number; content: string; message_type: number; status: string }[] }>(
    'GET',
    `/api/v1/accounts/1/conversations/${id}/messages`,
  );
  return messages.payload;
}

/** Posts an agent (outgoing) message into a conversation. */
export async function agentSays(conversationId: number, content: string): Promise<void> {
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, { content, message_type: 'outgoing' });
}
