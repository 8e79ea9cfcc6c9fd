import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CABLE_PROTOCOLS } from '../../../src/shared/cable';
import { attachCableForward, type CableForward } from '../../../server/gateway/cableForward';
import { CABLE_ACTION_RATES } from '../../../server/realtime/cableLimits';

/** A stand-in for Chatwoot's ActionCable: greets, echoes, and records each upgrade's headers. */
async function startUpstream() {
  const server = createServer();
  const upgrades: IncomingHttpHeaders[] = [];
  const sockets: WebSocket[] = [];
  const received: string[] = [];
  const pings: string[] = [];
  const wss = new WebSocketServer({
    server,
    path: '/cable',
    handleProtocols: (offered) => (offered.has('actioncable-v1-json') ? 'actioncable-v1-json' : false),
  });
  wss.on('connection', (ws, request) => {
    upgrades.push(request.headers);
    sockets.push(ws);
    ws.send(JSON.stringify({ type: 'welcome' }));
    ws.on('message', (data) => {
      received.push(data.toString());
      ws.send(`echo ${data}`);
    });
    ws.on('ping', (data) => pings.push(data.toString()));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, wss, upgrades, sockets, received, pings, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function startGateway(upstreamOrigin: string, publicUrl?: string) {
  const server = createServer();
  const cable = attachCableForward(server, upstreamOrigin, { publicUrl });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, cable, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/cable` };
}

/** A visitor's socket with everything it received, in order. */
async function connectVisitor(url: string, headers: Record<string, string> = {}) {
  const frames: string[] = [];
  const ws = new WebSocket(url, CABLE_PROTOCOLS, {
    headers: { cookie: 'shop_session=secret', origin: 'https://shop.example', ...headers },
  });
  ws.on('message', (data) => frames.push(data.toString()));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await once(ws, 'open');
  await expect.poll(() => frames).toContain('{"type":"welcome"}');
  return { ws, frames, closed };
}

const DISCONNECT = JSON.stringify({ type: 'disconnect', reason: 'server_restart', reconnect: true });

describe('the /cable forward', () => {
  const servers: Server[] = [];
  let cable: CableForward | undefined;
  afterEach(async () => {
    await cable?.close();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function setUp(publicUrl?: string) {
    const upstream = await startUpstream();
    const gateway = await startGateway(upstream.origin, publicUrl);
    servers.push(gateway.server, upstream.server);
    cable = gateway.cable;
    return { upstream, gateway };
  }

  it("relays frames both ways with the sub-protocol Chatwoot chose, Chatwoot's Origin and no cookies", async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    expect(visitor.ws.protocol).toBe('actioncable-v1-json');
    visitor.ws.send('{"command":"subscribe"}');
    await expect.poll(() => visitor.frames).toContain('echo {"command":"subscribe"}');
    const headers = upstream.upgrades[0];
    expect(headers.origin).toBe(upstream.origin);
    expect(headers.cookie).toBeUndefined();
    expect(headers['sec-websocket-protocol']?.split(/,\s*/)).toEqual(CABLE_PROTOCOLS);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(gateway.cable.size).toBe(1);
  });

  it('passes on only the headers HTTP calls pass, whatever the visitor sends', async () => {
    const { upstream, gateway } = await setUp('https://chat.shop.example');
    const hostile: Record<string, string> = {
      'x-real-ip': '10.0.0.1',
      forwarded: 'for=10.0.0.1;host=evil.example',
      'cf-connecting-ip': '10.0.0.1',
      'true-client-ip': '10.0.0.1',
      'x-client-ip': '10.0.0.1',
      'x-cluster-client-ip': '10.0.0.1',
      'fastly-client-ip': '10.0.0.1',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      'x-forwarded-port': '1',
      'x-forwarded-server': 'evil.example',
      'x-original-url': '/admin',
      'x-rewrite-url': '/admin',
      'x-http-method-override': 'DELETE',
      api_access_token: 'stolen',
      'proxy-authorization': 'Basic eDp5',
      authorization: 'Bearer shop',
      referer: 'https://shop.example/?cw_conversation=a.b.c',
      via: '1.1 evil',
      'x-auth-token': 'a.b.c',
      'accept-language': 'de-DE',
    };
    const visitor = await connectVisitor(gateway.url, { ...hostile, host: 'evil.example', 'x-forwarded-for': '198.51.100.1' });
    visitor.ws.send('{"command":"subscribe"}');
    await expect.poll(() => visitor.frames).toContain('echo {"command":"subscribe"}');
    const headers = upstream.upgrades[0];
    const passed = Object.keys(hostile).filter((name) => headers[name] !== undefined && headers[name] !== hostile[name]);
    expect(Object.keys(hostile).filter((name) => headers[name] === hostile[name])).toEqual(['x-auth-token', 'accept-language']);
    expect(passed).toEqual(['x-forwarded-host', 'x-forwarded-proto']);
    // The visitor's Host never becomes X-Forwarded-Host: the gateway names its own, PUBLIC_URL's.
    expect(headers['x-forwarded-host']).toBe('chat.shop.example');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers.host).toBe(new URL(upstream.origin).host);
    // As for HTTP calls, the peer is appended to any chain, so the rightmost address is the real one.
    expect(headers['x-forwarded-for']).toBe('198.51.100.1, 127.0.0.1');
    expect(headers['sec-websocket-extensions']).toBeUndefined();
  });

  it("holds a visitor's catch_up and update_presence to Wren's per-socket budgets, and passes everything else", async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    const identifier = '{"channel":"RoomChannel","pubsub_token":"t"}';
    const perform = (action: string) => JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action }) });
    visitor.ws.send(JSON.stringify({ command: 'subscribe', identifier }));
    for (let i = 0; i < 300; i++) {
      visitor.ws.send(perform('catch_up'));
      visitor.ws.send(perform('update_presence'));
    }
    visitor.ws.ping('still there?');
    visitor.ws.send('{"command":"unsubscribe"}');
    await expect.poll(() => upstream.received.at(-1)).toBe('{"command":"unsubscribe"}');
    const count = (action: string) => upstream.received.filter((frame) => frame === perform(action)).length;
    expect(count('catch_up')).toBe(CABLE_ACTION_RATES.catch_up.burst);
    expect(count('update_presence')).toBe(CABLE_ACTION_RATES.update_presence.burst);
    expect(upstream.received[0]).toBe(JSON.stringify({ command: 'subscribe', identifier }));
    expect(upstream.pings).toEqual(['still there?']);
  });

  it('ends a visitor who sends a frame over 64 KB', async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    visitor.ws.send('x'.repeat(65 * 1024));
    await visitor.closed;
    expect(upstream.received).toEqual([]);
  });

  it("passes the visitor's close on to Chatwoot", async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    const closedUpstream = new Promise<number>((resolve) => upstream.sockets[0].once('close', (code) => resolve(code)));
    visitor.ws.close(4000, 'bye');
    expect(await closedUpstream).toBe(4000);
  });

  it("sends ActionCable's disconnect frame when Chatwoot's side drops without closing", async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    upstream.sockets[0].terminate();
    expect(await visitor.closed).toBe(1001);
    expect(visitor.frames.at(-1)).toBe(DISCONNECT);
  });

  it('adds nothing when Chatwoot closes the socket itself', async () => {
    const { upstream, gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    const own = JSON.stringify({ type: 'disconnect', reason: 'remote', reconnect: true });
    upstream.sockets[0].send(own);
    upstream.sockets[0].close(1000, 'bye');
    expect(await visitor.closed).toBe(1000);
    expect(visitor.frames.filter((frame) => frame.includes('disconnect'))).toEqual([own]);
  });

  it('tells every visitor to reconnect when the gateway shuts down', async () => {
    const { gateway } = await setUp();
    const visitor = await connectVisitor(gateway.url);
    await gateway.cable.close();
    cable = undefined;
    expect(await visitor.closed).toBe(1001);
    expect(visitor.frames.at(-1)).toBe(DISCONNECT);
  });

  it('refuses upgrades on other paths', async () => {
    const { gateway } = await setUp();
    const ws = new WebSocket(gateway.url.replace('/cable', '/elsewhere'));
    const [error] = await once(ws, 'error');
    expect(String(error)).toContain('404');
  });
});
