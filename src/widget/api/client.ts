/**
 * The widget's HTTP I/O: turns an `Endpoint` into a `fetch` (or the caller's transport: an upload
 * whose progress is wanted goes by `XMLHttpRequest`, `uploadWithProgress.ts`), adds the session
 * and maps every failure to one `ApiError` (docs/behaviour.md#errors network error classes).
 * Identical GETs in flight at once share one request.
 */
import type { Endpoint } from './endpoints';

/**
 * - `bad_request`: the server answered 4xx (`status` and parsed `body` say why)
 * - `bad_response`: 5xx, another non-2xx status, or a body that is not JSON
 * - `network`: no answer at all (offline, DNS, CORS, connection reset)
 * - `timeout`: no answer within `timeoutMs`
 * - `aborted`: the browser gave the request up (the page went away), not the widget
 * - `canceled`: the caller's `AbortSignal` fired
 * - `invalid_url`: the address is no http(s) URL a browser would request; nothing was sent
 */
export type ApiErrorKind = 'bad_request' | 'bad_response' | 'network' | 'timeout' | 'aborted' | 'canceled' | 'invalid_url';

/** A failed widget API call. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, when the server answered. */
    readonly status?: number,
    /** The answer's body: parsed JSON, or text when it is not JSON. */
    readonly body?: unknown,
    options?: { cause?: unknown; request?: string },
  ) {
    super(`${options?.request ?? 'request'} failed: ${kind}${status ? ` (${status})` : ''}`, options);
  }
}

export interface ApiClientOptions {
  /** Server origin, e.g. `https://chat.example`; `''` for the widget's own origin. */
  baseUrl: string;
  websiteToken: string;
  /** The visitor JWT, read per request because `set_user` may replace it. */
  getAuthToken(): string;
  /** The active widget locale, read per request. */
  getLocale(): string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Abort requests that take longer; none by default, like Chatwoot's axios instance. */
  timeoutMs?: number;
}

/** A request as it goes out, built by the client: what a transport sends. */
export interface OutgoingRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Aborts on the caller's signal and on the time-out. */
  signal: AbortSignal;
}

/**
 * Sends a request and settles as `fetch` does: an answer of any status resolves (its status and
 * body as text), no answer rejects (a `TypeError`, or an `AbortError` when aborted).
 */
export type Transport = (url: string, request: OutgoingRequest) => Promise<{ status: number; text: string }>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sends by this instead of `fetch` (`uploadWithProgress`); the session, time-out and error classes are the client's alike. */
  transport?: Transport;
}

export interface ApiClient {
  /** Sends `endpoint`; resolves with the parsed JSON body (`undefined` when empty), or rejects with `ApiError`. */
  request<T>(endpoint: Endpoint<T>, options?: RequestOptions): Promise<T>;
}

/** Builds the full URL: `website_token` and `locale` first, then the endpoint's own query. */
export function buildUrl(baseUrl: string, websiteToken: string, locale: string, endpoint: Endpoint): string {
  const params = new URLSearchParams({ website_token: websiteToken });
  if (locale) params.set('locale', locale);
  for (const [key, value] of Object.entries(endpoint.query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `${baseUrl.replace(/\/+$/, '')}${endpoint.path}?${params}`;
}

const parse = (text: string): unknown => (text ? JSON.parse(text) : undefined);

function parseLoosely(text: string): unknown {
  try {
    return parse(text);
  } catch {
    return text;
  }
}

/** Whether a browser would request `url` at all (an http(s) URL without credentials in it). */
function isRequestable(url: string): boolean {
  try {
    const { protocol, username, password } = new URL(url, location.href);
    return /^https?:$/.test(protocol) && !username && !password;
  } catch {
    return false;
  }
}

/** Creates the client every widget call goes through. */
export function createApiClient({
  baseUrl,
  websiteToken,
  getAuthToken,
  getLocale,
  fetch: doFetch = fetch,
  timeoutMs,
}: ApiClientOptions): ApiClient {
  // A GET answers the same for everyone who asks while it is in flight (same URL, same visitor):
  // they share one request and one parsed answer, which callers must not mutate.
  const inFlight = new Map<string, Promise<unknown>>();

  const client: ApiClient = {
    request<T>(endpoint: Endpoint<T>, options: RequestOptions = {}): Promise<T> {
      if (endpoint.method !== 'GET' || options.signal) return send<T>(endpoint, options);
      const key = `${buildUrl(baseUrl, websiteToken, getLocale(), endpoint)} ${getAuthToken()}`;
      let shared = inFlight.get(key) as Promise<T> | undefined;
      if (!shared) {
        shared = send<T>(endpoint, options).finally(() => inFlight.delete(key));
        inFlight.set(key, shared);
      }
      return shared;
    },
  };

  async function send<T>(endpoint: Endpoint<T>, { signal, transport }: RequestOptions): Promise<T> {
    const { method, path, body } = endpoint;
    const request = `${method} ${path}`;
    const fail = (kind: ApiErrorKind, status?: number, errorBody?: unknown, cause?: unknown) =>
      new ApiError(kind, status, errorBody, { cause, request });

    // Deliberately not Chatwoot's `window.location.search`: the JWT travels in the header only,
    // never in a URL where logs and referrers could keep it.
    const url = buildUrl(baseUrl, websiteToken, getLocale(), endpoint);
    if (!isRequestable(url)) throw fail('invalid_url');
    const headers: Record<string, string> = {};
    const token = getAuthToken();
    if (token) headers['X-Auth-Token'] = token;
    const isForm = body instanceof FormData;
    // A FormData body must not get a Content-Type: the browser adds the multipart boundary itself.
    if (body && !isForm) headers['Content-Type'] = 'application/json';

    // One controller for both the caller's signal and the timeout, which AbortSignal.any()
    // would do but Safari 15/16 lack.
    const controller = new AbortController();
    const abort = () => controller.abort();
    let timedOut = false;
    if (signal?.aborted) throw fail('canceled');
    signal?.addEventListener('abort', abort);
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            abort();
          }, timeoutMs);

    let status: number | undefined;
    let text: string;
    try {
      const outgoing = { method, headers, body: isForm ? body : body && JSON.stringify(body), signal: controller.signal };
      if (transport) ({ status, text } = await transport(url, outgoing));
      else {
        const response = await doFetch(url, { ...outgoing, credentials: 'omit' });
        status = response.status;
        text = await response.text();
      }
    } catch (error) {
      // An abort nobody here asked for is the browser's own (the page is going away).
      const kind = timedOut ? 'timeout' : signal?.aborted ? 'canceled' : (error as Error)?.name === 'AbortError' ? 'aborted' : 'network';
      throw fail(kind, status, undefined, error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }

    if (status < 200 || status >= 300) {
      throw fail(status >= 400 && status < 500 ? 'bad_request' : 'bad_response', status, parseLoosely(text));
    }
    try {
      return parse(text) as T;
    } catch (error) {
      throw fail('bad_response', status, text, error);
    }
  }

  return client;
}
