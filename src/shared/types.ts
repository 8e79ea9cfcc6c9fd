/**
 * Domain shapes exchanged between the widget and the server (docs/protocol.md#the-widget-page, docs/protocol.md#widget-api).
 * Types only: both sides import these so a field renamed on one side breaks the build.
 */

import type { AwayMode } from './awayMode';
import type { CampaignTrigger } from './campaigns';
import type { FileRules } from './fileRules';

export const MESSAGE_TYPE = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const;
export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

export type ConversationStatus = 'open' | 'snoozed' | 'pending' | 'resolved';
export type DeliveryStatus = 'in_progress' | 'sent' | 'delivered' | 'read' | 'failed';
export type ReplyTime = 'in_a_few_minutes' | 'in_a_few_hours' | 'in_a_day';
export type AvailabilityStatus = 'online' | 'busy' | 'offline';
export type FeatureFlag = 'attachments' | 'emoji_picker' | 'end_conversation' | 'use_inbox_avatar_for_bot';

export type ContentType =
  | 'text'
  | 'input_text'
  | 'input_textarea'
  | 'input_email'
  | 'input_select'
  | 'cards'
  | 'form'
  | 'article'
  | 'incoming_email'
  | 'input_csat'
  | 'integrations'
  | 'sticker'
  | 'voice_call';

export type FileType = 'image' | 'audio' | 'video' | 'file' | 'location' | 'fallback';

export interface Attachment {
  id: number;
  message_id: number;
  file_type: FileType;
  account_id: number;
  extension?: string | null;
  data_url: string;
  thumb_url?: string;
  file_size?: number;
  width?: number | null;
  height?: number | null;
  coordinates_lat?: number;
  coordinates_long?: number;
  fallback_title?: string;
}

export type Sender =
  | {
      id: number;
      name: string;
      available_name?: string;
      avatar_url: string;
      type: 'user';
      availability_status?: AvailabilityStatus;
      thumbnail?: string;
    }
  | { id: number; name: string; avatar_url: string; type: 'agent_bot' }
  | {
      id: number;
      name: string;
      email?: string | null;
      phone_number?: string | null;
      identifier?: string | null;
      thumbnail?: string;
      type: 'contact';
    };

export interface WidgetMessage {
  id: number;
  content: string | null;
  message_type: MessageType;
  content_type?: ContentType;
  content_attributes: Record<string, unknown>;
  created_at: number;
  conversation_id: number;
  attachments?: Attachment[];
  /** `null` in a created-message response to a message without one. */
  sender?: Sender | null;
  sender_type?: 'User' | 'Contact' | 'AgentBot' | null;
  status?: DeliveryStatus;
  echo_id?: string;
}

export interface WorkingHoursEntry {
  day_of_week: number;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
  open_all_day: boolean;
  closed_all_day: boolean;
}

export interface PreChatField {
  field_type: 'standard' | 'contact_attribute' | 'conversation_attribute';
  label: string;
  placeholder?: string;
  name: string;
  type: string;
  required: boolean;
  enabled: boolean;
  values?: string[];
  regex_pattern?: string;
  regex_cue?: string;
  /** Wren: the form library's bounds on a number's value or a text's length (docs/behaviour.md#validation). */
  min?: number | null;
  max?: number | null;
}

/** A help-centre portal as `chatwootWebChannel.portal` carries it (docs/protocol.md#help-centre). */
export interface ChannelPortal {
  id: number;
  account_id: number;
  name: string;
  slug: string;
  custom_domain: string | null;
  color: string | null;
  homepage_link: string | null;
  page_title: string | null;
  header_text: string | null;
  created_at: string;
  updated_at: string;
  config: { allowed_locales: string[]; default_locale: string };
  archived: boolean;
  channel_web_widget_id: number | null;
  ssl_settings: Record<string, unknown>;
}

/**
 * One article of `GET /hc/{portal}/{locale}/articles.json` (docs/protocol.md#help-centre). `link`
 * is the article page, relative to the server root and without a leading slash, as Chatwoot's.
 */
export interface HelpCentreArticle {
  id: number;
  category_id: number | null;
  title: string;
  content: string;
  description: string | null;
  status: 'published';
  position: number;
  account_id: number;
  last_updated_at: string;
  slug: string;
  portal: {
    custom_domain: string | null;
    header_text: string | null;
    homepage_link: string | null;
    name: string;
    page_title: string | null;
    slug: string;
    categories: never[];
    meta: { articles_count: number; categories_count: number; default_locale: string };
  };
  views: number;
  author?: { available_name: string; name: string; thumbnail: string };
  associated_articles: never[];
  link: string;
}

/** `GET /hc/{portal}/{locale}/articles.json`: one page of published articles and their total. */
export interface HelpCentreArticlesPage {
  payload: HelpCentreArticle[];
  meta: { articles_count: number };
}

/** `window.chatwootWebChannel` (docs/protocol.md#the-widget-page). */
export interface ChannelConfig {
  avatarUrl: string;
  /**
   * The name of the agent bot connected to the inbox, or "" (Chatwoot's page global). Chatwoot's
   * widget defines it and reads it nowhere, and neither does Wren's: it is there for what reads
   * the page's globals.
   */
  hasAConnectedAgentBot: string;
  locale: string;
  websiteName: string;
  websiteToken: string;
  welcomeTitle: string;
  welcomeTagline: string;
  widgetColor: string;
  /** The inbox's help centre (its `portal_id`), or null: home lists its popular articles. */
  portal: ChannelPortal | null;
  enabledFeatures: FeatureFlag[];
  enabledLanguages: { name: string; iso_639_1_code: string }[];
  replyTime: ReplyTime;
  preChatFormEnabled: boolean;
  preChatFormOptions: { pre_chat_message: string; pre_chat_fields: PreChatField[] };
  workingHoursEnabled: boolean;
  workingHours: WorkingHoursEntry[];
  outOfOfficeMessage: string | null;
  utcOffset: string;
  timezone: string;
  allowMessagesAfterResolved: boolean;
  disableBranding: boolean;
  /** Wren: the consent text by locale, `{}` for the widget's own (docs/behaviour.md#consent). */
  consentText: Record<string, string>;
  /** Wren: the privacy policy the consent screen links to, or null. */
  privacyPolicyUrl: string | null;
  /** Wren: what visitors get while the team is away (docs/behaviour.md#away-mode). */
  awayMode: AwayMode;
  /** Wren: the files visitors may send (docs/behaviour.md#file-rules). */
  fileRules: FileRules;
}

/** `window.globalConfig` (docs/protocol.md#the-widget-page); values are strings as Chatwoot renders them. */
export interface GlobalConfig {
  LOGO_THUMBNAIL: string;
  BRAND_NAME: string;
  WIDGET_BRAND_URL: string;
  DIRECT_UPLOADS_ENABLED: boolean;
  MAXIMUM_FILE_UPLOAD_SIZE: number;
  INSTALLATION_NAME: string;
}

/**
 * What `/widget` renders into its JSON data block (`<script type="application/json"
 * id="wren-config">`): the four Chatwoot page globals, without inline script, and (Wren) the
 * data the first paint needs.
 */
export interface WidgetBootConfig {
  chatwootWebChannel: ChannelConfig;
  chatwootPubsubToken: string;
  authToken: string;
  globalConfig: GlobalConfig;
  /** Absent when the server could not gather it (gateway mode, Chatwoot failing): the widget fetches it. */
  initialData?: WidgetInitialData;
}

/**
 * The visitor's data as the server knew it when it rendered the page (docs/protocol.md#the-data-block):
 * each field has the shape of the widget API call it saves.
 */
export interface WidgetInitialData {
  /** `GET /contact`. */
  contact: WidgetContact;
  /** `GET /conversations`, null for none. */
  conversation: ConversationSummary | null;
  /** `GET /messages`: the latest page only. */
  messages: MessagesPage;
  /** `GET /inbox_members` `payload`. */
  inboxMembers: InboxMember[];
  /** `GET /campaigns`. */
  campaigns: CampaignResponse[];
  /**
   * How the widget fills the gap between this data and its first subscription: `cable`, the
   * server answers the cable's `catch_up`; `request`, by `GET /messages?after=` (gateway mode:
   * Chatwoot's cable has no `catch_up`).
   */
  catchUp: 'cable' | 'request';
}

export const WIDGET_CONFIG_ELEMENT_ID = 'wren-config';

/** `GET /api/v1/widget/conversations` (empty object when the contact has none). */
export interface ConversationSummary {
  id: number;
  inbox_id: number;
  contact_last_seen_at: number;
  status: ConversationStatus;
}

export interface InboxMember {
  id: number;
  name: string;
  avatar_url: string;
  availability_status: AvailabilityStatus;
}

/** `GET /contact`; `id` is null for a visitor not stored yet (docs/protocol.md#the-lazy-visitor). */
export interface WidgetContact {
  id: number | null;
  has_email: boolean;
  has_name: boolean;
  has_phone_number: boolean;
  identifier: string | null;
}

/** `GET /api/v1/widget/messages`: a page of history, oldest first. */
export interface MessagesPage {
  payload: WidgetMessage[];
  /** `{}` when the contact has no conversation yet. */
  meta: { contact_last_seen_at?: number };
}

/** `POST /api/v1/widget/messages` and `POST /conversations` responses: a message with its sender. */
export type CreatedMessage = WidgetMessage & { inbox_id: number; private: boolean; source_id?: string | null };

/**
 * `POST /api/v1/widget/conversations`: the new conversation with its first message, its custom
 * attributes and the contact as the Application API shows it (the widget reads these fields).
 */
export interface CreatedConversation extends ConversationSummary {
  messages: WidgetMessage[];
  custom_attributes: Record<string, unknown>;
  contact: { id: number; name: string; email: string | null; phone_number: string | null; identifier: string | null };
}

/** One enabled campaign (`GET /api/v1/widget/campaigns`). `time_on_page` is in seconds. */
export interface CampaignResponse extends CampaignTrigger {
  message: string;
  sender: Extract<Sender, { type: 'user' }> | null;
}
