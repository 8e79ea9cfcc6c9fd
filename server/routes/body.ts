/**
 * Request body reading and validation shared by the JSON routes: malformed JSON → 400,
 * JSON beyond `JSON_BOUNDS` or wrong shapes → 422, all as `{ error }`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { ApiError, ValidationError } from '../lib/apiError';
import { jsonBoundsViolation } from '../lib/jsonBounds';
import { isSingleEmailAddress, readsAsMoreThanOneAddress } from '../../src/shared/email';
import { MAX_ID } from '../lib/storable';

/**
 * Parses the body as a JSON object (an empty body is `{}`); throws 400 on malformed JSON and 422
 * on anything but an object (every body of the API is one) or JSON beyond `JSON_BOUNDS`.
 */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    throw new ApiError(415, 'Expected a JSON body (Content-Type: application/json)');
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON body');
  }
  // valibot's object schemas would take an array (or read `undefined` fields off a string).
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new ApiError(422, 'Expected a JSON object body');
  const violation = jsonBoundsViolation(data);
  if (violation) throw new ApiError(422, violation);
  return data;
}

/** Validates `data` against `schema`; throws 422 naming the first offending field. */
export function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = v.getDotPath(issue);
  throw new ApiError(422, path ? `${path}: ${issue.message}` : issue.message);
}

/** Reads and validates a JSON body. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return validate(schema, await readJson(c));
}

/**
 * Validates a model's fields; a failure is 422 `{message, attributes}` naming the field, as
 * Chatwoot renders a model's validation errors.
 */
export function validateModel<S extends v.GenericSchema>(schema: S, fields: unknown, key: string): v.InferOutput<S> {
  const result = v.safeParse(schema, fields);
  if (result.success) return result.output;
  const [issue] = result.issues;
  const path = v.getDotPath(issue) ?? key;
  throw new ValidationError(issue.message.startsWith('Invalid') ? `${path}: ${issue.message}` : issue.message, [path.split('.')[0]]);
}

/** A model's fields in a body: nested under `key` (Chatwoot's `{ campaign: {…} }`) or flat, as Chatwoot accepts both. */
export const modelFields = (body: Record<string, unknown>, key: string): unknown => (key in body ? body[key] : body);

/** Reads and validates a model's fields (see `modelFields`, `validateModel`). */
export async function readModel<S extends v.GenericSchema>(c: Context, key: string, schema: S): Promise<v.InferOutput<S>> {
  return validateModel(schema, modelFields((await readJson(c)) as Record<string, unknown>, key), key);
}

/** `raw` as a whole number from 0 to `MAX_ID` (what an `integer` column holds), or null. */
function wholeNumber(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : null;
}

/** An optional non-negative integer query parameter (at most `MAX_ID`); 422 when present but not one. */
export function queryInt(c: Context, name: string): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const value = wholeNumber(raw);
  if (value === null) throw new ApiError(422, `${name} must be a whole number from 0 to ${MAX_ID}`);
  return value;
}

/** A positive integer path parameter; 404 when it is not one (no such resource can exist). */
export function paramId(c: Context, name: string): number {
  const value = wholeNumber(c.req.param(name) ?? '');
  if (!value) throw new ApiError(404, 'Resource could not be found');
  return value;
}

/**
 * Refuses a request whose address holds an encoded NUL (`%00`) before any route reads it: no
 * path or query value may carry one to the database (`lib/storable.ts`). A raw NUL never gets
 * this far; Node's parser refuses it.
 */
export const refuseNulInAddress: MiddlewareHandler = async (c, next) => {
  if (/%00/i.test(c.req.url)) throw new ApiError(400, 'The address must not contain NUL characters (%00)');
  await next();
};

/** What a refused e-mail address is told, wherever one is taken. */
export const EMAIL_INVALID = 'Please enter a valid email address';

function optionalEmail(acceptable: (trimmed: string) => boolean) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(255),
        v.check((value) => value.trim() === '' || acceptable(value.trim()), EMAIL_INVALID),
      ),
    ),
  );
}

/** Schema pieces used by several routes. */
export const schemas = {
  // valibot's record would take an array (turning it into {"0": …}); attribute maps are plain objects.
  attributes: v.custom<Record<string, unknown>>(
    (value) => value !== null && typeof value === 'object' && !Array.isArray(value),
    'Invalid type: Expected an object',
  ),
  optionalText: (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.maxLength(max)))),
  /**
   * An e-mail address that is the request's point (a transcript's recipient, a form's answer):
   * blank is none, anything else must be one address (`src/shared/email.ts`) or the request is
   * refused with 422 — never stored or mailed to.
   */
  optionalEmail: optionalEmail((value) => isSingleEmailAddress(value)),
  /**
   * A contact's e-mail among other details: what is simply not an address is dropped as Chatwoot
   * drops it, but one a mail header reads as more than one address is refused with 422.
   */
  contactEmail: optionalEmail((value) => !readsAsMoreThanOneAddress(value)),
  /** A record's id (or any whole number an `integer` column keeps): 1 to `MAX_ID`. */
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID)),
  /** A whole number from 0 to `MAX_ID`, e.g. a position. */
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ID)),
};
