import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium (browser downloads are not possible here). Two
 * servers start for the run: the Wren reference server on `localhost`, and a plain host page
 * on `127.0.0.1` — a different origin, as on a real customer site.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
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
  webServer: [
    {
      command: 'node e2e/support/startServer.mjs',
      url: `${E2E.widgetOrigin}/api/v1/widget/campaigns?website_token=${E2E.websiteToken}`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'node e2e/support/hostPage.mjs',
      url: `${E2E.hostOrigin}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
