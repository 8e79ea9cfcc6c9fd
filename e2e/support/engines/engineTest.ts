import { test as base } from '@playwright/test';
import type { BrowserSession } from './browserSession';
import { ENGINES, type Engine } from './engines';

/**
 * Playwright's `test` with a browser of one engine: `test.use({ engine })` picks it (Chromium
 * by default), Playwright's own `viewport` option sizes its page, and `session` drives it. The
 * browser closes after the test even when the test fails or times out.
 */
export const engineTest = base.extend<{ engine: Engine; session: BrowserSession }>({
  engine: [ENGINES[0], { option: true }],
  session: async ({ engine, viewport }, use, testInfo) => {
    const session = await engine.launch(viewport ?? { width: 1280, height: 720 });
    testInfo.annotations.push({ type: 'browser', description: session.version });
    try {
      await use(session);
    } finally {
      await session.close();
    }
  },
});
