/**
 * Idempotent seed: account 1, web-widget inbox 1 and admin agent 1, plus the secrets that are
 * "generated once, stored". Safe to run on every start, and from several processes starting at
 * once (it runs under one lock, so they agree on the generated secrets); configured tokens
 * replace stored ones.
 */
import type { PreChatField, WorkingHoursEntry } from '../src/shared/types';
import type { Config } from './config';
import { randomToken } from './lib/random';
import { createAccount, createInbox, findAccount, findInbox, updateInbox } from './repositories/inboxes';
import { resolveSetting } from './repositories/settings';
import { addAccountUser, addInboxMember, createUser, findUsers, updateUser } from './repositories/users';
import { serialized, syncIdSequence, type Db } from './db/database';

export const SEED_ACCOUNT_ID = 1;
export const SEED_INBOX_ID = 1;
export const SEED_AGENT_ID = 1;

/** The secrets the app runs with, resolved from the environment or the database. */
export interface SeedResult {
  websiteToken: string;
  apiAccessToken: string;
  secretKeyBase: string;
}

/** Mon–Fri 09:00–17:00; Sunday (0) and Saturday (6) closed. */
export const DEFAULT_WORKING_HOURS: WorkingHoursEntry[] = [0, 1, 2, 3, 4, 5, 6].map((day) => {
  const weekend = day === 0 || day === 6;
  return {
    day_of_week: day,
    closed_all_day: weekend,
    open_all_day: false,
    open_hour: weekend ? null : 9,
    open_minutes: weekend ? null : 0,
    close_hour: weekend ? null : 17,
    close_minutes: weekend ? null : 0,
  };
});

/** Chatwoot's default pre-chat fields: all present, all disabled. */
export const DEFAULT_PRE_CHAT_FIELDS: PreChatField[] = [
  {
    field_type: 'standard',
    label: 'Email Id',
    name: 'emailAddress',
    type: 'email',
    placeholder: 'Please enter your email address',
    required: true,
    enabled: false,
  },
  {
    field_type: 'standard',
    label: 'Full name',
    name: 'fullName',
    type: 'text',
    placeholder: 'Please enter your full name',
    required: false,
    enabled: false,
  },
  {
    field_type: 'standard',
    label: 'Phone number',
    name: 'phoneNumber',
    type: 'text',
    placeholder: 'Please enter your phone number',
    required: false,
    enabled: false,
  },
];

/** Creates whatever of the demo data is missing and returns the resolved secrets. */
export async function seed(db: Db, config: Pick<Config, 'websiteToken' | 'apiAccessToken' | 'secretKeyBase'>): Promise<SeedResult> {
  return serialized(db, 'wren:seed', (trx) => seedUnlocked(trx, config));
}

async function seedUnlocked(db: Db, config: Pick<Config, 'websiteToken' | 'apiAccessToken' | 'secretKeyBase'>): Promise<SeedResult> {
  const secretKeyBase = await resolveSetting(db, 'secret_key_base', config.secretKeyBase, () => randomToken(48));

  if (!(await findAccount(db, SEED_ACCOUNT_ID))) {
    await createAccount(db, { id: SEED_ACCOUNT_ID, name: 'Wren', locale: 'en', feature_flags: ['campaigns'] });
    await syncIdSequence(db, 'accounts');
  }

  let inbox = await findInbox(db, SEED_INBOX_ID);
  if (!inbox) {
    inbox = await createInbox(db, {
      id: SEED_INBOX_ID,
      account_id: SEED_ACCOUNT_ID,
      name: 'Wren demo',
      website_token: config.websiteToken ?? randomToken(18),
      hmac_token: randomToken(24),
      website_url: 'http://localhost',
      widget_color: '#1f93ff',
      reply_time: 'in_a_few_minutes',
      welcome_title: 'Hi there! 👋',
      welcome_tagline: 'We make it simple to connect with us. Ask us anything, or share your feedback.',
      feature_flags: ['attachments', 'emoji_picker', 'end_conversation'],
      working_hours_enabled: false,
      working_hours: DEFAULT_WORKING_HOURS,
      timezone: 'UTC',
      pre_chat_form_enabled: false,
      pre_chat_form_options: { pre_chat_message: 'Share your queries or comments here.', pre_chat_fields: DEFAULT_PRE_CHAT_FIELDS },
      csat_survey_enabled: false,
      allow_messages_after_resolved: true,
    });
    await syncIdSequence(db, 'inboxes');
  } else if (config.websiteToken && inbox.website_token !== config.websiteToken) {
    inbox = await updateInbox(db, inbox.id, { website_token: config.websiteToken });
  }

  let [agent] = await findUsers(db, [SEED_AGENT_ID]);
  if (!agent) {
    agent = await createUser(db, {
      id: SEED_AGENT_ID,
      name: 'Wren Admin',
      display_name: 'Wren',
      email: 'admin@wren.localhost',
      access_token: config.apiAccessToken ?? randomToken(24),
      availability: 'online',
      // A new install shows a team online from the first look, before anyone has opened the agent
      // console (docs/protocol.md#presence); a team that wants visitors to see when nobody is
      // there turns auto-offline on (docs/operations.md#presence).
      auto_offline: false,
    });
    await syncIdSequence(db, 'users');
  } else if (config.apiAccessToken && agent.access_token !== config.apiAccessToken) {
    agent = await updateUser(db, agent.id, { access_token: config.apiAccessToken });
  }
  await addAccountUser(db, SEED_ACCOUNT_ID, agent.id, 'administrator');
  await addInboxMember(db, inbox.id, agent.id);

  return { websiteToken: inbox.website_token, apiAccessToken: agent.access_token, secretKeyBase };
}
