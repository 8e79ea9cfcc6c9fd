/**
 * The console's only HTTP I/O: sends an `Endpoint` with the agent's `api_access_token` header
 * and turns every failure into one `AgentApiError` with a sentence a person can act on.
 */
import type { Endpoint } from './endpoints';

/** A failed call: `status` 0 when the server never answered. */
export class AgentApiError extends Error {
  override name = 'AgentApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** The token was refused: the agent must sign in again. */
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

export interface AgentClient {
  request<T>(endpoint: Endpoint<T>): Promise<T>;
}

/** What the server said went wrong (`{error}` or `{message}`), or a generic sentence. */
function reason(body: unknown, status: number): string {
  const said =
    body && typeof body === 'object'
      ? ((body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message)
      : undefined;
  return typeof said === 'string' && said ? said : `The server answered ${status}.`;
}

/** Creates the client; `token()` is read on every call, so signing in again needs no new client. */
export function createAgentClient(token: () => string | null, fetcher: typeof fetch = (...args) => fetch(...args)): AgentClient {
  return {
    async request<T>({ method, path, query, body }: Endpoint<T>): Promise<T> {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
      const url = params.size ? `${path}?${params}` : path;
      let response: Response;
      try {
        response = await fetcher(url, {
          method,
          headers: { api_access_token: token() ?? '', ...(body && { 'content-type': 'application/json' }) },
          ...(body && { body: JSON.stringify(body) }),
        });
      } catch {
        throw new AgentApiError(0, 'The server cannot be reached. Check that it is running.');
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!response.ok) throw new AgentApiError(response.status, reason(parsed, response.status));
      return parsed as T;
    },
  };
}
