/**
 * The rich message kinds (docs/protocol.md#rich-messages): for each content type that carries
 * structured `content_attributes`, one valibot schema of what the agent side sends (`asks`) and
 * one of what the visitor's answer adds (`answer`, or null when it takes none).
 *
 * The server validates with these schemas; the widget and the agent console import their types
 * only (`import type`: a dependency rule keeps valibot out of the browser bundles this way). The
 * keys of `RICH_CONTENT` are the one list of kinds: every table keyed by `RichContentType`
 * fails `tsc` until it handles a new kind, and every `Handled<…>` fails until it names a new
 * field (docs/architecture.md#rich-messages).
 *
 * Shaped for a JSON Schema of the wire: plain objects, arrays with bounds, picklists, variants
 * on a `type` key and regex checks convert as they are; only the few `v.check`s (a pattern that
 * compiles, a select field that has options) and trimming are validation-only.
 */
import * as v from 'valibot';
import { isEmailAddress } from './email';
import type { ContentType } from './types';

/** An absolute http(s) URL: links, media and frames that leave the widget. */
export const httpUrl = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.url('must be an http(s) URL'),
  v.regex(/^https?:\/\/[^/?#\s]/i, 'must be an http(s) URL'),
);

const text = (max = 255) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
const optionalText = (max = 1024) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))));
const scalar = (max = 1024) => v.union([v.pipe(v.string(), v.maxLength(max)), v.number(), v.boolean()]);
/** A kind's list: 1 to 50 entries, as bots send them. */
const items = <S extends v.GenericSchema>(item: S) => v.pipe(v.array(item), v.minLength(1), v.maxLength(50));
const isRegExp = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** One choice of an `input_select` message; the answer is the chosen one. Other keys are refused, as Chatwoot refuses them. */
export const SelectOption = v.strictObject({ title: text(), value: v.optional(scalar()) });
export type SelectOption = v.InferOutput<typeof SelectOption>;

/** A card's button: a link (opens a new tab) or a postback (the visitor sends its payload). */
export const CardAction = v.variant('type', [
  v.strictObject({ type: v.literal('link'), text: text(), uri: httpUrl }),
  v.strictObject({ type: v.literal('postback'), text: text(), payload: scalar() }),
]);
export type CardAction = v.InferOutput<typeof CardAction>;

/** One card of a `cards` message. */
export const Card = v.strictObject({
  title: text(),
  description: optionalText(),
  media_url: v.optional(v.nullable(httpUrl)),
  actions: v.optional(v.pipe(v.array(CardAction), v.maxLength(10))),
});
export type Card = v.InferOutput<typeof Card>;

export const FORM_FIELD_TYPES = [
  'text',
  'text_area',
  'textarea',
  'email',
  'number',
  'tel',
  'url',
  'date',
  'select',
  'checkbox',
  'radio',
] as const;

const bound = v.optional(v.nullable(v.pipe(v.number(), v.finite())));

/** A choice of a form's select or radio field. */
export const FormFieldOption = v.looseObject({ label: text(), value: scalar() });
export type FormFieldOption = v.InferOutput<typeof FormFieldOption>;

/** One field of a bot's `form` message. Unknown keys pass through, as in Chatwoot. */
export const FormField = v.pipe(
  v.looseObject({
    name: text(),
    label: optionalText(255),
    title: optionalText(255),
    type: v.picklist(FORM_FIELD_TYPES),
    placeholder: optionalText(255),
    options: v.optional(v.array(FormFieldOption)),
    default: v.optional(v.nullable(scalar())),
    required: v.optional(v.boolean()),
    pattern: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1024), v.check(isRegExp, 'is not a valid pattern')))),
    pattern_error: optionalText(255),
    // Wren: the form library's bounds, on a number's value or a text's length.
    min: bound,
    max: bound,
  }),
  v.check((field) => !['select', 'radio'].includes(field.type) || (field.options?.length ?? 0) > 0, 'needs options'),
  v.check((field) => field.min == null || field.max == null || field.min <= field.max, 'min must not be more than max'),
);
export type FormField = v.InferOutput<typeof FormField>;

/** A form's answer: one value per field, by name. */
export const FormValue = v.strictObject({ name: text(), value: v.optional(v.nullable(scalar(10_000))) });
export type FormValue = v.InferOutput<typeof FormValue>;

/** One article of an `article` message. */
export const ArticleItem = v.looseObject({ title: text(), description: optionalText(), link: httpUrl });
export type ArticleItem = v.InferOutput<typeof ArticleItem>;

/** `submitted_values` of an answered survey. */
export const CsatResponse = v.strictObject({
  rating: v.pipe(
    v.number('Rating must be a whole number from 1 to 5'),
    v.integer('Rating must be a whole number from 1 to 5'),
    v.minValue(1, 'Rating must be a whole number from 1 to 5'),
    v.maxValue(5, 'Rating must be a whole number from 1 to 5'),
  ),
  // Nothing written is no feedback, stored as null.
  feedback_message: v.optional(
    v.nullable(
      v.pipe(
        v.string('Feedback message must be text of at most 10000 characters'),
        v.maxLength(10_000, 'Feedback message must be text of at most 10000 characters'),
        v.transform((feedback) => (feedback.trim() ? feedback : null)),
      ),
    ),
    null,
  ),
});
export type CsatResponse = v.InferOutput<typeof CsatResponse>;

/** A visitor's typed answer to an `input_text` or `input_textarea` message. */
const TextAnswer = v.strictObject({ value: v.pipe(v.string(), v.maxLength(10_000)) });

/** The answer attributes of kinds answered with `submitted_values` lists. */
const answers = <S extends v.GenericSchema>(entry: S) => v.strictObject({ submitted_values: items(entry) });

/** A video call: Chatwoot's Dyte meeting, or (Wren) a plain join URL for services that need no token. */
const Integration = v.variant('type', [
  v.looseObject({ type: v.literal('dyte'), data: v.looseObject({ meeting_id: text() }) }),
  v.looseObject({ type: v.literal('video_call'), data: v.looseObject({ join_url: httpUrl }) }),
]);

/** What a kind is: what the agent side sends, and what the visitor's answer adds (null: it takes none). */
interface RichContentDescription {
  asks: v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;
  answer: v.GenericSchema<Record<string, unknown>, Record<string, unknown>> | null;
}

/** Every rich kind, by content type: the one list of them. Top-level keys not named here (`in_reply_to`…) pass through. */
export const RICH_CONTENT = {
  input_select: { asks: v.looseObject({ items: items(SelectOption) }), answer: answers(SelectOption) },
  cards: { asks: v.looseObject({ items: items(Card) }), answer: null },
  form: { asks: v.looseObject({ items: items(FormField), button_label: optionalText(100) }), answer: answers(FormValue) },
  article: { asks: v.looseObject({ items: items(ArticleItem) }), answer: null },
  input_email: {
    asks: v.looseObject({}),
    answer: v.strictObject({ submitted_email: v.pipe(v.string(), v.check(isEmailAddress, 'Please enter a valid email address')) }),
  },
  input_csat: {
    asks: v.looseObject({ display_type: v.optional(v.picklist(['emoji', 'star'])) }),
    answer: v.strictObject({ submitted_values: v.strictObject({ csat_survey_response: CsatResponse }) }),
  },
  input_text: { asks: v.looseObject({}), answer: answers(TextAnswer) },
  input_textarea: { asks: v.looseObject({}), answer: answers(TextAnswer) },
  integrations: { asks: Integration, answer: null },
} as const satisfies Partial<Record<ContentType, RichContentDescription>>;

/** A content type with structured attributes. */
export type RichContentType = keyof typeof RICH_CONTENT;

/** The fields of `T`, its index signature (a loose object's) left out. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** Every field of any member of the union `T`. */
export type FieldOf<T> = T extends unknown ? KnownKeys<T> : never;

/** What the agent side sent for a kind. */
export type AskedAttributes<K extends RichContentType> = v.InferOutput<(typeof RICH_CONTENT)[K]['asks']>;

/** What the visitor's answer adds to a kind (nothing for kinds that take no answer). */
export type AnswerAttributes<K extends RichContentType> = (typeof RICH_CONTENT)[K]['answer'] extends v.GenericSchema
  ? v.InferOutput<NonNullable<(typeof RICH_CONTENT)[K]['answer']>>
  : // biome-ignore lint/complexity/noBannedTypes: "no fields at all" is the exact type of a kind without answers
    {};

/** A message's `content_attributes` for kind `K`: what was asked, and the answer once there is one. */
export type ContentAttributes<K extends RichContentType> = AskedAttributes<K> & Partial<AnswerAttributes<K>>;

/**
 * `T` as code that reads the fields `Keys` of it sees it: it compiles only while `Keys` names
 * every field of `T` (of each member, for a union), so a field added to a schema fails `tsc`
 * at every place that has not decided what to do with it, with the field named in the error.
 */
export type Handled<T, Keys extends FieldOf<T>> = T extends unknown
  ? [Exclude<KnownKeys<T>, Keys>] extends [never]
    ? T
    : { 'unhandled fields': Exclude<KnownKeys<T>, Keys> }
  : never;
