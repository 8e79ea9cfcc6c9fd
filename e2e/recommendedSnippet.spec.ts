import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { chatFrame } from './support/widget';

/**
 * The recommended snippet on the demo page at `/` (docs/embedding.md#the-recommended-snippet):
 * sdk.js comes after the page's load event, and `$chatwoot` calls made before it are replayed.
 */
test('the demo page loads sdk.js after its load event, and $chatwoot calls made before it still happen', async ({ page }) => {
  // Called while the page is still loading, long before sdk.js can exist.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const chatwoot = window.$chatwoot as unknown as { q: unknown[]; setLocale(l: string): void; toggle(s: string): void };
      (window as unknown as { queuedAtDomContentLoaded: number }).queuedAtDomContentLoaded = chatwoot.q.length;
      chatwoot.setLocale('fr');
      chatwoot.toggle('open');
    });
  });
  await page.goto(`${E2E.widgetOrigin}/`);

  // The queued calls ran: the chat is open, in French.
  await expect(chatFrame(page).getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();
  expect(await page.evaluate(() => window.$chatwoot?.isOpen)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { queuedAtDomContentLoaded: number }).queuedAtDomContentLoaded)).toBe(0);

  // sdk.js was requested only after the page's own load had finished.
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const sdk = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/packs/js/sdk.js'));
    return { loadEnd: navigation.loadEventEnd, sdkStart: sdk?.startTime ?? Number.NaN };
  });
  expect(timing.sdkStart).toBeGreaterThanOrEqual(timing.loadEnd);
});
