/**
 * Inbox shapes: the Application API inbox (docs/protocol.md#application-api) and the
 * widget's `chatwootWebChannel` (#the-widget-page).
 */
import type { ChannelConfig } from '../../src/shared/types';
import type { Account, Inbox } from '../repositories/inboxes';
import type { Portal } from '../repositories/portals';
import { effectiveFileRules } from '../uploads/fileTypes';
import { enabledLanguages } from './languages';
import { channelPortal } from './portal';

/** The inbox timezone's current UTC offset as `"+05:30"`; unknown zones count as UTC. */
export function utcOffset(timezone: string, at = new Date()): string {
  try {
    const part =
      new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part);
    return match ? `${match[1]}${match[2]}:${match[3]}` : '+00:00';
  } catch {
    return '+00:00';
  }
}

/** Whether `timezone` is an IANA zone this runtime knows. */
export function isKnownTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** `allowed_domains` (comma- or newline-separated, as Chatwoot stores it) as a list. */
export function allowedDomains(inbox: Inbox): string[] {
  return inbox.allowed_domains
    .split(/[,\n]/)
    .map((d) => d.trim())
    .filter(Boolean);
}

/** The Application API inbox JSON (admin view, so `hmac_token` is included). */
export function inboxJson(inbox: Inbox) {
  return {
    id: inbox.id,
    account_id: inbox.account_id,
    name: inbox.name,
    channel_type: inbox.channel_type,
    channel_id: inbox.id,
    avatar_url: inbox.avatar_url ?? '',
    website_token: inbox.website_token,
    website_url: inbox.website_url,
    widget_color: inbox.widget_color,
    welcome_title: inbox.welcome_title,
    welcome_tagline: inbox.welcome_tagline,
    reply_time: inbox.reply_time,
    selected_feature_flags: inbox.feature_flags,
    pre_chat_form_enabled: inbox.pre_chat_form_enabled,
    pre_chat_form_options: inbox.pre_chat_form_options,
    working_hours_enabled: inbox.working_hours_enabled,
    working_hours: inbox.working_hours,
    timezone: inbox.timezone,
    out_of_office_message: inbox.out_of_office_message,
    csat_survey_enabled: inbox.csat_survey_enabled,
    csat_config: inbox.csat_config,
    allow_messages_after_resolved: inbox.allow_messages_after_resolved,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message,
    enable_email_collect: inbox.enable_email_collect,
    continuity_via_email: inbox.continuity_via_email,
    hmac_mandatory: inbox.hmac_mandatory,
    hmac_token: inbox.hmac_token,
    allowed_domains: inbox.allowed_domains,
    portal_id: inbox.portal_id,
    consent_text: inbox.consent_text,
    privacy_policy_url: inbox.privacy_policy_url,
    away_mode: inbox.away_mode,
    // null: the default (every type of Wren's list; the server's MAX_UPLOAD_MB).
    file_rules: { allowed_types: inbox.file_rules.allowed_types ?? null, max_size_mb: inbox.file_rules.max_size_mb ?? null },
  };
}

/**
 * `window.chatwootWebChannel` for the `/widget` page; `portal` is the inbox's help centre
 * (`inboxPortal`), `maxUploadMb` the server's limit, which the inbox's file rules stay under.
 */
export function channelConfig(inbox: Inbox, account: Account, portal: Portal | undefined, maxUploadMb: number): ChannelConfig {
  return {
    avatarUrl: inbox.avatar_url ?? '',
    // No agent bot is ever connected here: bots answer through the Application API, as agents.
    hasAConnectedAgentBot: '',
    locale: account.locale,
    websiteName: inbox.name,
    websiteToken: inbox.website_token,
    welcomeTitle: inbox.welcome_title,
    welcomeTagline: inbox.welcome_tagline,
    widgetColor: inbox.widget_color,
    portal: portal ? channelPortal(portal) : null,
    enabledFeatures: inbox.feature_flags,
    enabledLanguages: enabledLanguages(),
    replyTime: inbox.reply_time,
    preChatFormEnabled: inbox.pre_chat_form_enabled,
    preChatFormOptions: {
      pre_chat_message: inbox.pre_chat_form_options.pre_chat_message ?? '',
      pre_chat_fields: inbox.pre_chat_form_options.pre_chat_fields ?? [],
    },
    workingHoursEnabled: inbox.working_hours_enabled,
    workingHours: inbox.working_hours,
    outOfOfficeMessage: inbox.out_of_office_message,
    utcOffset: utcOffset(inbox.timezone),
    timezone: inbox.timezone,
    allowMessagesAfterResolved: inbox.allow_messages_after_resolved,
    disableBranding: account.feature_flags.includes('disable_branding'),
    consentText: inbox.consent_text,
    privacyPolicyUrl: inbox.privacy_policy_url,
    awayMode: inbox.away_mode,
    fileRules: effectiveFileRules(inbox.file_rules, maxUploadMb),
  };
}
