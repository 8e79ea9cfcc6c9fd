import { Hono } from 'hono';
import type { AppEnv } from '../../server/context';
import { SILENT_LOGGER } from '../../server/observability/logger';
import { requestLog } from '../../server/observability/requestLog';
import { healthRoutes, READINESS_TIMEOUT_MS } from '../../server/routes/health';
import { createFixture, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(async () => {
  await fx.close().catch(() => {});
});

describe('GET /healthz', () => {
  it('answers 200 JSON while the process runs', async () => {
    const res = await fx.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers', async () => {
    const res = await fx.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('answers 503 JSON naming the database when it is unreachable', async () => {
    await fx.db.destroy();
    const res = await fx.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
  });

  it('answers 503 "shutting down" once the process drains, with every dependency still reachable', async () => {
    let draining = false;
    const app = new Hono<AppEnv>().use('*', requestLog(SILENT_LOGGER)).route(
      '/',
      healthRoutes([{ name: 'database', probe: async () => {} }], () => draining),
    );
    expect((await app.request('/readyz')).status).toBe(200);
    draining = true;
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'shutting down', checks: { database: 'ok' } });
  });

  it('counts a dependency that does not answer in time as unreachable, and reports every check', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const app = new Hono<AppEnv>().use('*', requestLog(SILENT_LOGGER)).route(
        '/',
        healthRoutes([
          { name: 'database', probe: async () => {} },
          { name: 'redis', probe: () => new Promise(() => {}) },
        ]),
      );
      const answer = Promise.resolve(app.request('/readyz'));
      await vi.advanceTimersByTimeAsync(READINESS_TIMEOUT_MS);
      const res = await answer;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unreachable' } });
    } finally {
      vi.useRealTimers();
    }
  });
});
