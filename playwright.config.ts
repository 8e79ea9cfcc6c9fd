import { defineConfig } from '@playwright/test';
import { E2E, e2eSlot } from './e2e/ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium (browser downloads are not possible here). Each
 * worker has two servers of its own (e2e/ports.ts): the Wren reference server on `localhost`,
 * and a plain host page on `127.0.0.1` — a different origin, as on a real customer site.
 *
 * Two workers (E2E_WORKERS): a test spends most of its time waiting on the page, the server or
 * a timer, so one worker left a 2-core machine mostly idle (the run used under a third of its
 * wall time in CPU); two finish it in about two thirds of the time (docs/contributing.md#tests).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

const slotServers = (slot: number) => {
  const { widgetPort, widgetOrigin, hostOrigin } = e2eSlot(slot);
  const env = { E2E_PORT: String(widgetPort) };
  return [
    {
      command: 'node e2e/support/startServer.mjs',
      url: `${widgetOrigin}/api/v1/widget/campaigns?website_token=${E2E.websiteToken}`,
      env,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
    },
    {
      command: 'node e2e/support/hostPage.mjs',
      url: `${hostOrigin}/`,
      env,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ];
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A give-up limit, not a speed claim: on a shared 2-core machine running two workers (one of
  // them may be driving Firefox or WebKit), a frame that loads in half a second idle has taken
  // over 5 s, Playwright's default, to say `loaded`.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: WORKERS }, (_, slot) => slotServers(slot)).flat(),
});
