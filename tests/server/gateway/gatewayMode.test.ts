import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { gatewayMode } from '../../../server/gateway/gatewayMode';
import { TtlCache } from '../../../server/lib/ttlCache';

describe("the gateway's readiness probe", () => {
  it('is ready while Chatwoot answers, whatever it answers below 500, and not once it is gone', async () => {
    let status = 404;
    const chatwoot = createServer((_req, res) => res.writeHead(status).end());
    chatwoot.listen(0, '127.0.0.1');
    await once(chatwoot, 'listening');
    const chatwootUrl = `http://127.0.0.1:${(chatwoot.address() as AddressInfo).port}`;
    const mode = gatewayMode({ ...loadConfig({}), chatwootUrl });
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
