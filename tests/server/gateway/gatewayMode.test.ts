import { once } from 'node:events';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { gatewayMode } from '../../../server/gateway/gatewayMode';
import { TtlCache } from '../../../server/lib/ttlCache';
import { startServer } from '../../../server/start';

describe("the gateway's readiness probe", () => {
  it('is ready while Chatwoot answers, whatever it answers below 500, and not once it is gone', async () => {
    let status = 404;
    const chatwoot = createServer((_req, res) => res.writeHead(status).end());
    chatwoot.listen(0, '127.0.0.1');
    await once(chatwoot, 'listening');
    const chatwootUrl = `http://127.0.0.1:${(chatwoot.address() as AddressInfo).port}`;
    const mode = await gatewayMode({ ...loadConfig({}), chatwootUrl });
    expect(await mode.chatwootReachable()).toBe(true);
    status = 503;
    expect(await mode.chatwootReachable()).toBe(false);
    await new Promise((resolve) => chatwoot.close(resolve));
    expect(await mode.chatwootReachable()).toBe(false);
  });
});

describe('CHATWOOT_URL', () => {
  it('takes an http(s) origin, without a trailing slash', () => {
    expect(loadConfig({ CHATWOOT_URL: 'https://chat.example.com/' }).chatwootUrl).toBe('https://chat.example.com');
    expect(loadConfig({}).chatwootUrl).toBeUndefined();
  });

  it('refuses anything else with a message that says what it wants', () => {
    expect(() => loadConfig({ CHATWOOT_URL: 'chat.example.com' })).toThrow(/CHATWOOT_URL must be your Chatwoot's http\(s\) origin/);
    expect(() => loadConfig({ CHATWOOT_URL: 'https://chat.example.com/app' })).toThrow(/CHATWOOT_URL/);
  });
});

describe('the TTL cache', () => {
  it('forgets an entry once its time is up', () => {
    let now = 0;
    const cache = new TtlCache<string, number>(1_000, 10, () => now);
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<string, number>(1_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
  });
});

describe('a client that pipelines requests through the gateway and never reads', () => {
  it('costs Chatwoot one request at a time, not one per request sent', async () => {
    let calls = 0;
    const chatwoot = createServer((_req, res) => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(Buffer.alloc(16 * 1024 * 1024, 0x20));
    });
    chatwoot.listen(0, '127.0.0.1');
    await once(chatwoot, 'listening');
    const chatwootUrl = `http://127.0.0.1:${(chatwoot.address() as AddressInfo).port}`;
    const gateway = await startServer({ ...loadConfig({ CHATWOOT_URL: chatwootUrl }), port: 0, host: '127.0.0.1' });
    const socket = connect(gateway.port, '127.0.0.1');
    try {
      await once(socket, 'connect');
      socket.pause();
      socket.write('GET /api/v1/widget/messages?website_token=t HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(20));
      await expect.poll(() => calls).toBeGreaterThan(0);
      // Time for a server that answers everything it was sent to do so.
      await sleep(500);
      expect(calls).toBe(1);
    } finally {
      socket.destroy();
      await gateway.close();
      await new Promise((resolve) => chatwoot.close(resolve));
    }
  });
});
