/**
 * Presence that expires (docs/protocol.md#presence): an agent with auto-offline on is online only
 * while seen, for the presence window after the last sign of life; an explicit busy or offline
 * always wins; an agent with auto-offline off (the seeded demo agent) keeps the status they chose;
 * visitors hear every change on their inbox's presence stream; visitors' own presence reaches the
 * agents. The clock is moved by hand: nothing here waits 20 seconds.
 */
import { MemoryPresenceStore } from '../../server/lib/presenceStore';
import { createInbox } from '../../server/repositories/inboxes';
import { SEED_AGENT_ID } from '../../server/seed';
import { addInboxMember, createUser, updateUser } from '../../server/repositories/users';
import { createCableRooms } from '../../server/services/cableRooms';
import { inboxPresenceStream } from '../../server/services/presence';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
let now: number;

beforeEach(async () => {
  now = Date.UTC(2026, 0, 5, 10, 0, 0);
  // Nobody has been seen when each test starts, and the agent goes offline by themselves
  // (Chatwoot's default; the seed turns it off for the demo, see 'auto-offline off' below).
  fx = await createFixture({ now: () => now, agentAtWork: false });
  await updateUser(fx.db, SEED_AGENT_ID, { auto_offline: true });
});

afterEach(() => fx.close());

const WINDOW_MS = 20_000;
/** How long a sign of life counts: the window and a quarter. */
const LIFETIME_MS = 25_000;
const memberStatus = async () => (await (await fx.widget('/inbox_members', null)).json()).payload[0].availability_status;
const setAvailability = (availability: string) =>
  fx.request('/api/v1/profile/availability', {
    method: 'POST',
    headers: { api_access_token: fx.config.apiAccessToken },
    body: { profile: { account_id: 1, availability } },
  });

describe('agent presence', () => {
  it('is offline until the agent is seen, online while they work, and offline on its own within 25 s of the last sign of life', async () => {
    const start = now;
    const at = (seconds: number) => {
      now = start + seconds * 1000;
    };
    const heard = fx.listen(inboxPresenceStream(1));
    expect(await memberStatus()).toBe('offline');

    await fx.agent('/conversations');
    expect(await memberStatus()).toBe('online');
    expect(heard.map((e) => e.data)).toEqual([{ account_id: 1, users: { 1: 'online' } }]);

    // A console pinging every 20 s (Chatwoot's window) never flickers offline between pings.
    for (const second of [20, 40]) {
      at(second);
      await fx.agent('/conversations');
      at(second + 19.999);
      await fx.presence.sweep();
      expect(await memberStatus()).toBe('online');
    }

    // Then the console is closed: nothing more from them after 40 s; at 65 s they are gone.
    at(64.999);
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('online');
    at(65);
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('offline');
    expect(heard.map((e) => e.data)).toEqual([
      { account_id: 1, users: { 1: 'online' } },
      { account_id: 1, users: { 1: 'offline' } },
    ]);
    // The sweep that announced them gone does not announce it again.
    now += 5000;
    await fx.presence.sweep();
    expect(heard).toHaveLength(2);
  });

  it('lets an explicit busy or offline win while the agent is there, and announces each change once', async () => {
    const heard = fx.listen(inboxPresenceStream(1));
    expect((await setAvailability('busy')).status).toBe(200);
    expect(await memberStatus()).toBe('busy');
    await setAvailability('offline');
    expect(await memberStatus()).toBe('offline');
    await setAvailability('online');
    expect(await memberStatus()).toBe('online');
    // Arriving by setting "busy" never showed them online first.
    expect(heard.map((e) => (e.data as { users: Record<string, string> }).users[1])).toEqual(['busy', 'offline', 'online']);
    now += LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('offline');
  });

  it("announces an agent to each of their inboxes with that inbox's own agents", async () => {
    const other = await createInbox(fx.db, { account_id: 1, name: 'Sales', website_token: 'sales-website-token', hmac_token: 'h' });
    const colleague = await createUser(fx.db, {
      name: 'Sam',
      email: 'sam@example.com',
      access_token: 'sam-access-token',
      availability: 'busy',
    });
    await addInboxMember(fx.db, other.id, colleague.id);
    await addInboxMember(fx.db, other.id, 1);
    const support = fx.listen(inboxPresenceStream(1));
    const sales = fx.listen(inboxPresenceStream(other.id));
    await fx.agent('/conversations');
    expect(support.map((e) => e.data)).toEqual([{ account_id: 1, users: { 1: 'online' } }]);
    // Sam chose busy but has not been seen: offline for the visitors of Sales.
    expect(sales.map((e) => e.data)).toEqual([{ account_id: 1, users: { 1: 'online', [colleague.id]: 'offline' } }]);
  });

  it('tells a connected visitor on subscribe, on update_presence and when the agent goes quiet', async () => {
    const visitor = await fx.visit();
    const sent: string[] = [];
    const room = await createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase).open(visitor.pubsubToken);
    expect(room?.streams).toEqual([visitor.pubsubToken, inboxPresenceStream(1)]);
    expect(await room!.present()).toEqual({ account_id: 1, users: { 1: 'offline' } });
    await fx.agent('/inboxes/1');
    expect(await room!.present()).toEqual({ account_id: 1, users: { 1: 'online' } });
    fx.hub.subscribe(inboxPresenceStream(1), (_, json) => sent.push(json));
    now += LIFETIME_MS + 1000;
    await fx.presence.sweep();
    expect(sent).toEqual([JSON.stringify({ event: 'presence.update', data: { account_id: 1, users: { 1: 'offline' } } })]);
  });
});

describe('auto-offline off (the seeded demo agent)', () => {
  const setAutoOffline = (autoOffline: unknown, accountId = 1) =>
    fx.request('/api/v1/profile/auto_offline', {
      method: 'POST',
      headers: { api_access_token: fx.config.apiAccessToken },
      body: { profile: { account_id: accountId, auto_offline: autoOffline } },
    });

  it('is how a new install seeds its agent: online for visitors from the first look, before any sign of life', async () => {
    const fresh = await createFixture({ now: () => now, agentAtWork: false });
    try {
      expect((await (await fresh.widget('/inbox_members', null)).json()).payload[0].availability_status).toBe('online');
    } finally {
      await fresh.close();
    }
  });

  it('keeps the status the agent chose, there or not; an explicit busy or offline still wins', async () => {
    expect((await setAutoOffline(false)).status).toBe(200);
    now += 10 * LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('online');
    await setAvailability('busy');
    now += 10 * LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('busy');
  });

  it('is switched by POST /api/v1/profile/auto_offline, which answers the profile and tells connected visitors', async () => {
    const heard = fx.listen(inboxPresenceStream(1));
    const off = await setAutoOffline(false);
    expect(await off.json()).toMatchObject({ auto_offline: false, accounts: [{ id: 1, auto_offline: false }] });
    now += LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('online');
    // On again: the last sign of life (that call) has long passed, so the agent is offline at once.
    const on = await setAutoOffline(true);
    expect(await on.json()).toMatchObject({ auto_offline: true });
    now += LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('offline');
    expect(heard.at(-1)!.data).toEqual({ account_id: 1, users: { 1: 'offline' } });
  });

  it('refuses what is not a boolean, and an account the agent is not in', async () => {
    for (const value of ['yes', 1, null]) expect((await setAutoOffline(value)).status).toBe(422);
    expect((await setAutoOffline(false, 99)).status).toBe(401);
  });
});

describe("the agent console's cable", () => {
  it('keeps the agent online while it pings, and lets them go quiet when it stops', async () => {
    const profile = await (await fx.request('/api/v1/profile', { headers: { api_access_token: fx.config.apiAccessToken } })).json();
    now += LIFETIME_MS; // the profile call above was a sign of life too: let it pass
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('offline');
    const room = await createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase).openAgent(profile.pubsub_token, {
      accountId: 1,
      userId: 1,
    });
    // Subscribing is a sign of life; agents are not sent presence themselves.
    expect(await room!.present()).toBeNull();
    expect(await memberStatus()).toBe('online');
    for (let ping = 0; ping < 3; ping++) {
      now += WINDOW_MS;
      await room!.present(); // update_presence, every 20 s
      await fx.presence.sweep();
      expect(await memberStatus()).toBe('online');
    }
    now += LIFETIME_MS;
    await fx.presence.sweep();
    expect(await memberStatus()).toBe('offline');
  });
});

describe('visitor presence', () => {
  it("is the contact's availability_status in the Application API while their widget is connected", async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello');
    const sender = async () => (await (await fx.agent(`/conversations/${id}`)).json()).meta.sender;
    const contactStatus = async () => (await sender()).availability_status;
    const { name } = await sender();
    const searched = async () =>
      (await (await fx.agent(`/contacts/search?q=${encodeURIComponent(name)}`)).json()).payload.map(
        (c: { availability_status: string }) => c.availability_status,
      );
    // Their message was a sign of life of their widget, as any call of it is.
    expect(await contactStatus()).toBe('online');
    now += LIFETIME_MS;
    expect(await contactStatus()).toBe('offline');

    const room = await createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase).open(visitor.pubsubToken);
    await room!.present();
    expect(await contactStatus()).toBe('online');
    expect(await searched()).toEqual(['online']);
    const list = await (await fx.agent('/conversations')).json();
    expect(list.data.payload[0].meta.sender.availability_status).toBe('online');

    // The widget pings every 20 s; once it stops, the visitor is gone after the window and a quarter.
    now += LIFETIME_MS - 1;
    expect(await contactStatus()).toBe('online');
    now += 1;
    expect(await contactStatus()).toBe('offline');
  });

  it("counts from the widget's first moment: a visitor who only looked is online once they write", async () => {
    const visitor = await fx.visit();
    // The cable's subscribe before the first write, by the token alone (docs/protocol.md#the-lazy-visitor).
    const room = await createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase).open(visitor.pubsubToken);
    await room!.present();
    now += WINDOW_MS; // a while later, and still within the lifetime, they write
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello');
    now += LIFETIME_MS - 1;
    const sender = (await (await fx.agent(`/conversations/${id}`)).json()).meta.sender;
    expect(sender.availability_status).toBe('online');
  });
});

describe('MemoryPresenceStore', () => {
  it('says when someone arrives, who is present, and hands out each expired agent once', async () => {
    const store = new MemoryPresenceStore();
    expect(await store.touch('user', '7', 1000, WINDOW_MS)).toBe(true);
    expect(await store.touch('user', '7', 5000, WINDOW_MS)).toBe(false);
    expect(await store.touch('visitor', 'token-9', 5000, WINDOW_MS)).toBe(true);
    expect(await store.present('user', ['7', '8'], 24_999, WINDOW_MS)).toEqual(new Set(['7']));
    expect(await store.present('user', ['7'], 25_000, WINDOW_MS)).toEqual(new Set());
    // Only agents are handed out: a visitor who expires has nobody to tell.
    expect(await store.expire(25_000, WINDOW_MS)).toEqual(['7']);
    expect(await store.expire(25_000, WINDOW_MS)).toEqual([]);
    expect(await store.present('visitor', ['token-9'], 25_000, WINDOW_MS)).toEqual(new Set());
    // Back after the window: an arrival again.
    expect(await store.touch('user', '7', 30_000, WINDOW_MS)).toBe(true);
  });
});
