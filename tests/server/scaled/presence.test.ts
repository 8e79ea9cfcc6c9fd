/**
 * Presence in Redis, across processes: an agent seen through one server is online for visitors
 * on another, and when the agent goes quiet every visitor hears it once, from whichever server
 * swept first. The servers share a clock the test moves; only their one-second sweep is waited for.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { API_ACCESS_TOKEN, cableClient, startCluster, type Cluster } from './cluster';

let cluster: Cluster;
let now: number;

beforeEach(async () => {
  now = Date.UTC(2026, 0, 5, 10, 0, 0);
  cluster = await startCluster(2, { now: () => now, agentAtWork: false });
  // The agent goes offline by themselves (Chatwoot's default; the seed turns it off for the
  // demo). Saying so is a sign of life: let it pass, and the sweep forget them, before each test.
  const [a] = cluster.servers;
  const autoOffline = await fetch(`${a.origin}/api/v1/profile/auto_offline`, {
    method: 'POST',
    headers: { api_access_token: API_ACCESS_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ profile: { account_id: 1, auto_offline: true } }),
  });
  expect(autoOffline.status).toBe(200);
  now += 25_000;
  await sleep(1500);
});

afterEach(() => cluster.close());

const presenceOf = (data: Record<string, unknown>) => (data.users as Record<string, string>)['1'];

describe('presence across processes', () => {
  it('shows a visitor on A the agent working through B, and tells them once, within 30 s, that the agent has gone quiet', async () => {
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const socket = await cableClient(a, visitor.pubsubToken);
    await socket.waitFor((f) => f.message?.event === 'presence.update', 'presence on subscribe');
    expect(socket.events('presence.update').map(presenceOf)).toEqual(['offline']);

    // The agent's console (here: an Application API call) on B.
    await cluster.agent(b, '/conversations');
    await socket.waitFor((f) => f.message?.event === 'presence.update' && presenceOf(f.message.data) === 'online', 'online');
    const members = await (await cluster.widget(a, '/inbox_members', null)).json();
    expect(members.payload[0].availability_status).toBe('online');

    // 25 s later (the window and its margin; the clock jumps, only the sweep is waited for),
    // nobody has heard from them.
    now += 25_000;
    await socket.waitFor(() => socket.events('presence.update').length === 3, 'offline', 5000);
    // Both servers sweep every second; the agent is announced gone by one of them only.
    await sleep(2500);
    expect(socket.events('presence.update').map(presenceOf)).toEqual(['offline', 'online', 'offline']);
    expect((await (await cluster.widget(b, '/inbox_members', null)).json()).payload[0].availability_status).toBe('offline');
    socket.close();
  });

  it("lets the visitor's update_presence on one server make them online for agents reading another", async () => {
    const [a, b] = cluster.servers;
    const visitor = await cluster.visit(a);
    const created = await cluster.widget(a, '/conversations', visitor.authToken, { method: 'POST', body: { message: { content: 'Hi' } } });
    const { id } = await created.json();
    const status = async () => (await (await cluster.agent(b, `/conversations/${id}`)).json()).meta.sender.availability_status;
    // Writing on a was a sign of life of their widget; b reads it from the shared record.
    expect(await status()).toBe('online');
    now += 25_000;
    expect(await status()).toBe('offline');
    const socket = await cableClient(a, visitor.pubsubToken);
    await socket.waitFor((f) => f.message?.event === 'presence.update', 'presence on subscribe');
    expect(await status()).toBe('online');
    now += 25_000;
    expect(await status()).toBe('offline');
    const before = socket.events('presence.update').length;
    socket.perform('update_presence');
    await socket.waitFor(() => socket.events('presence.update').length > before, 'the answer to update_presence');
    expect(await status()).toBe('online');
    socket.close();
  });
});
