/**
 * One anonymous visitor must not be able to exhaust the server's memory (docs/protocol.md#limits).
 * Each attack runs against a real server process with a bounded heap: the process must survive,
 * and what it holds afterwards (after a full collection) must stay near what it held before.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { CABLE_ACTIONS, CABLE_PROTOCOLS, roomIdentifier } from '../../../src/shared/cable';
import { MAX_MESSAGE_LENGTH, MESSAGES_PAGE_SIZE } from '../../../src/shared/limits';
import { createSharedPostgresDatabase, TEST_ENGINE } from '../engines/testDatabase';
import { readBootConfig } from '../helpers';
import { type MemoryReading, type ServerProcess, startServerProcess, WEBSITE_TOKEN } from './serverProcess';

const MB = 1024 * 1024;

let server: ServerProcess;
let dropDatabase: (() => Promise<void>) | undefined;

beforeEach(async () => {
  const database = TEST_ENGINE === 'postgres' ? await createSharedPostgresDatabase() : undefined;
  dropDatabase = database?.drop;
  server = await startServerProcess({ maxOldSpaceMb: 256, env: database ? { DATABASE_URL: database.url } : {} });
});

afterEach(async () => {
  await server.stop();
  await dropDatabase?.();
});

/** A visitor whose conversation holds a full page of the longest messages a visitor may write. */
async function visitorWithLongMessages() {
  const page = await fetch(`${server.origin}/widget?website_token=${WEBSITE_TOKEN}`);
  const boot = readBootConfig(await page.text());
  const long = 'x'.repeat(MAX_MESSAGE_LENGTH - 8);
  for (let i = 0; i < MESSAGES_PAGE_SIZE; i++) {
    const res = await fetch(`${server.origin}/api/v1/widget/${i === 0 ? 'conversations' : 'messages'}?website_token=${WEBSITE_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': boot.authToken },
      body: JSON.stringify({ message: { content: `${i} ${long}` } }),
    });
    expect(res.status).toBe(200);
  }
  return { authToken: boot.authToken, pubsubToken: boot.chatwootPubsubToken };
}

/** Reads the server's memory until it stops moving (it is done with what it was sent). */
async function settledMemory(): Promise<MemoryReading> {
  let previous = await server.memory();
  for (let stable = 0, tries = 0; stable < 3 && tries < 100; tries++) {
    await sleep(300);
    const reading = await server.memory();
    stable = Math.abs(reading.rss - previous.rss) < 2 * MB ? stable + 1 : 0;
    previous = reading;
  }
  return previous;
}

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('abandoned pipelined reads', () => {
  it('are not kept: after 3 rounds the heap holds at most 50 MB more than before, and the process lives', {
    timeout: 180_000,
  }, async () => {
    const visitor = await visitorWithLongMessages();
    const request = `GET /api/v1/widget/messages?website_token=${WEBSITE_TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Auth-Token: ${visitor.authToken}\r\n\r\n`;
    const baseline = await settledMemory();

    for (let round = 1; round <= 3; round++) {
      // A few connections, each with 300 requests written at once and no answer ever read.
      const sockets = await Promise.all([openSocket(), openSocket(), openSocket()]);
      for (const socket of sockets) {
        socket.pause();
        socket.write(request.repeat(300));
      }
      await settledMemory();
      for (const socket of sockets) socket.destroy();
      const after = await settledMemory();
      expect(server.exitCode, `round ${round}: the server died\n${server.stderr}`).toBeNull();
      expect(after.heapUsed - baseline.heapUsed, `round ${round}: heap held beyond the baseline`).toBeLessThanOrEqual(50 * MB);
    }
  });
});

/** A cable socket subscribed as `pubsubToken`, which stops reading once confirmed. */
async function subscribedSocket(pubsubToken: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/cable`, CABLE_PROTOCOLS);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const identifier = roomIdentifier(pubsubToken);
  const confirmed = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'confirm_subscription') resolve();
    });
  });
  ws.send(JSON.stringify({ command: 'subscribe', identifier }));
  await confirmed;
  ws.pause();
  return ws;
}

describe('unread catch_up answers', () => {
  it('2,500 catch_up frames on a socket that never reads raise the resident set by at most 50 MB', { timeout: 120_000 }, async () => {
    const visitor = await visitorWithLongMessages();
    const baseline = await settledMemory();
    const ws = await subscribedSocket(visitor.pubsubToken);
    const frame = JSON.stringify({
      command: 'message',
      identifier: roomIdentifier(visitor.pubsubToken),
      data: JSON.stringify({ action: CABLE_ACTIONS.catchUp, after: 0 }),
    });
    for (let i = 0; i < 2500; i++) ws.send(frame);
    const after = await settledMemory();
    expect(server.exitCode, `the server died\n${server.stderr}`).toBeNull();
    expect(after.rss - baseline.rss, 'resident set grown beyond the baseline').toBeLessThanOrEqual(50 * MB);
    ws.terminate();
  });
});
