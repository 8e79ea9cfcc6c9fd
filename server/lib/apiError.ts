/**
 * An error that becomes a JSON response: `{ error }` with an HTTP status, plus optional extra
 * fields (e.g. `error_code`). Thrown from routes and services; `app.ts` renders it, and renders
 * anything else as a bare 500.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** Seconds the client should wait before trying again, sent as `Retry-After` (429, 503). */
  readonly retryAfterS?: number;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 415 | 416 | 422 | 429 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The response body. */
  toJSON(): Record<string, unknown> {
    return { error: this.message, ...this.extra };
  }
}

/**
 * 503 `{ error }` with `Retry-After`: something the server needs for this request (Redis, for
 * the lock on a visitor's sends) is unavailable for a moment; the request changed nothing.
 */
export class UnavailableError extends ApiError {
  override name = 'UnavailableError';

  constructor(
    message: string,
    override readonly retryAfterS: number,
  ) {
    super(503, message);
  }
}

/**
 * A model validation failure, rendered as Chatwoot renders ActiveRecord errors:
 * 422 `{ message: "<full messages>", attributes: ["<field>", …] }`.
 */
export class ValidationError extends ApiError {
  override name = 'ValidationError';

  constructor(
    message: string,
    readonly attributes: string[],
  ) {
    super(422, message);
  }

  override toJSON(): Record<string, unknown> {
    return { message: this.message, attributes: this.attributes };
  }
}

/** Chatwoot's answer for unknown tokens, missing contacts and foreign ids alike. */
export const NOT_FOUND = 'Resource could not be found';

/** 404 `{"error":"Resource could not be found"}`. */
export function notFound(): ApiError {
  return new ApiError(404, NOT_FOUND);
}
