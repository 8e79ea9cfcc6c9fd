import type { AgentClient } from '../../src/agent/api/client';
import type { Endpoint } from '../../src/agent/api/endpoints';
import { realtimeActions } from '../../src/agent/realtime';
import { createConsole, type Workspace } from '../../src/agent/state/console';
import { agentReply, contact, conversation, message, profile } from './fixtures';

async function signedIn(): Promise<Workspace> {
  const client: AgentClient = {
    async request(endpoint: Endpoint) {
      if (endpoint.path === '/api/v1/profile') return profile() as never;
      if (endpoint.path.endsWith('/conversations')) {
        return {
          data: { meta: { all_count: 1, mine_count: 0, assigned_count: 0, unassigned_count: 1 }, payload: [conversation()] },
        } as never;
      }
      return { payload: [] } as never;
    },
  };
  let token: string | null = 't';
  const state = createConsole({
    session: { token: () => token, save: () => {}, forget: () => (token = null) },
    client,
    connect: () => () => {},
  });
  await state.signIn();
  return state.workspace.value!;
}

describe("the console's realtime events", () => {
  it('conversation.created and status_changed update the list', async () => {
    const ws = await signedIn();
    const on = realtimeActions(ws);
    on['conversation.created']!(conversation({ id: 2, last_activity_at: 1_718_000_900 }) as never);
    on['conversation.status_changed']!(conversation({ id: 1, status: 'resolved' }) as never);
    expect(ws.conversations.list.value.map((c) => [c.id, c.status])).toEqual([
      [2, 'open'],
      [1, 'resolved'],
    ]);
  });

  it('message.created reaches the list and, when it is open, the conversation', async () => {
    const ws = await signedIn();
    const on = realtimeActions(ws);
    on['message.created']!(message({ id: 100 }) as never);
    expect(ws.conversations.unread.value.has(1)).toBe(true);
    ws.select(1);
    await vi.waitFor(() => expect(ws.thread.loading.value).toBe(false));
    on['message.created']!(message({ id: 101, content: 'Second' }) as never);
    expect(ws.thread.messages.value.map((m) => m.content)).toEqual(['Second']);
    on['message.updated']!({ ...message({ ...agentReply(), id: 101 }), status: 'read' } as never);
    expect(ws.thread.messages.value[0].status).toBe('read');
  });

  it("shows the visitor's typing, never an agent's", async () => {
    const ws = await signedIn();
    const on = realtimeActions(ws);
    const typing = (user: unknown) => ({ conversation: conversation(), user, is_private: false, account_id: 1 }) as never;
    on['conversation.typing_on']!(typing(agentReply().sender));
    expect(ws.conversations.typing.value.has(1)).toBe(false);
    on['conversation.typing_on']!(typing(contact()));
    expect(ws.conversations.typing.value.has(1)).toBe(true);
    on['conversation.typing_off']!(typing(contact()));
    expect(ws.conversations.typing.value.has(1)).toBe(false);
  });

  it('has no action for presence: agents are not told it', async () => {
    const on = realtimeActions(await signedIn());
    expect(on['presence.update']).toBeUndefined();
  });
});
