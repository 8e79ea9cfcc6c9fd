/**
 * What an agent or bot may put in a message (docs/protocol.md#shapes): the content types the widget can
 * render, and the shape of `content_attributes` each one needs. A malformed message is refused
 * up front (422 `{message, attributes}`, as Chatwoot's model validation answers) instead of
 * reaching visitors as a bubble that cannot render.
 */
import * as v from 'valibot';
import type { ContentType } from '../../src/shared/types';
import { ValidationError } from '../lib/apiError';
import { jsonBoundsViolation } from '../lib/jsonBounds';

/** Content types an agent or bot can create here. */
export const AGENT_CONTENT_TYPES = [
  'text',
  'input_text',
  'input_textarea',
  'input_email',
  'input_select',
  'cards',
  'form',
  'article',
  'input_csat',
  'integrations',
] as const satisfies readonly ContentType[];

export type AgentContentType = (typeof AGENT_CONTENT_TYPES)[number];

/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const text = (max = 255) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
const optionalText = (max = 1024) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max))));
const httpUrl = v.pipe(v.string(), v.maxLength(2048), v.check(isHttpUrl, 'must be an http(s) URL'));
const scalar = v.union([v.pipe(v.string(), v.maxLength(1024)), v.number(), v.boolean()]);
const items = <S extends v.GenericSchema>(item: S) => v.pipe(v.array(item), v.minLength(1), v.maxLength(50));
const isRegExp = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

const SelectItem = v.looseObject({ title: text(), value: v.optional(scalar) });

const CardAction = v.variant('type', [
  v.looseObject({ type: v.literal('link'), text: text(), uri: httpUrl }),
  v.looseObject({ type: v.literal('postback'), text: text(), payload: scalar }),
]);
const Card = v.looseObject({
  title: text(),
  description: optionalText(),
  media_url: v.optional(v.nullable(httpUrl)),
  actions: v.optional(v.pipe(v.array(CardAction), v.maxLength(10))),
});

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
const FormField = v.pipe(
  v.looseObject({
    name: text(),
    label: optionalText(255),
    title: optionalText(255),
    type: v.picklist(FORM_FIELD_TYPES),
    placeholder: optionalText(255),
    options: v.optional(v.array(v.looseObject({ label: text(), value: scalar }))),
    default: v.optional(v.nullable(scalar)),
    required: v.optional(v.boolean()),
    pattern: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1024), v.check(isRegExp, 'is not a valid pattern')))),
    pattern_error: optionalText(255),
  }),
  v.check((field) => !['select', 'radio'].includes(field.type) || (field.options?.length ?? 0) > 0, 'needs options'),
);

const Article = v.looseObject({ title: text(), description: optionalText(), link: httpUrl });

const Integration = v.variant('type', [
  v.looseObject({ type: v.literal('dyte'), data: v.looseObject({ meeting_id: text() }) }),
  // Wren: a plain join URL, for video services that need no token exchange.
  v.looseObject({ type: v.literal('video_call'), data: v.looseObject({ join_url: httpUrl }) }),
]);

/** The `content_attributes` each content type needs (others pass through untouched). */
const ATTRIBUTES: Partial<Record<AgentContentType, v.GenericSchema>> = {
  input_select: v.looseObject({ items: items(SelectItem) }),
  cards: v.looseObject({ items: items(Card) }),
  form: v.looseObject({ items: items(FormField), button_label: optionalText(100) }),
  article: v.looseObject({ items: items(Article) }),
  input_csat: v.looseObject({ display_type: v.optional(v.picklist(['emoji', 'star'])) }),
  integrations: Integration,
};

/** `content_attributes` sent as an object or a JSON object string; 422 for anything else. */
export function parseContentAttributes(value: unknown): Record<string, unknown> {
  if (value == null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ValidationError('Content attributes must be an object or a JSON object string', ['content_attributes']);
  }
  const violation = jsonBoundsViolation(parsed);
  if (violation) throw new ValidationError(violation, ['content_attributes']);
  return parsed as Record<string, unknown>;
}

/**
 * Checks `content_attributes` for `contentType` and returns them with the validated parts
 * normalised (trimmed strings). Throws `ValidationError` naming the first problem.
 */
export function checkContentAttributes(contentType: AgentContentType, attributes: Record<string, unknown>): Record<string, unknown> {
  const schema = ATTRIBUTES[contentType];
  if (!schema) return attributes;
  const result = v.safeParse(schema, attributes);
  if (result.success) return result.output as Record<string, unknown>;
  const [issue] = result.issues;
  const path = v.getDotPath(issue);
  throw new ValidationError(`Content attributes ${path ? `${path} ` : ''}${issue.message}`.trim(), ['content_attributes']);
}
