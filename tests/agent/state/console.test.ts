import { AgentApiError, type AgentClient } from '../../../src/agent/api/client';
import type { Endpoint } from '../../../src/agent/api/endpoints';
import { createConsole } from '../../../src/agent/state/console';
import type { AgentSession } from '../../../src/agent/session';
import { conversation, profile } from '../fixtures';

function setup(answer: (endpoint: Endpoint) => unknown, stored: string | null = 'good-token') {
  let token = stored;
  const session: AgentSession = { token: () => token, save: (t) => void (token = t), forget: () => void (token = null) };
  const calls: Endpoint[] = [];
  const client: AgentClient = {
    async request(endpoint) {
      calls.push(endpoint);
      const result = answer(endpoint);
      if (result instanceof Error) throw result;
      return result as never;
    },
  };
  const disconnect = vi.fn();
  const connect = vi.fn(() => disconnect);
  const state = createConsole({ session, client, connect });
  return { state, calls, connect, disconnect, token: () => token };
}

const list = { data: { meta: { all_count: 1, mine_count: 0, assigned_count: 0, unassigned_count: 1 }, payload: [conversation()] } };
const server =
  (overrides: (endpoint: Endpoint) => unknown = () => undefined) =>
  (endpoint: Endpoint) => {
    const answer = overrides(endpoint);
    if (answer !== undefined) return answer;
    if (endpoint.path === '/api/v1/profile') return profile();
    if (endpoint.path.endsWith('/conversations')) return list;
    return { payload: [] };
  };

describe('signing in', () => {
  it('with the stored token: the profile, the cable, the list', async () => {
    const { state, connect, calls } = setup(server());
    await state.signIn();
    const ws = state.workspace.value!;
    expect(ws.profile.pubsub_token).toBe('agent-token');
    expect(ws.accountId).toBe(1);
    expect(connect).toHaveBeenCalledWith(ws);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/profile', '/api/v1/accounts/1/conversations']);
    expect(ws.conversations.list.value).toHaveLength(1);
  });

  it('does nothing without a token: the form shows', async () => {
    const { state, calls } = setup(server(), null);
    await state.signIn();
    expect(state.workspace.value).toBeNull();
    expect(calls).toEqual([]);
  });

  it('refuses a wrong token with a sentence, and forgets it', async () => {
    const { state, token } = setup(
      server((e) => (e.path === '/api/v1/profile' ? new AgentApiError(401, 'Invalid Access Token') : undefined)),
      null,
    );
    await state.signIn('  wrong  ');
    expect(state.workspace.value).toBeNull();
    expect(state.signInError.value).toBe('That token was not accepted. Copy the API access token from the start banner.');
    expect(token()).toBeNull();
    expect(state.signingIn.value).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    const { state } = setup(() => new AgentApiError(0, 'The server cannot be reached. Check that it is running.'));
    await state.signIn();
    expect(state.signInError.value).toBe('The server cannot be reached. Check that it is running.');
  });
});

describe('the signed-in workspace', () => {
  it('signs out when the token stops working, and disconnects the cable', async () => {
    let revoked = false;
    const { state, disconnect, token } = setup(
      server((e) => (revoked && e.path.endsWith('/messages') ? new AgentApiError(401, 'Invalid Access Token') : undefined)),
    );
    await state.signIn();
    revoked = true;
    state.workspace.value!.select(1);
    await vi.waitFor(() => expect(state.workspace.value).toBeNull());
    expect(disconnect).toHaveBeenCalled();
    expect(token()).toBeNull();
  });

  it('keeps the draft and says why when a reply fails', async () => {
    const { state } = setup(server((e) => (e.method === 'POST' ? new AgentApiError(422, 'Content is too long') : undefined)));
    await state.signIn();
    const ws = state.workspace.value!;
    ws.select(1);
    await vi.waitFor(() => expect(ws.thread.id.value).toBe(1));
    expect(await ws.reply('x')).toBe(false);
    expect(ws.error.value).toBe('Content is too long');
  });

  it('resolves the open conversation and shows it at once', async () => {
    const { state, calls } = setup(
      server((e) =>
        e.path.endsWith('/toggle_status') ? { payload: { success: true, conversation_id: 1, current_status: 'resolved' } } : undefined,
      ),
    );
    await state.signIn();
    const ws = state.workspace.value!;
    ws.select(1);
    await ws.setStatus('resolved');
    expect(calls.find((c) => c.path.endsWith('/toggle_status'))).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/1/conversations/1/toggle_status',
      body: { status: 'resolved' },
    });
    expect(ws.conversations.find(1)?.status).toBe('resolved');
    expect(ws.error.value).toBeNull();
  });
});
