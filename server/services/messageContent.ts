/**
 * What an agent or bot may put in a message, and what a visitor may answer (docs/protocol.md#rich-messages):
 * the content types the widget can render, checked against the rich kinds' schemas in
 * `src/shared/contentAttributes.ts`. A malformed message is refused up front (422 `{message,
 * attributes}`, as Chatwoot's model validation answers) instead of reaching visitors as a
 * bubble that cannot render; a malformed answer gets the same, naming the first problem.
 */
import * as v from 'valibot';
import { type AnswerAttributes, RICH_CONTENT, type RichContentType } from '../../src/shared/contentAttributes';
import type { ContentType } from '../../src/shared/types';
import { ApiError, ValidationError } from '../lib/apiError';
import { jsonBoundsViolation } from '../lib/jsonBounds';

/** Content types an agent or bot can create here: plain text and every rich kind. */
export const AGENT_CONTENT_TYPES = ['text', ...(Object.keys(RICH_CONTENT) as RichContentType[])] as const satisfies readonly ContentType[];

export type AgentContentType = (typeof AGENT_CONTENT_TYPES)[number];

const isRichContentType = (contentType: string): contentType is RichContentType => Object.hasOwn(RICH_CONTENT, contentType);

/** The first problem valibot found, as a sentence about `subject`. */
function problem(subject: string, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const [issue] = issues;
  const path = v.getDotPath(issue);
  // A strict object's unknown key: say which, rather than valibot's "Expected never".
  const message = issue.expected === 'never' ? 'is not a known field' : issue.message;
  return `${subject} ${path ? `${path} ` : ''}${message}`.trim();
}

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
 * normalised (trimmed strings); other top-level keys (`in_reply_to`…) pass through. Throws
 * `ValidationError` naming the first problem.
 */
export function checkContentAttributes(contentType: AgentContentType, attributes: Record<string, unknown>): Record<string, unknown> {
  if (!isRichContentType(contentType)) return attributes;
  const result = v.safeParse(RICH_CONTENT[contentType].asks, attributes);
  if (result.success) return result.output;
  throw new ValidationError(problem('Content attributes', result.issues), ['content_attributes']);
}

/** Whether a message of this content type takes the visitor's answer. */
export const takesAnswer = (contentType: ContentType) => isRichContentType(contentType) && RICH_CONTENT[contentType].answer !== null;

/**
 * A visitor's answer to a message of `contentType` (`{submitted_values}` or `{submitted_email}`),
 * checked and normalised: the attributes to add to the message. Throws a 422 naming the first
 * problem, in the widget API's `{ error }` shape.
 */
export function checkAnswer<K extends RichContentType>(contentType: K, answer: Record<string, unknown>): AnswerAttributes<K>;
export function checkAnswer(contentType: ContentType, answer: Record<string, unknown>): Record<string, unknown>;
export function checkAnswer(contentType: ContentType, answer: Record<string, unknown>): Record<string, unknown> {
  const schema = isRichContentType(contentType) ? RICH_CONTENT[contentType].answer : null;
  if (!schema) throw new ApiError(422, 'This message does not take answers');
  const result = v.safeParse(schema, answer);
  if (result.success) return result.output;
  throw new ApiError(422, problem('Answer', result.issues));
}
