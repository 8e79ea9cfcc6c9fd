/**
 * Compatibility with the official ActionCable client (`@rails/actioncable`, the version
 * Chatwoot's widget ships) against a real listening server: a visitor whose first action is to
 * subscribe, before anything of theirs is stored (docs/protocol.md#the-lazy-visitor), still hears
 * the agent's reply to their first message.
 */
import type { Consumer } from '@rails/actioncable';
import { WebSocket } from 'ws';
import { readBootConfig } from './helpers';
import { startTempServer, type TempServer } from './realServer';

// The client is written for browsers: it reads `self`, registers a global `visibilitychange`
// listener and checks `document.visibilityState`. Node 20 has none of these, nor a WebSocket
// (the `ws` package stands in). Whatever this file adds is taken away again afterwards.
const BROWSER_GLOBALS = {
  self: globalThis,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  document: { visibilityState: 'visible' },
};
const globals = globalThis as Record<string, unknown>;
const added = Object.keys(BROWSER_GLOBALS).filter((key) => !(key in globals));
beforeAll(() => {
  for (const key of added) globals[key] = BROWSER_GLOBALS[key as keyof typeof BROWSER_GLOBALS];
});
afterAll(() => {
  for (const key of added) delete globals[key];
});

let server: TempServer;
let consumer: Consumer | undefined;
afterEach(async () => {
  consumer?.disconnect();
  await server?.destroy();
});

describe('@rails/actioncable against Wren', () => {
  it('subscribes a visitor who has not written yet and delivers the reply to their first message', { timeout: 30_000 }, async () => {
    server = await startTempServer();
    const base = `http://127.0.0.1:${server.port}`;
    const { websiteToken, apiAccessToken } = server.config;
    const boot = readBootConfig(await (await fetch(`${base}/widget?website_token=${websiteToken}`)).text());

    // Imported once the browser globals exist: the module reads `self` as it loads.
    const ActionCable = await import('@rails/actioncable');
    ActionCable.adapters.WebSocket = WebSocket;
    consumer = ActionCable.createConsumer(`ws://127.0.0.1:${server.port}/cable`);
    const received: { event: string; data: { content?: string } }[] = [];
    let wake = () => {};
    const until = async (predicate: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    };
    let state = 'pending';
    consumer.subscriptions.create(
      { channel: 'RoomChannel', pubsub_token: boot.chatwootPubsubToken },
      {
        connected: () => {
          state = 'connected';
          wake();
        },
        rejected: () => {
          state = 'rejected';
          wake();
        },
        received: (data) => {
          received.push(data as (typeof received)[number]);
          wake();
        },
      },
    );
    await until(() => state !== 'pending');
    expect(state).toBe('connected');
    const contacts = await (await fetch(`${base}/api/v1/accounts/1/contacts`, { headers: { api_access_token: apiAccessToken } })).json();
    expect(contacts.meta.count).toBe(0);

    const sent = await fetch(`${base}/api/v1/widget/messages?website_token=${websiteToken}`, {
      method: 'POST',
      headers: { 'X-Auth-Token': boot.authToken, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { content: 'Is anyone there?' } }),
    });
    const { conversation_id: conversationId } = (await sent.json()) as { conversation_id: number };
    await fetch(`${base}/api/v1/accounts/1/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { api_access_token: apiAccessToken, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Yes! How can I help?' }),
    });
    await until(() => received.some((e) => e.event === 'message.created' && e.data.content === 'Yes! How can I help?'));
    expect(received.filter((e) => e.event === 'message.created').map((e) => e.data.content)).toEqual([
      'Is anyone there?',
      'Yes! How can I help?',
    ]);
  });
});
