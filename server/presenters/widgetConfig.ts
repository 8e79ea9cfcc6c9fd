/**
 * `POST /api/v1/widget/config` (docs/protocol.md#config, docs/protocol.md#the-widget-page): the JSON twin of
 * the `/widget` page's data block, in Chatwoot's snake case. The reference server answers it;
 * gateway mode reads Chatwoot's answer back into a `WidgetBootConfig`. Both directions live here
 * so the field correspondence is written once.
 */
import * as v from 'valibot';
import { AWAY_MODES, type AwayMode } from '../../src/shared/awayMode';
import type {
  ChannelConfig,
  FeatureFlag,
  GlobalConfig,
  PreChatField,
  ReplyTime,
  WidgetBootConfig,
  WorkingHoursEntry,
} from '../../src/shared/types';
import { effectiveFileRules } from '../uploads/fileTypes';
import { enabledLanguages } from './languages';

/** `website_channel_config` as Chatwoot's `configs/create.json.jbuilder` renders it. */
export interface WebsiteChannelConfig {
  allow_messages_after_resolved: boolean;
  api_host: string;
  auth_token: string;
  avatar_url: string;
  csat_survey_enabled: boolean;
  disable_branding: boolean;
  enabled_features: FeatureFlag[];
  enabled_languages: { name: string; iso_639_1_code: string }[];
  locale: string;
  out_of_office_message: string | null;
  portal: ChannelConfig['portal'];
  pre_chat_form_enabled: boolean;
  pre_chat_form_options: ChannelConfig['preChatFormOptions'];
  reply_time: ReplyTime;
  timezone: string;
  utc_off_set: string;
  website_name: string;
  website_token: string;
  welcome_tagline: string;
  welcome_title: string;
  widget_color: string;
  working_hours: WorkingHoursEntry[];
  working_hours_enabled: boolean;
  /** Wren (docs/behaviour.md#consent): the consent text by locale. */
  consent_text: ChannelConfig['consentText'];
  /** Wren: the privacy policy the consent screen links to. */
  privacy_policy_url: string | null;
  /** Wren (docs/behaviour.md#away-mode). */
  away_mode: ChannelConfig['awayMode'];
  /** Wren (docs/behaviour.md#file-rules): the extensions visitors may send and the largest file. */
  file_rules: { extensions: string[]; max_size_mb: number };
}

/** The whole answer of `POST /api/v1/widget/config`. */
export interface WidgetConfigResponse {
  website_channel_config: WebsiteChannelConfig;
  contact: {
    id: number | null;
    name: string | null;
    email: string | null;
    phone_number: string | null;
    identifier: string | null;
    pubsub_token: string;
  };
  global_config: Omit<GlobalConfig, 'DIRECT_UPLOADS_ENABLED'>;
}

/**
 * The reference server's answer, from what its `/widget` page would embed, and the inbox's CSAT
 * flag, which Chatwoot's answer carries and the widget does not read (the survey is a message).
 */
export function widgetConfigJson(
  boot: WidgetBootConfig,
  contact: Omit<WidgetConfigResponse['contact'], 'pubsub_token'>,
  apiHost: string,
  csatSurveyEnabled: boolean,
): WidgetConfigResponse {
  const c = boot.chatwootWebChannel;
  const { DIRECT_UPLOADS_ENABLED: _direct, ...global } = boot.globalConfig;
  return {
    website_channel_config: {
      allow_messages_after_resolved: c.allowMessagesAfterResolved,
      api_host: apiHost,
      auth_token: boot.authToken,
      avatar_url: c.avatarUrl,
      csat_survey_enabled: csatSurveyEnabled,
      disable_branding: c.disableBranding,
      enabled_features: c.enabledFeatures,
      enabled_languages: c.enabledLanguages,
      locale: c.locale,
      out_of_office_message: c.outOfOfficeMessage,
      portal: c.portal,
      pre_chat_form_enabled: c.preChatFormEnabled,
      pre_chat_form_options: c.preChatFormOptions,
      reply_time: c.replyTime,
      timezone: c.timezone,
      utc_off_set: c.utcOffset,
      website_name: c.websiteName,
      website_token: c.websiteToken,
      welcome_tagline: c.welcomeTagline,
      welcome_title: c.welcomeTitle,
      widget_color: c.widgetColor,
      working_hours: c.workingHours,
      working_hours_enabled: c.workingHoursEnabled,
      consent_text: c.consentText,
      privacy_policy_url: c.privacyPolicyUrl,
      away_mode: c.awayMode,
      file_rules: { extensions: c.fileRules.extensions, max_size_mb: c.fileRules.maxSizeMb },
    },
    contact: { ...contact, pubsub_token: boot.chatwootPubsubToken },
    global_config: global,
  };
}

// Chatwoot's answer is input from another system: every field is checked, and a missing or
// odd optional one falls back to Chatwoot's own default (docs/protocol.md#the-widget-page) instead of failing.
const text = (fallback: string) => v.fallback(v.string(), fallback);
const flag = (fallback: boolean) => v.fallback(v.boolean(), fallback);
const FEATURES: readonly FeatureFlag[] = ['attachments', 'emoji_picker', 'end_conversation', 'use_inbox_avatar_for_bot'];
const REPLY_TIMES: readonly ReplyTime[] = ['in_a_few_minutes', 'in_a_few_hours', 'in_a_day'];
const hour = v.fallback(v.nullable(v.number()), null);

const nullableText = v.fallback(v.nullable(v.string()), null);

/**
 * Chatwoot's `portal` (the inbox's help centre, serialised whole): the slug and locales the
 * widget needs must be there, the rest falls back (docs/protocol.md#help-centre).
 */
const ChatwootPortal = v.object({
  id: v.fallback(v.number(), 0),
  account_id: v.fallback(v.number(), 0),
  name: text(''),
  slug: v.pipe(v.string(), v.minLength(1)),
  custom_domain: nullableText,
  color: nullableText,
  homepage_link: nullableText,
  page_title: nullableText,
  header_text: nullableText,
  created_at: text(''),
  updated_at: text(''),
  config: v.object({
    allowed_locales: v.fallback(
      v.pipe(
        v.array(v.unknown()),
        // Codes, as the portal record stores them; the Application API's `{code, …}` objects are read too.
        v.transform((list) =>
          list
            .map((item) => (typeof item === 'string' ? item : (item as { code?: unknown } | null)?.code))
            .filter((code): code is string => typeof code === 'string' && code !== ''),
        ),
      ),
      [],
    ),
    default_locale: text('en'),
  }),
  archived: flag(false),
  channel_web_widget_id: v.fallback(v.nullable(v.number()), null),
  ssl_settings: v.fallback(v.record(v.string(), v.unknown()), {}),
});

const ChatwootConfig = v.object({
  website_channel_config: v.object({
    allow_messages_after_resolved: flag(true),
    auth_token: v.pipe(v.string(), v.minLength(1)),
    avatar_url: v.fallback(
      v.pipe(
        v.nullable(v.string()),
        v.transform((s) => s ?? ''),
      ),
      '',
    ),
    csat_survey_enabled: flag(false),
    disable_branding: flag(false),
    enabled_features: v.fallback(
      v.pipe(
        v.array(v.unknown()),
        v.transform((list) => FEATURES.filter((f) => list.includes(f))),
      ),
      ['attachments', 'emoji_picker', 'end_conversation'],
    ),
    locale: text('en'),
    out_of_office_message: v.fallback(v.nullable(v.string()), null),
    portal: v.fallback(v.nullable(ChatwootPortal), null),
    pre_chat_form_enabled: flag(false),
    pre_chat_form_options: v.fallback(
      v.object({
        pre_chat_message: text(''),
        pre_chat_fields: v.fallback(
          v.array(
            v.looseObject({
              name: v.string(),
              label: text(''),
              type: text('text'),
              field_type: text('standard'),
              required: flag(false),
              enabled: flag(false),
            }),
          ),
          [],
        ),
      }),
      { pre_chat_message: '', pre_chat_fields: [] },
    ),
    reply_time: v.fallback(v.picklist(REPLY_TIMES), 'in_a_few_minutes'),
    timezone: text('UTC'),
    utc_off_set: text('+00:00'),
    website_name: text(''),
    website_token: v.string(),
    welcome_tagline: text(''),
    welcome_title: text(''),
    widget_color: text('#1f93ff'),
    working_hours: v.fallback(
      v.array(
        v.object({
          day_of_week: v.number(),
          open_hour: hour,
          open_minutes: hour,
          close_hour: hour,
          close_minutes: hour,
          open_all_day: flag(false),
          closed_all_day: flag(false),
        }),
      ),
      [],
    ),
    working_hours_enabled: flag(false),
    // Wren's own keys: Chatwoot sends none of them, a gateway in front of Wren's server reads them.
    consent_text: v.fallback(v.record(v.string(), v.string()), {}),
    privacy_policy_url: nullableText,
    away_mode: v.fallback(v.optional(v.picklist(AWAY_MODES)), undefined),
    file_rules: v.fallback(v.nullable(v.object({ extensions: v.array(v.string()), max_size_mb: v.number() })), null),
  }),
  contact: v.object({ pubsub_token: v.pipe(v.string(), v.minLength(1)) }),
  global_config: v.fallback(v.record(v.string(), v.unknown()), {}),
});

/** What `bootConfigFromChatwoot` needs besides the answer. */
export interface ChatwootConfigContext {
  /** Chatwoot's origin: its relative URLs (the logo, avatars) are resolved against it. */
  origin: string;
  /** Global config values Chatwoot left out. */
  defaults: Omit<GlobalConfig, 'DIRECT_UPLOADS_ENABLED'>;
  /** The away mode for an answer that names none, as Chatwoot's never does (the gateway's `AWAY_MODE`). */
  awayMode: AwayMode;
}

/** `url` made absolute against `origin`; the widget page is on another origin than Chatwoot. */
function absolute(url: string, origin: string): string {
  if (!url) return url;
  try {
    return new URL(url, origin).href;
  } catch {
    return '';
  }
}

/** The widget's data block from Chatwoot's answer, or null when it is not that shape. */
export function bootConfigFromChatwoot(raw: unknown, { origin, defaults, awayMode }: ChatwootConfigContext): WidgetBootConfig | null {
  const parsed = v.safeParse(ChatwootConfig, raw);
  if (!parsed.success) return null;
  const c = parsed.output.website_channel_config;
  const global = parsed.output.global_config;
  const globalText = (key: keyof typeof defaults) => (typeof global[key] === 'string' ? global[key] : String(defaults[key]));
  const uploadMb = Number(global.MAXIMUM_FILE_UPLOAD_SIZE);
  const maxUploadMb = Number.isFinite(uploadMb) && uploadMb > 0 ? uploadMb : defaults.MAXIMUM_FILE_UPLOAD_SIZE;
  return {
    chatwootWebChannel: {
      avatarUrl: absolute(c.avatar_url, origin),
      // The answer does not carry it; the gateway reads it from Chatwoot's /widget page (inboxAnswers.ts).
      hasAConnectedAgentBot: '',
      locale: c.locale,
      websiteName: c.website_name,
      websiteToken: c.website_token,
      welcomeTitle: c.welcome_title,
      welcomeTagline: c.welcome_tagline,
      widgetColor: c.widget_color,
      portal: c.portal,
      enabledFeatures: c.enabled_features,
      // The languages this widget ships, not the server's: the widget chooses among them (docs/protocol.md#locale-choice).
      enabledLanguages: enabledLanguages(),
      replyTime: c.reply_time,
      preChatFormEnabled: c.pre_chat_form_enabled,
      preChatFormOptions: {
        pre_chat_message: c.pre_chat_form_options.pre_chat_message,
        pre_chat_fields: c.pre_chat_form_options.pre_chat_fields as PreChatField[],
      },
      workingHoursEnabled: c.working_hours_enabled,
      workingHours: c.working_hours,
      outOfOfficeMessage: c.out_of_office_message,
      utcOffset: c.utc_off_set,
      timezone: c.timezone,
      allowMessagesAfterResolved: c.allow_messages_after_resolved,
      disableBranding: c.disable_branding,
      consentText: c.consent_text,
      privacyPolicyUrl: c.privacy_policy_url,
      awayMode: c.away_mode ?? awayMode,
      // Chatwoot's own list is today's list of Wren's, up to its MAXIMUM_FILE_UPLOAD_SIZE.
      fileRules: c.file_rules
        ? { extensions: c.file_rules.extensions, maxSizeMb: c.file_rules.max_size_mb }
        : effectiveFileRules({}, maxUploadMb),
    },
    chatwootPubsubToken: parsed.output.contact.pubsub_token,
    authToken: c.auth_token,
    globalConfig: {
      LOGO_THUMBNAIL: absolute(globalText('LOGO_THUMBNAIL'), origin),
      BRAND_NAME: globalText('BRAND_NAME'),
      WIDGET_BRAND_URL: globalText('WIDGET_BRAND_URL'),
      // Direct uploads would go to Chatwoot's ActiveStorage, which nothing forwards.
      DIRECT_UPLOADS_ENABLED: false,
      MAXIMUM_FILE_UPLOAD_SIZE: maxUploadMb,
      INSTALLATION_NAME: globalText('INSTALLATION_NAME'),
    },
  };
}
