/**
 * The widget API's answers as valibot schemas (docs/protocol.md#widget-api): the shapes
 * Chatwoot 4.x sends, and what Wren adds marked with `x-wren`. They are the source of the
 * OpenAPI document (`openApiDocument.ts` → docs/openapi/widget-api.yaml, where every object
 * allows no key it does not name), and gateway mode reads Chatwoot's answers with them
 * (`server/gateway/pageData.ts`: parsing keeps only the keys named here). Each schema's output
 * `satisfies` the wire type in `src/shared`, so a field the code sends and this file does not
 * know fails `tsc` on one side or the document's test on the other.
 */
import * as v from 'valibot';
import { AWAY_MODES } from '../../src/shared/awayMode';
import type { ContactPushData, ConversationPushData, MessagePushData, UserPushData } from '../../src/shared/applicationApi';
import { ArticleItem, Card, CsatResponse, FormField, FormValue, SelectOption } from '../../src/shared/contentAttributes';
import type {
  Attachment as AttachmentType,
  CampaignResponse,
  ConversationSummary as ConversationSummaryType,
  CreatedMessage as CreatedMessageType,
  InboxMember as InboxMemberType,
  MessagesPage as MessagesPageType,
  WidgetContact as WidgetContactType,
  WidgetMessage,
} from '../../src/shared/types';
import type { WidgetConfigResponse } from '../presenters/widgetConfig';

/** Marks what Wren adds to Chatwoot's shape, with why, in the document (`x-wren`). */
export const wren = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.metadata({ 'x-wren': true, description }));

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
/** Seconds since the epoch, a whole number. */
export const Timestamp = v.pipe(v.number(), v.integer(), v.minValue(0));
const IsoTime = v.pipe(v.string(), v.isoTimestamp());
/** Attributes of the account's own choosing: any JSON object. */
export const Attributes = v.record(v.string(), v.unknown());

export const ContentType = v.picklist([
  'text',
  'input_text',
  'input_textarea',
  'input_email',
  'input_select',
  'cards',
  'form',
  'article',
  'incoming_email',
  'input_csat',
  'integrations',
  'sticker',
  'voice_call',
]);
const MessageType = v.picklist([0, 1, 2, 3]);
const Availability = v.picklist(['online', 'busy', 'offline']);
const ConversationStatus = v.picklist(['open', 'snoozed', 'pending', 'resolved']);
const DeliveryStatus = v.picklist(['sent', 'delivered', 'read', 'failed']);

/**
 * `content_attributes`: an object, never a string; what a rich kind asks and its answer
 * (src/shared/contentAttributes.ts, docs/protocol.md#rich-messages), the reply it quotes, and
 * whether it was deleted.
 */
export const ContentAttributes = v.object({
  in_reply_to: v.optional(v.nullable(Id)),
  in_reply_to_external_id: v.optional(v.nullable(v.string())),
  deleted: v.optional(v.boolean()),
  items: v.optional(v.union([v.array(SelectOption), v.array(Card), v.array(FormField), v.array(ArticleItem)])),
  button_label: v.optional(v.nullable(v.string())),
  display_type: v.optional(v.picklist(['emoji', 'star'])),
  submitted_values: v.optional(
    v.union([
      v.array(SelectOption),
      v.array(FormValue),
      v.array(v.object({ value: v.string() })),
      v.object({ csat_survey_response: CsatResponse }),
    ]),
  ),
  submitted_email: v.optional(v.string()),
  // A video call: Chatwoot's Dyte meeting, or Wren's plain join URL.
  type: v.optional(v.picklist(['dyte', 'video_call'])),
  data: v.optional(v.object({ meeting_id: v.optional(v.string()), join_url: v.optional(v.string()) })),
});

export const Attachment = v.object({
  id: Id,
  message_id: Id,
  file_type: v.picklist(['image', 'audio', 'video', 'file', 'location', 'fallback']),
  account_id: Id,
  extension: v.optional(v.nullable(v.string())),
  data_url: v.string(),
  thumb_url: v.optional(v.string()),
  file_size: v.optional(v.pipe(v.number(), v.integer())),
  width: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  height: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
  coordinates_lat: v.optional(v.number()),
  coordinates_long: v.optional(v.number()),
  fallback_title: v.optional(v.string()),
  transcribed_text: v.optional(v.string()),
}) satisfies v.GenericSchema<unknown, AttachmentType>;

export const AgentSender = v.object({
  id: Id,
  name: v.string(),
  available_name: v.string(),
  avatar_url: v.string(),
  type: v.literal('user'),
  availability_status: Availability,
  thumbnail: v.string(),
}) satisfies v.GenericSchema<unknown, UserPushData>;

export const ContactSender = v.object({
  id: Id,
  name: v.string(),
  email: v.nullable(v.string()),
  phone_number: v.nullable(v.string()),
  identifier: v.nullable(v.string()),
  thumbnail: v.string(),
  additional_attributes: Attributes,
  custom_attributes: Attributes,
  blocked: v.boolean(),
  type: v.literal('contact'),
}) satisfies v.GenericSchema<unknown, ContactPushData>;

const BotSender = v.object({ id: Id, name: v.string(), avatar_url: v.string(), type: v.literal('agent_bot') });
const AssistantSender = v.object({
  id: Id,
  name: v.string(),
  avatar_url: v.string(),
  description: v.nullable(v.string()),
  created_at: v.union([Timestamp, IsoTime]),
  type: v.literal('captain_assistant'),
});
/** Who wrote a message: an agent, the contact, an agent bot or Chatwoot's AI assistant. */
export const Sender = v.variant('type', [AgentSender, ContactSender, BotSender, AssistantSender]);

const echoId = wren(
  v.string(),
  "The `echo_id` the widget sent: a retry is stored once, and the answer replaces the widget's optimistic copy",
);
const deliveryStatus = wren(DeliveryStatus, 'Whether the other side has the message: sent, delivered or read (Chatwoot leaves it out)');

/** A message of `GET /messages` (and of `POST /conversations`' answer). */
export const Message = v.object({
  id: Id,
  content: v.nullable(v.string()),
  message_type: MessageType,
  content_type: ContentType,
  content_attributes: ContentAttributes,
  created_at: Timestamp,
  conversation_id: Id,
  status: v.optional(deliveryStatus),
  attachments: v.optional(v.array(Attachment)),
  sender: v.optional(Sender),
  echo_id: v.optional(echoId),
}) satisfies v.GenericSchema<unknown, Omit<WidgetMessage, 'sender'>>;

export const MessagesPage = v.object({
  payload: v.array(Message),
  meta: v.object({ contact_last_seen_at: v.optional(Timestamp) }),
}) satisfies v.GenericSchema<unknown, Omit<MessagesPageType, 'payload'>>;

/** `POST /messages`' answer: the stored message (no `content_type`, as Chatwoot's). */
export const CreatedMessage = v.object({
  id: Id,
  content: v.nullable(v.string()),
  inbox_id: Id,
  conversation_id: Id,
  message_type: MessageType,
  created_at: Timestamp,
  private: v.boolean(),
  source_id: v.nullable(v.string()),
  content_attributes: ContentAttributes,
  status: v.optional(deliveryStatus),
  attachments: v.optional(v.array(Attachment)),
  sender: v.nullable(Sender),
  echo_id: v.optional(echoId),
}) satisfies v.GenericSchema<unknown, Omit<CreatedMessageType, 'sender' | 'content_type'>>;

export const ConversationSummary = v.object({
  id: Id,
  inbox_id: Id,
  contact_last_seen_at: Timestamp,
  status: ConversationStatus,
}) satisfies v.GenericSchema<unknown, ConversationSummaryType>;

/** `GET /conversations`: the visitor's conversation, or `{}` without one. */
export const CurrentConversation = v.union([ConversationSummary, v.object({})]);

/** The contact as the Application API shows it (`POST /conversations`, an answered `input_email`). */
export const ContactRecord = v.object({
  id: v.nullable(Id),
  name: v.string(),
  email: v.nullable(v.string()),
  phone_number: v.nullable(v.string()),
  identifier: v.nullable(v.string()),
  thumbnail: v.string(),
  availability_status: Availability,
  blocked: v.boolean(),
  additional_attributes: Attributes,
  custom_attributes: Attributes,
  last_activity_at: v.nullable(Timestamp),
  created_at: v.nullable(Timestamp),
});

export const CreatedConversation = v.object({
  ...ConversationSummary.entries,
  messages: v.array(Message),
  custom_attributes: Attributes,
  contact: ContactRecord,
});

/** `GET /contact`. */
export const WidgetContact = v.object({
  id: v.nullable(Id),
  has_email: v.boolean(),
  has_name: v.boolean(),
  has_phone_number: v.boolean(),
  identifier: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, WidgetContactType>;

/** `PATCH /contact`: the same, without the identifier. */
export const UpdatedContact = v.object({
  id: v.nullable(Id),
  has_email: v.boolean(),
  has_name: v.boolean(),
  has_phone_number: v.boolean(),
});

/** `PATCH /contact/set_user`: with a new visitor's token when the session moved to another contact. */
export const IdentifiedContact = v.object({
  ...UpdatedContact.entries,
  widget_auth_token: v.optional(v.string()),
  pubsub_token: v.optional(
    wren(v.string(), "The new contact's pubsub token, so the widget's socket follows the session (Chatwoot sends none)"),
  ),
});

/** `PATCH /messages/{id}`: the contact after an `input_email` answer, else nothing. */
export const MessageAnswered = v.object({ contact: v.optional(ContactRecord) });

/** `Message#push_event_data`, as the messages of a conversation record carry it. */
const MessageRecord = v.object({
  id: Id,
  content: v.nullable(v.string()),
  account_id: Id,
  inbox_id: Id,
  conversation_id: Id,
  message_type: MessageType,
  content_type: ContentType,
  content_attributes: ContentAttributes,
  status: DeliveryStatus,
  private: v.boolean(),
  created_at: Timestamp,
  updated_at: IsoTime,
  source_id: v.nullable(v.string()),
  sender_type: v.nullable(v.picklist(['Contact', 'User', 'AgentBot'])),
  sender_id: v.nullable(Id),
  external_source_ids: Attributes,
  additional_attributes: Attributes,
  processed_message_content: v.nullable(v.string()),
  sentiment: Attributes,
  conversation: v.object({
    assignee_id: v.nullable(Id),
    unread_count: v.pipe(v.number(), v.integer()),
    last_activity_at: Timestamp,
    contact_inbox: v.object({ source_id: v.string() }),
  }),
  echo_id: v.optional(echoId),
  sender: v.optional(v.variant('type', [AgentSender, ContactSender])),
  attachments: v.optional(v.array(Attachment)),
  // `previous_changes` is `message.updated`'s alone: a conversation record carries none.
}) satisfies v.GenericSchema<unknown, Omit<MessagePushData, 'content_attributes' | 'previous_changes'>>;

/** `POST /conversations/destroy_custom_attributes`: the whole conversation, as Chatwoot's event data. */
export const ConversationRecord = v.object({
  id: Id,
  inbox_id: Id,
  status: ConversationStatus,
  channel: v.literal('Channel::WebWidget'),
  can_reply: v.boolean(),
  priority: v.nullable(v.string()),
  labels: v.array(v.string()),
  custom_attributes: Attributes,
  additional_attributes: Attributes,
  contact_inbox: v.object({
    id: Id,
    contact_id: Id,
    inbox_id: Id,
    source_id: v.string(),
    hmac_verified: v.boolean(),
    pubsub_token: v.string(),
    created_at: IsoTime,
    updated_at: IsoTime,
  }),
  messages: v.array(MessageRecord),
  meta: v.object({
    sender: ContactSender,
    assignee: v.nullable(AgentSender),
    assignee_type: v.nullable(v.literal('User')),
    team: v.null(),
    hmac_verified: v.boolean(),
  }),
  snoozed_until: v.nullable(Timestamp),
  unread_count: v.pipe(v.number(), v.integer()),
  first_reply_created_at: v.nullable(Timestamp),
  waiting_since: Timestamp,
  agent_last_seen_at: Timestamp,
  contact_last_seen_at: Timestamp,
  last_activity_at: Timestamp,
  timestamp: Timestamp,
  created_at: Timestamp,
  // Chatwoot's `updated_at.to_f`: seconds with their fraction.
  updated_at: v.number(),
  account_id: Id,
}) satisfies v.GenericSchema<unknown, Omit<ConversationPushData, 'messages'>>;

export const InboxMember = v.object({
  id: Id,
  name: v.string(),
  avatar_url: v.string(),
  availability_status: Availability,
}) satisfies v.GenericSchema<unknown, InboxMemberType>;

export const InboxMembers = v.object({ payload: v.array(InboxMember) });

export const Campaign = v.object({
  id: Id,
  trigger_rules: v.object({ url: v.optional(v.string()), time_on_page: v.optional(v.number()) }),
  trigger_only_during_business_hours: v.boolean(),
  message: v.string(),
  sender: v.nullable(AgentSender),
}) satisfies v.GenericSchema<unknown, CampaignResponse>;

export const Campaigns = v.array(Campaign);

export const WorkingHours = v.object({
  day_of_week: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  open_hour: v.nullable(v.pipe(v.number(), v.integer())),
  open_minutes: v.nullable(v.pipe(v.number(), v.integer())),
  close_hour: v.nullable(v.pipe(v.number(), v.integer())),
  close_minutes: v.nullable(v.pipe(v.number(), v.integer())),
  open_all_day: v.boolean(),
  closed_all_day: v.boolean(),
});

const Portal = v.object({
  id: Id,
  account_id: Id,
  name: v.string(),
  slug: v.string(),
  custom_domain: v.nullable(v.string()),
  color: v.nullable(v.string()),
  homepage_link: v.nullable(v.string()),
  page_title: v.nullable(v.string()),
  header_text: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  config: v.object({ allowed_locales: v.array(v.string()), default_locale: v.string() }),
  archived: v.boolean(),
  channel_web_widget_id: v.nullable(Id),
  ssl_settings: Attributes,
});

const PreChatField = v.object({
  field_type: v.picklist(['standard', 'contact_attribute', 'conversation_attribute']),
  label: v.string(),
  placeholder: v.optional(v.string()),
  name: v.string(),
  type: v.string(),
  required: v.boolean(),
  enabled: v.boolean(),
  values: v.optional(v.array(v.string())),
  regex_pattern: v.optional(v.string()),
  regex_cue: v.optional(v.string()),
});

/** `POST /config`: the `/widget` page's globals as JSON (Chatwoot's mobile SDKs; Wren's gateway). */
export const WidgetConfig = v.object({
  website_channel_config: v.object({
    allow_messages_after_resolved: v.boolean(),
    api_host: v.string(),
    auth_token: v.string(),
    avatar_url: v.string(),
    csat_survey_enabled: v.boolean(),
    disable_branding: v.boolean(),
    enabled_features: v.array(v.picklist(['attachments', 'emoji_picker', 'end_conversation', 'use_inbox_avatar_for_bot'])),
    enabled_languages: v.array(v.object({ name: v.string(), iso_639_1_code: v.string() })),
    locale: v.string(),
    out_of_office_message: v.nullable(v.string()),
    portal: v.nullable(Portal),
    pre_chat_form_enabled: v.boolean(),
    pre_chat_form_options: v.object({ pre_chat_message: v.string(), pre_chat_fields: v.array(PreChatField) }),
    reply_time: v.picklist(['in_a_few_minutes', 'in_a_few_hours', 'in_a_day']),
    timezone: v.string(),
    utc_off_set: v.string(),
    website_name: v.string(),
    website_token: v.string(),
    welcome_tagline: v.string(),
    welcome_title: v.string(),
    widget_color: v.string(),
    working_hours: v.array(WorkingHours),
    working_hours_enabled: v.boolean(),
    consent_text: wren(
      v.record(v.string(), v.string()),
      'The consent text by locale, empty for the widget’s own text (docs/behaviour.md#consent)',
    ),
    privacy_policy_url: wren(v.nullable(v.string()), 'The privacy policy the consent screen links to'),
    away_mode: wren(
      v.picklist(AWAY_MODES),
      'What visitors get while the team is away: the chat, an e-mail form, or no launcher (docs/behaviour.md#away-mode)',
    ),
    file_rules: wren(
      v.object({ extensions: v.array(v.string()), max_size_mb: v.number() }),
      'The extensions visitors may send and the largest file in MB (docs/behaviour.md#file-rules)',
    ),
  }),
  contact: v.object({
    id: v.nullable(Id),
    name: v.nullable(v.string()),
    email: v.nullable(v.string()),
    phone_number: v.nullable(v.string()),
    identifier: v.nullable(v.string()),
    pubsub_token: v.string(),
  }),
  global_config: v.object({
    LOGO_THUMBNAIL: v.string(),
    BRAND_NAME: v.string(),
    WIDGET_BRAND_URL: v.string(),
    MAXIMUM_FILE_UPLOAD_SIZE: v.union([v.number(), v.string()]),
    INSTALLATION_NAME: v.string(),
  }),
}) satisfies v.GenericSchema<unknown, Omit<WidgetConfigResponse, 'global_config'>>;

/** Most errors: what went wrong, in words. */
export const ErrorAnswer = v.object({
  error: v.string(),
  error_code: v.optional(v.string()),
});

/** A model's validation errors, as Chatwoot renders them. */
export const ValidationErrors = v.object({ message: v.string(), attributes: v.array(v.string()) });
