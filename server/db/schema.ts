/**
 * Kysely table interfaces. Portable column conventions (so the same migrations run on
 * PostgreSQL): timestamps are `bigint` milliseconds since the epoch, flags are `integer` 0/1
 * (better-sqlite3 cannot bind booleans), JSON is `text` that repositories (de)serialise.
 * `Generated<…>` marks columns with a database default (optional on insert).
 */
import type { Generated } from 'kysely';

/** JSON stored as text. */
export type JsonText = string;
/** 0 or 1. */
export type Flag = number;
/** Milliseconds since the epoch. */
export type Millis = number;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  locale: Generated<string>;
  status: Generated<string>;
  feature_flags: Generated<JsonText>;
  created_at: Millis;
  updated_at: Millis;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  email: string;
  avatar_url: string | null;
  access_token: string;
  /** The agent's own cable token (docs/protocol.md#agents-on-the-cable). */
  pubsub_token: string;
  availability: Generated<string>;
  /** 1: offline for visitors once they show no sign of life; 0: their chosen availability holds (docs/protocol.md#presence). */
  auto_offline: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface AccountUsersTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  role: Generated<string>;
  created_at: Millis;
}

export interface InboxesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  channel_type: Generated<string>;
  website_token: string;
  website_url: Generated<string>;
  avatar_url: string | null;
  widget_color: Generated<string>;
  welcome_title: Generated<string>;
  welcome_tagline: Generated<string>;
  reply_time: Generated<string>;
  feature_flags: Generated<JsonText>;
  pre_chat_form_enabled: Generated<Flag>;
  pre_chat_form_options: Generated<JsonText>;
  hmac_token: string;
  hmac_mandatory: Generated<Flag>;
  allowed_domains: Generated<string>;
  working_hours_enabled: Generated<Flag>;
  working_hours: Generated<JsonText>;
  timezone: Generated<string>;
  out_of_office_message: string | null;
  csat_survey_enabled: Generated<Flag>;
  csat_config: Generated<JsonText>;
  allow_messages_after_resolved: Generated<Flag>;
  greeting_enabled: Generated<Flag>;
  greeting_message: string | null;
  portal_id: number | null;
  /** Ask an away visitor without an e-mail for one after their first message (006). */
  enable_email_collect: Generated<Flag>;
  /** E-mail an agent's reply to a visitor who has left the site (006). */
  continuity_via_email: Generated<Flag>;
  /** The consent text by locale, `{}` for the widget's own (008, docs/behaviour.md#consent). */
  consent_text: Generated<JsonText>;
  /** The privacy policy the consent text links to (008). */
  privacy_policy_url: string | null;
  /** `chat`, `email_form` or `hide_launcher` while the team is away (008, docs/behaviour.md#away-mode). */
  away_mode: Generated<string>;
  /** `{ allowed_types?, max_size_mb? }`: what visitors may send (008, docs/behaviour.md#file-rules). */
  file_rules: Generated<JsonText>;
  created_at: Millis;
  updated_at: Millis;
}

export interface InboxMembersTable {
  id: Generated<number>;
  inbox_id: number;
  user_id: number;
  created_at: Millis;
}

export interface ContactsTable {
  id: Generated<number>;
  account_id: number;
  name: Generated<string>;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  avatar_url: string | null;
  additional_attributes: Generated<JsonText>;
  custom_attributes: Generated<JsonText>;
  blocked: Generated<Flag>;
  last_activity_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ContactInboxesTable {
  id: Generated<number>;
  contact_id: number;
  inbox_id: number;
  source_id: string;
  pubsub_token: string;
  hmac_verified: Generated<Flag>;
  created_at: Millis;
  updated_at: Millis;
}

export interface ConversationsTable {
  id: Generated<number>;
  account_id: number;
  inbox_id: number;
  /** Per-account number; what every URL and payload calls the conversation `id`. */
  display_id: number;
  contact_id: number;
  contact_inbox_id: number;
  status: Generated<string>;
  assignee_id: number | null;
  priority: string | null;
  custom_attributes: Generated<JsonText>;
  additional_attributes: Generated<JsonText>;
  contact_last_seen_at: Millis | null;
  agent_last_seen_at: Millis | null;
  last_activity_at: Millis;
  snoozed_until: Millis | null;
  /** When the visitor last said "typing on"; null once they said "off" (002). */
  contact_typing_at: Millis | null;
  /** The campaign that opened it, if any (003). */
  campaign_id: number | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface MessagesTable {
  id: Generated<number>;
  account_id: number;
  inbox_id: number;
  /** The conversation's database id (payloads show its display id). */
  conversation_id: number;
  message_type: number;
  content_type: Generated<string>;
  content: string | null;
  content_attributes: Generated<JsonText>;
  private: Generated<Flag>;
  status: Generated<string>;
  source_id: string | null;
  /** The visitor's `echo_id` (their messages only): a retried send's key. */
  echo_id: string | null;
  /** An agent's or a bot's `echo_id` (Application API); never shown to visitors. */
  agent_echo_id: string | null;
  sender_type: string | null;
  sender_id: number | null;
  additional_attributes: Generated<JsonText>;
  created_at: Millis;
  updated_at: Millis;
}

export interface AttachmentsTable {
  id: Generated<number>;
  message_id: number;
  account_id: number;
  file_type: Generated<string>;
  extension: string | null;
  content_type: string | null;
  file_name: string | null;
  file_size: number | null;
  storage_key: string | null;
  external_url: string | null;
  width: number | null;
  height: number | null;
  coordinates_lat: number | null;
  coordinates_long: number | null;
  fallback_title: string | null;
  created_at: Millis;
}

export interface CampaignsTable {
  id: Generated<number>;
  account_id: number;
  display_id: number;
  inbox_id: number;
  sender_id: number | null;
  title: string;
  description: string | null;
  message: string;
  enabled: Generated<Flag>;
  trigger_only_during_business_hours: Generated<Flag>;
  trigger_rules: Generated<JsonText>;
  created_at: Millis;
  updated_at: Millis;
}

export interface EventsTable {
  id: Generated<number>;
  account_id: number;
  inbox_id: number;
  contact_inbox_id: number | null;
  name: string;
  event_info: Generated<JsonText>;
  created_at: Millis;
}

/** A visitor's answer to a CSAT survey message (002). */
export interface CsatSurveyResponsesTable {
  id: Generated<number>;
  account_id: number;
  conversation_id: number;
  message_id: number;
  contact_id: number;
  assigned_agent_id: number | null;
  rating: number;
  feedback_message: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/** An account's label (003). */
export interface LabelsTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  description: string | null;
  color: Generated<string>;
  show_on_sidebar: Generated<Flag>;
  created_at: Millis;
  updated_at: Millis;
}

/** A label on a conversation, by title (003). */
export interface ConversationLabelsTable {
  id: Generated<number>;
  conversation_id: number;
  title: string;
  created_at: Millis;
}

/** A help-centre portal (006). `slug` is unique across the server: public URLs carry no account. */
export interface PortalsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  slug: string;
  custom_domain: string | null;
  color: string | null;
  homepage_link: string | null;
  page_title: string | null;
  header_text: string | null;
  /** `{allowed_locales, default_locale}` */
  config: Generated<JsonText>;
  archived: Generated<Flag>;
  channel_web_widget_id: number | null;
  created_at: Millis;
  updated_at: Millis;
}

/** A help-centre article (006); `slug` is unique within its portal. */
export interface ArticlesTable {
  id: Generated<number>;
  account_id: number;
  portal_id: number;
  author_id: number | null;
  category_id: number | null;
  title: string;
  slug: string;
  /** Markdown. */
  content: string;
  description: string | null;
  /** 0 draft, 1 published, 2 archived. */
  status: Generated<number>;
  locale: string;
  position: number;
  views: Generated<number>;
  /** `{title?, description?, tags?}` */
  meta: Generated<JsonText>;
  created_at: Millis;
  updated_at: Millis;
}

/** The whole database as Kysely sees it. */
export interface Database {
  settings: SettingsTable;
  accounts: AccountsTable;
  users: UsersTable;
  account_users: AccountUsersTable;
  inboxes: InboxesTable;
  inbox_members: InboxMembersTable;
  contacts: ContactsTable;
  contact_inboxes: ContactInboxesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  attachments: AttachmentsTable;
  campaigns: CampaignsTable;
  events: EventsTable;
  csat_survey_responses: CsatSurveyResponsesTable;
  labels: LabelsTable;
  conversation_labels: ConversationLabelsTable;
  portals: PortalsTable;
  articles: ArticlesTable;
}
