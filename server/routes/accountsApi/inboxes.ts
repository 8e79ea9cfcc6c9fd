/**
 * `POST /api/v1/accounts/:a/inboxes` and `GET`/`PATCH …/inboxes/:id` (docs/protocol.md#application-api):
 * website inboxes and their widget's channel settings. Settings may come flat or nested under
 * `channel`, as Chatwoot accepts both.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { AWAY_MODES } from '../../../src/shared/awayMode';
import { LOCALES } from '../../../src/shared/locales';
import type { FeatureFlag, WorkingHoursEntry } from '../../../src/shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound, ValidationError } from '../../lib/apiError';
import { inboxJson, isKnownTimezone } from '../../presenters/inbox';
import { createInbox, findInbox, updateInbox, type Inbox, type InboxChanges } from '../../repositories/inboxes';
import { randomToken } from '../../lib/random';
import { findPortal } from '../../repositories/portals';
import { admittedExtensions } from '../../uploads/fileTypes';
import { paramId, readBody, schemas } from '../body';

const hour = (max: number) => v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max))));
const WorkingHours = v.pipe(
  v.array(
    v.object({
      day_of_week: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
      closed_all_day: v.optional(v.boolean()),
      open_all_day: v.optional(v.boolean()),
      open_hour: hour(23),
      open_minutes: hour(59),
      close_hour: hour(23),
      close_minutes: hour(59),
    }),
  ),
  v.maxLength(7),
);

const CsatConfig = v.looseObject({
  display_type: v.optional(v.picklist(['emoji', 'star'])),
  message: schemas.optionalText(1000),
  button_text: schemas.optionalText(100),
  language: schemas.optionalText(10),
  survey_rules: v.optional(
    v.nullable(
      v.looseObject({
        operator: v.picklist(['contains', 'does_not_contain']),
        values: v.pipe(v.array(v.pipe(v.string(), v.maxLength(255))), v.maxLength(100)),
      }),
    ),
  ),
});

/** An http(s) address, or '' / null for none; `label` names it in the error. */
const webAddress = (label: string) =>
  v.optional(
    v.nullable(
      v.union([
        v.literal(''),
        v.pipe(v.string(), v.maxLength(2048), v.regex(/^https?:\/\/\S+$/, `${label} must start with http:// or https://`)),
      ]),
    ),
  );

const bound = v.optional(v.nullable(v.pipe(v.number(), v.finite())));

const PreChatField = v.pipe(
  v.looseObject({
    name: v.string(),
    label: v.optional(v.string()),
    type: v.optional(v.string()),
    placeholder: v.optional(v.nullable(v.string())),
    field_type: v.optional(v.picklist(['standard', 'contact_attribute', 'conversation_attribute'])),
    required: v.optional(v.boolean()),
    enabled: v.optional(v.boolean()),
    values: v.optional(v.array(v.string())),
    regex_pattern: v.optional(v.nullable(v.string())),
    regex_cue: v.optional(v.nullable(v.string())),
    // Wren: the form library's bounds on a number attribute's value or a text attribute's length.
    min: bound,
    max: bound,
  }),
  v.check((field) => field.min == null || field.max == null || field.min <= field.max, 'min must not be more than max'),
);

/** The consent text by locale (docs/behaviour.md#consent); `{}` or null: the widget's own. */
const ConsentText = v.nullable(
  v.pipe(
    v.record(
      v.picklist(LOCALES, 'consent_text: keys must be locales of the widget, e.g. "en" or "pt_BR"'),
      v.pipe(v.string(), v.trim(), v.maxLength(1000, 'consent_text: at most 1,000 characters per locale')),
    ),
    // An empty text is no text: the widget's own shows in that language.
    v.transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== ''))),
  ),
);

/** What visitors may send (docs/behaviour.md#file-rules); null: the defaults again. */
const FileRules = v.nullable(
  v.strictObject({
    allowed_types: v.optional(
      v.nullable(
        v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(255))),
          v.minLength(1, 'file_rules.allowed_types: name at least one type, or turn attachments off in selected_feature_flags'),
          v.maxLength(200),
        ),
      ),
    ),
    max_size_mb: v.optional(v.nullable(v.pipe(v.number(), v.gtValue(0, 'file_rules.max_size_mb must be more than 0')))),
  }),
);

const Settings = {
  name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255))),
  website_url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  widget_color: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{3,8}$/, 'Invalid color: expected #rrggbb'))),
  welcome_title: v.optional(v.pipe(v.string(), v.maxLength(255))),
  welcome_tagline: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  reply_time: v.optional(v.picklist(['in_a_few_minutes', 'in_a_few_hours', 'in_a_day'])),
  pre_chat_form_enabled: v.optional(v.boolean()),
  pre_chat_form_options: v.optional(
    v.object({
      pre_chat_message: v.optional(v.string()),
      require_email: v.optional(v.boolean()),
      pre_chat_fields: v.optional(v.array(PreChatField)),
    }),
  ),
  hmac_mandatory: v.optional(v.boolean()),
  allowed_domains: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  selected_feature_flags: v.optional(v.array(v.picklist(['attachments', 'emoji_picker', 'end_conversation', 'use_inbox_avatar_for_bot']))),
  working_hours_enabled: v.optional(v.boolean()),
  working_hours: v.optional(WorkingHours),
  timezone: v.optional(v.pipe(v.string(), v.check(isKnownTimezone, 'Unknown timezone'))),
  out_of_office_message: schemas.optionalText(10_000),
  csat_survey_enabled: v.optional(v.boolean()),
  csat_config: v.optional(CsatConfig),
  // Wren: the avatar is a URL (Chatwoot takes an uploaded file as `avatar`).
  avatar_url: webAddress('Avatar URL'),
  allow_messages_after_resolved: v.optional(v.boolean()),
  greeting_enabled: v.optional(v.boolean()),
  greeting_message: schemas.optionalText(10_000),
  enable_email_collect: v.optional(v.boolean()),
  continuity_via_email: v.optional(v.boolean()),
  portal_id: v.optional(v.nullable(schemas.id)),
  consent_text: v.optional(ConsentText),
  privacy_policy_url: webAddress('Privacy policy URL'),
  away_mode: v.optional(v.picklist(AWAY_MODES, `away_mode must be one of ${AWAY_MODES.join(', ')}`)),
  file_rules: v.optional(FileRules),
};

const UpdateInbox = v.object({ ...Settings, channel: v.optional(v.object(Settings)) });

/** Chatwoot's "create website inbox": a name, and a `web_widget` channel with its settings. */
const CreateInbox = v.object({
  ...Settings,
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Name is required'), v.maxLength(255)),
  channel: v.object({ ...Settings, type: v.literal('web_widget', 'Only web_widget channels can be created') }),
});

type Update = v.InferOutput<typeof UpdateInbox>;

const DEFAULT_FEATURES: FeatureFlag[] = ['attachments', 'emoji_picker', 'end_conversation'];

function mergeWorkingHours(current: WorkingHoursEntry[], updates: NonNullable<Update['working_hours']>): WorkingHoursEntry[] {
  const byDay = new Map(current.map((e) => [e.day_of_week, e]));
  for (const update of updates) {
    const base = byDay.get(update.day_of_week) ?? {
      day_of_week: update.day_of_week,
      closed_all_day: false,
      open_all_day: false,
      open_hour: null,
      open_minutes: null,
      close_hour: null,
      close_minutes: null,
    };
    byDay.set(update.day_of_week, { ...base, ...Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) });
  }
  return [...byDay.values()].sort((a, b) => a.day_of_week - b.day_of_week);
}

/** The file rules as stored: only the keys that differ from the defaults. */
function storedFileRules(rules: NonNullable<v.InferOutput<typeof FileRules>> | null): Inbox['file_rules'] {
  return {
    ...(rules?.allowed_types && { allowed_types: rules.allowed_types }),
    ...(rules?.max_size_mb && { max_size_mb: rules.max_size_mb }),
  };
}

/**
 * File rules within what the server can take: types it knows (never an executable) and a size
 * under its `MAX_UPLOAD_MB`. Each problem is named, so the caller can fix it.
 */
function checkFileRules(rules: Inbox['file_rules'], maxUploadMb: number): void {
  const unknown = rules.allowed_types ? admittedExtensions(rules.allowed_types).unknown : [];
  if (unknown.length)
    throw new ValidationError(
      `file_rules.allowed_types: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a type' : 'are not types'} Wren accepts (extensions such as pdf, MIME families such as image/*, or MIME types of Wren's list; executables are never accepted)`,
      ['file_rules'],
    );
  if ((rules.max_size_mb ?? 0) > maxUploadMb)
    throw new ValidationError(`file_rules.max_size_mb must be at most the server's limit of ${maxUploadMb} MB`, ['file_rules']);
}

const minutesOf = (hour: number | null, minutes: number | null) => (hour ?? 0) * 60 + (minutes ?? 0);

/** A full week (one entry per day) whose open days close after they open. */
function checkWorkingHours(week: WorkingHoursEntry[]): void {
  if (week.length !== 7) throw new ApiError(422, 'working_hours: expected one entry per day of the week');
  for (const day of week) {
    if (day.open_all_day && day.closed_all_day)
      throw new ApiError(422, `working_hours: day ${day.day_of_week} cannot be open and closed all day`);
    if (day.open_all_day || day.closed_all_day) continue;
    if (day.open_hour === null || day.close_hour === null)
      throw new ApiError(422, `working_hours: day ${day.day_of_week} needs open and close hours`);
    if (minutesOf(day.close_hour, day.close_minutes) <= minutesOf(day.open_hour, day.open_minutes)) {
      throw new ApiError(422, `working_hours: day ${day.day_of_week} must close after it opens`);
    }
  }
}

function toChanges(inbox: Inbox, body: Update): InboxChanges {
  const {
    channel: _nested,
    selected_feature_flags: flags,
    working_hours: hours,
    pre_chat_form_options: preChat,
    consent_text: consentText,
    file_rules: fileRules,
    ...flat
  } = { ...body, ...body.channel };
  const changes: InboxChanges = { ...flat };
  if (consentText !== undefined) changes.consent_text = consentText ?? {};
  if (flat.privacy_policy_url !== undefined) changes.privacy_policy_url = flat.privacy_policy_url || null;
  if (fileRules !== undefined) changes.file_rules = storedFileRules(fileRules);
  if (flags) changes.feature_flags = [...new Set(flags)];
  if (hours) changes.working_hours = mergeWorkingHours(inbox.working_hours, hours);
  if (flat.avatar_url !== undefined) changes.avatar_url = flat.avatar_url || null;
  if (preChat) changes.pre_chat_form_options = { ...inbox.pre_chat_form_options, ...preChat } as Inbox['pre_chat_form_options'];
  return changes;
}

/** Inbox settings routes (mounted under `/api/v1/accounts/:a`). */
export function inboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const load = async (accountId: number, id: number) => {
    const inbox = await findInbox(deps.db, id, accountId);
    if (!inbox) throw notFound();
    return inbox;
  };

  app.post('/inboxes', async (c) => {
    const {
      channel: { type: _type, ...channel },
      ...body
    } = await readBody(c, CreateInbox);
    const accountId = c.get('account').id;
    // One transaction: settings refused below leave no inbox behind.
    const inbox = await deps.db.transaction().execute(async (trx) => {
      const created = await createInbox(trx, {
        account_id: accountId,
        name: body.name,
        website_token: randomToken(18),
        hmac_token: randomToken(24),
      });
      // Chatwoot's new website inbox has attachments, the emoji picker and End Conversation on.
      const changes = toChanges(created, { selected_feature_flags: DEFAULT_FEATURES, ...body, channel });
      if (changes.working_hours) checkWorkingHours(changes.working_hours);
      if (changes.file_rules) checkFileRules(changes.file_rules, deps.config.maxUploadMb);
      if (typeof changes.portal_id === 'number' && !(await findPortal(trx, changes.portal_id, accountId)))
        throw new ValidationError('Portal must exist', ['portal_id']);
      return updateInbox(trx, created.id, changes);
    });
    return c.json(inboxJson(inbox));
  });

  app.get('/inboxes/:id', async (c) => c.json(inboxJson(await load(c.get('account').id, paramId(c, 'id')))));

  app.on(['PATCH', 'PUT'], '/inboxes/:id', async (c) => {
    const inbox = await load(c.get('account').id, paramId(c, 'id'));
    const body = await readBody(c, UpdateInbox);
    const changes = toChanges(inbox, body);
    if (changes.working_hours) checkWorkingHours(changes.working_hours);
    if (changes.file_rules) checkFileRules(changes.file_rules, deps.config.maxUploadMb);
    // The widget shows this portal's articles (docs/protocol.md#help-centre); null unlinks it.
    if (typeof changes.portal_id === 'number' && !(await findPortal(deps.db, changes.portal_id, inbox.account_id)))
      throw new ValidationError('Portal must exist', ['portal_id']);
    const updated = await updateInbox(deps.db, inbox.id, changes);
    deps.caches.invalidate('inboxes');
    return c.json(inboxJson(updated));
  });

  return app;
}
