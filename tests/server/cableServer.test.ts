import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { CABLE_PROTOCOLS, roomIdentifier } from '../../src/shared/cable';
import { SEND_BUFFER_CLOSE_BYTES } from '../../server/realtime/cableLimits';
import { attachCableServer, type CableServer } from '../../server/realtime/cableServer';
import { createCableRooms } from '../../server/services/cableRooms';
import { sendMessage, createFixture, type Fixture } from './helpers';

let fx: Fixture;
let http: Server;
let cable: CableServer;
let url: string;

beforeEach(async () => {
  fx = await createFixture();
  http = createServer((_req, res) => res.end());
  cable = attachCableServer(http, {
    hub: fx.hub,
    rooms: createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase),
    pingIntervalMs: 50,
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/cable`;
});

afterEach(async () => {
  await cable.close();
  await new Promise((resolve) => http.close(resolve));
  await fx.close();
});

/** A client that buffers frames so a test can wait for the next one matching a predicate. */
function connect(protocols: string[] = CABLE_PROTOCOLS) {
  const ws = new WebSocket(url, protocols);
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (predicate: (frame: Record<string, unknown>) => boolean, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = frames.findIndex(predicate);
      if (index >= 0) return frames.splice(index, 1)[0];
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, next, opened };
}

describe('ActionCable over a real WebSocket', () => {
  it('selects actioncable-v1-json, welcomes, confirms, pings and delivers a broadcast', async () => {
    const visitor = await fx.visit();
    const client = connect();
    await client.opened;
    expect(client.ws.protocol).toBe('actioncable-v1-json');
    expect(await client.next((f) => f.type === 'welcome')).toEqual({ type: 'welcome' });

    const identifier = roomIdentifier(visitor.pubsubToken);
    client.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    expect(await client.next((f) => f.type === 'confirm_subscription')).toEqual({ identifier, type: 'confirm_subscription' });
    const presence = await client.next((f) => (f.message as { event?: string } | undefined)?.event === 'presence.update');
    expect(presence).toEqual({ identifier, message: { event: 'presence.update', data: { account_id: 1, users: { 1: 'online' } } } });

    const ping = await client.next((f) => f.type === 'ping');
    expect(Math.abs((ping.message as number) - Date.now() / 1000)).toBeLessThan(5);

    client.ws.send('this is not json');
    await sendMessage(fx, visitor, 'over the wire', { echo_id: 'wire-1' });
    const created = await client.next((f) => (f.message as { event?: string } | undefined)?.event === 'message.created');
    expect(created).toMatchObject({ identifier, message: { data: { content: 'over the wire', echo_id: 'wire-1' } } });
    client.ws.close();
  });

  it('answers catch_up with what GET /messages?after= answers, to a visitor stored or not', async () => {
    const visitor = await fx.visit();
    const client = connect();
    await client.opened;
    const identifier = roomIdentifier(visitor.pubsubToken);
    const catchUp = async (after: number) => {
      client.ws.send(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ after, action: 'catch_up' }) }));
      const frame = await client.next((f) => (f.message as { event?: string } | undefined)?.event === 'catch_up');
      return (frame.message as { data: unknown }).data;
    };
    client.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    await client.next((f) => f.type === 'confirm_subscription');
    // Not stored yet: nothing, as the GET answers.
    expect(await catchUp(0)).toEqual({ payload: [], meta: {} });

    const first = await sendMessage(fx, visitor, 'one');
    await sendMessage(fx, visitor, 'two');
    await fx.agent(`/conversations/${first.conversation_id}/messages`, { method: 'POST', body: { content: 'three' } });
    const page = (await catchUp(first.id)) as { payload: { content: string }[] };
    expect(page.payload.map((m) => m.content)).toEqual(['two', 'three']);
    const viaGet = await (await fx.widget(`/messages?after=${first.id}`, visitor)).json();
    expect(page).toEqual(viaGet);
    client.ws.close();
  });

  it('rejects an unknown pubsub token', async () => {
    const client = connect();
    await client.opened;
    const identifier = roomIdentifier('not-a-token');
    client.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    expect(await client.next((f) => f.type === 'reject_subscription')).toEqual({ identifier, type: 'reject_subscription' });
    client.ws.close();
  });

  it('tells clients to reconnect when the server closes', async () => {
    const client = connect();
    await client.opened;
    await client.next((f) => f.type === 'welcome');
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    await cable.close();
    expect(await client.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    expect(await closed).toBe(1000);
  });

  it('refuses upgrades on other paths', async () => {
    const ws = new WebSocket(url.replace('/cable', '/elsewhere'), CABLE_PROTOCOLS);
    const outcome = await new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('error', () => resolve('error'));
    });
    expect(outcome).toBe('error');
  });
});

describe('a client that does not read', () => {
  it('is cut off once more than the send-buffer bound waits for it, and the others keep hearing', { timeout: 20_000 }, async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hello');
    const identifier = roomIdentifier(visitor.pubsubToken);
    const stalled = connect();
    const reading = connect();
    await Promise.all([stalled.opened, reading.opened]);
    for (const client of [stalled, reading]) {
      client.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      await client.next((f) => f.type === 'confirm_subscription');
    }
    stalled.ws.pause();
    const filler = 'x'.repeat(1024 * 1024);
    const broadcasts = Math.ceil(SEND_BUFFER_CLOSE_BYTES / filler.length) * 2;
    for (let i = 0; i < broadcasts; i++) {
      fx.hub.broadcast(visitor.pubsubToken, 'message.created', { id: i, content: filler });
      // The reading client keeps up, as a widget does.
      await reading.next((f) => (f.message as { data?: { id?: number } } | undefined)?.data?.id === i);
    }
    // The stalled client cannot see its socket close (it reads nothing); the server has dropped it.
    expect(cable.size).toBe(1);
    stalled.ws.terminate();
  });
});
