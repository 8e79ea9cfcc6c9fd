/**
 * An error that becomes a JSON response: `{ error }` with an HTTP status. Thrown from routes
 * and services; `app.ts` renders it, and renders anything else as a bare 500.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(readonly status: 400 | 401 | 403 | 404 | 413 | 415 | 422 | 429 | 503, message: string) {
    super(message);
  }
}

/** Chatwoot's answer for unknown tokens, missing contacts and foreign ids alike. */
export const NOT_FOUND = 'Resource could not be found';

/** 404 `{"error":"Resource could not be found"}`. */
export function notFound(): ApiError {
  return new ApiError(404, NOT_FOUND);
}
