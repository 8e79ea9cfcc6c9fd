/**
 * Probes for orchestrators and load balancers: `GET /healthz` says the process answers,
 * `GET /readyz` that everything it depends on is reachable (503 otherwise, so traffic moves on).
 */
import { Hono } from 'hono';
import type { RequestEnv } from '../observability/requestLog';

/** One dependency `/readyz` checks. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when reachable; rejects (or exceeds the timeout) when not. */
  probe(): Promise<unknown>;
}

/** A probe slower than this counts as unreachable: a stuck dependency must not hang the orchestrator's probe. */
export const READINESS_TIMEOUT_MS = 2000;

async function reachable(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([check.probe(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probe routes; `/readyz` runs `checks`, and answers 503 `shutting down` once `draining()`
 * says the process is handing its visitors over (so a load balancer sends nobody new).
 */
export function healthRoutes(checks: ReadinessCheck[], draining: () => boolean = () => false) {
  const app = new Hono<RequestEnv>();
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));

  app.get('/readyz', async (c) => {
    const results = await Promise.all(checks.map(async (check) => [check.name, await reachable(check)] as const));
    const reachableAll = results.every(([, ok]) => ok);
    if (!reachableAll) c.get('log').warn({ checks: Object.fromEntries(results) }, 'not ready');
    const ready = reachableAll && !draining();
    const body = {
      status: ready ? 'ready' : reachableAll ? 'shutting down' : 'unavailable',
      checks: Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'ok' : 'unreachable'])),
    };
    return c.json(body, ready ? 200 : 503, noStore);
  });

  return app;
}
