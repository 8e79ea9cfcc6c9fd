import { expect, test, type Page } from '@playwright/test';
import { E2E } from './ports';
import { axeViolations, LAUNCHER } from './support/axe';
import { hostEvents, probeLoader } from './support/loaderProbe';
import { launcherRoot, saveScreenshot, windowHolder } from './support/widget';

// A chat that cannot load (docs/behaviour.md#chat-unavailable; issue 19 item 4): the visitor sees
// a short notice instead of a spinner that vanishes, and the site's developer one warning naming
// the problem. On the real cross-origin host page of e2e/support/hostPage.mjs.

test.beforeEach(async ({ page }) => probeLoader(page));

/** What the page's console warned, as Wren's warnings. */
function wrenWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && message.text().startsWith('Wren:') && warnings.push(message.text()));
  return warnings;
}

const notice = (page: Page) => page.locator('#wren-chat').getByRole('alert');

test('a website token no inbox has: the notice, the warning naming it, and a retry that says the same', async ({ page }) => {
  const warnings = wrenWarnings(page);
  await page.goto(`${E2E.hostOrigin}/unknown-token`);
  await page.getByRole('button', { name: 'Chat with us' }).click();

  await expect(notice(page)).toContainText('Chat unavailable');
  await expect(notice(page)).toContainText("The chat can't be reached right now. Please try again later.");
  await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
  await expect(windowHolder(page)).toBeVisible();
  // The launcher is the window's close button, as it is while the chat is open.
  const bubble = page.locator('#wren-chat .bubble');
  await expect(bubble).toHaveAttribute('aria-label', 'Close chat window');
  await expect(bubble).toHaveAttribute('aria-expanded', 'true');
  expect(warnings).toEqual([`Wren: ${E2E.widgetOrigin} has no inbox with the website token "e2e-no-such-token"`]);
  expect(await hostEvents(page, 'chatwoot:error')).toEqual([
    { error: `Wren: ${E2E.widgetOrigin} has no inbox with the website token "e2e-no-such-token"` },
  ]);
  expect(await axeViolations(page, LAUNCHER)).toEqual([]);
  await saveScreenshot(page, 'unavailable-unknown-token');

  // Its own close button (the only one on a phone), then the launcher tries again.
  await notice(page).getByRole('button', { name: 'Close chat window' }).click();
  await expect(windowHolder(page)).toBeHidden();
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(notice(page)).toContainText('Chat unavailable');
  await page.keyboard.press('Escape');
  expect(warnings).toHaveLength(1);
});

test('on a phone the notice sits above the launcher, which stays to close it', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto(`${E2E.hostOrigin}/unknown-token`);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(notice(page)).toBeVisible();
  const box = (await windowHolder(page).boundingBox())!;
  const bubble = (await page.locator('#wren-chat .bubble').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.y + box.height).toBeLessThanOrEqual(bubble.y);
  await expect(page.locator('#wren-chat .bubble')).toBeVisible();
  await saveScreenshot(page, 'unavailable-phone');
});

test('in the language the page asked for, right to left in Hebrew', async ({ page }) => {
  await page.addInitScript(() => {
    window.e2eAfterRun = () => window.$chatwoot!.setLocale('he');
  });
  await page.goto(`${E2E.hostOrigin}/unknown-token`);
  await page.locator('#wren-chat .bubble').click();
  await expect(notice(page)).toContainText("הצ'אט אינו זמין");
  await expect(notice(page)).toContainText("לא ניתן להתחבר לצ'אט כרגע. נסו שוב מאוחר יותר.");
  await expect(launcherRoot(page)).toHaveAttribute('dir', 'rtl');
  await expect(launcherRoot(page)).toHaveAttribute('lang', 'he');
  await expect(notice(page).getByRole('button', { name: "סגירת חלון הצ'אט" })).toBeVisible();
  // The close button sits at the end of the lines, on the left in Hebrew.
  const text = (await notice(page).locator('p').first().boundingBox())!;
  const close = (await notice(page).getByRole('button').boundingBox())!;
  expect(close.x + close.width).toBeLessThanOrEqual(text.x + 1);
  expect(await axeViolations(page, LAUNCHER)).toEqual([]);
  await saveScreenshot(page, 'unavailable-rtl');
});

test('a server that does not answer', async ({ page }) => {
  const warnings = wrenWarnings(page);
  await page.goto(`${E2E.hostOrigin}/`);
  // The loader's own files are there (the runtime came from the cache, say); the widget page and
  // the API are not.
  await page.route(/\/widget\?|\/api\/v1\/widget\//, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(notice(page)).toContainText('Chat unavailable');
  expect(warnings).toEqual([`Wren: ${E2E.widgetOrigin} cannot be reached`]);
});

test('an inbox whose account is suspended', async ({ page }) => {
  const warnings = wrenWarnings(page);
  await page.goto(`${E2E.hostOrigin}/`);
  // The server's answers for a suspended account (tests/server/campaigns.test.ts holds the server to them).
  const suspended = { status: 401, contentType: 'application/json', body: '{"error":"Account is suspended"}' };
  await page.route(/\/widget\?/, (route) => route.fulfill(suspended));
  await page.route(/\/api\/v1\/widget\/campaigns/, (route) =>
    route.fulfill({ ...suspended, headers: { 'access-control-allow-origin': '*' } }),
  );
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(notice(page)).toContainText('Chat unavailable');
  expect(warnings).toEqual([`Wren: the inbox of the website token "${E2E.websiteToken}" is suspended`]);
});
