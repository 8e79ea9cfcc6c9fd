/**
 * Addresses of the e2e run: the widget server on `localhost` and the host page on `127.0.0.1`
 * are different origins, as on a real customer site. E2E_PORT moves both (two runs can then
 * share a machine); E2E_DIST_DIR points at another build.
 *
 * Each Playwright worker has a slot of its own (playwright.config.ts starts a server and a host
 * page per slot): its ports are SLOT_PORTS above the previous slot's, so one worker's data and
 * settings (an inbox changed, a campaign, a server a spec starts at `widgetPort + n`, n < 50) never
 * meet another worker's tests.
 */
export const SLOT_PORTS = 50;
const basePort = Number(process.env.E2E_PORT ?? 4310);

/** The ports and origins of a slot; a worker's is its TEST_PARALLEL_INDEX (0 outside a worker). */
export function e2eSlot(slot: number) {
  const widgetPort = basePort + slot * SLOT_PORTS;
  const hostPort = widgetPort + 1;
  return {
    widgetPort,
    hostPort,
    widgetOrigin: `http://localhost:${widgetPort}`,
    hostOrigin: `http://127.0.0.1:${hostPort}`,
  };
}

export const E2E = {
  ...e2eSlot(Number(process.env.TEST_PARALLEL_INDEX ?? 0)),
  websiteToken: 'e2e-website-token',
  apiAccessToken: 'e2e-api-access-token',
  distDir: process.env.E2E_DIST_DIR ?? process.env.DIST_DIR ?? 'dist',
} as const;
