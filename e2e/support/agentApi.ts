import { E2E } from '../ports';

/** Plays the agent through the Application API, as a bot or a test would (docs/protocol.md#application-api). */
export async function agentApi<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  return agentApiAt<T>(E2E.widgetOrigin, method, path, body);
}

/** The same, against a server at another origin (a test that runs its own server). */
export async function agentApiAt<T = any>(origin: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { api_access_token: E2E.apiAccessToken, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The newest conversation of account 1, whatever its status. */
export async function latestConversation(): Promise<{ id: number; status: string }> {
  const list = await agentApi<{ data: { payload: { id: number; status: string }[] } }>(
    'GET',
    '/api/v1/accounts/1/conversations?status=all',
  );
  const [latest] = [...list.data.payload].sort((a, b) => b.id - a.id);
  if (!latest) throw new Error('no conversation yet');
  return latest;
}

/**
 * Turns the inbox's e-mail collect off on a server a test runs itself: nobody watches its agent
 * console, so the team is away for visitors (docs/behaviour.md#away-visitors) and each first
 * message would be followed by the e-mail ask, which is not what those tests are about.
 */
export async function withoutEmailCollect(origin: string): Promise<void> {
  await agentApiAt(origin, 'PATCH', '/api/v1/accounts/1/inboxes/1', { enable_email_collect: false });
}
