import { expect as baseExpect, test, type Page } from '@playwright/test';
import { outboxPrefix, type OutboxEntry } from '../src/shared/outbox';
import { E2E } from './ports';
import { axeViolations, LAUNCHER } from './support/axe';
import { hostEvents, probeLoader } from './support/loaderProbe';
import { ownWrenServer, serveHostPage } from './support/ownServer';
import { launcherRoot, saveScreenshot, windowHolder } from './support/widget';

// A chat that cannot load (docs/behaviour.md#chat-unavailable; issue 19 item 4): the visitor sees
// a short notice instead of a spinner that vanishes, and the site's developer one warning naming
// the problem. On the real cross-origin host page of e2e/support/hostPage.mjs.

// The notice comes a second after the frame's document has loaded, after a request to the server
// and the notice's own part: on a busy machine, later than expect's default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.beforeEach(async ({ page }) => probeLoader(page));

/** What the page's console warned, as Wren's warnings. */
function wrenWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && message.text().startsWith('Wren:') && warnings.push(message.text()));
  return warnings;
}

const notice = (page: Page) => page.locator('#wren-chat').getByRole('alert');

/**
 * Puts messages in the host page's own storage as the loader's outbox keeps them there for a
 * cross-site frame (src/shared/outbox.ts): under the inbox's prefix and the message's echo id.
 */
async function keepInOutbox(page: Page, entries: Partial<OutboxEntry>[]): Promise<void> {
  const stored = entries.map((entry, index) => ({
    echoId: `e2e-echo-${index}`,
    visitor: 'e2e-visitor',
    owner: 'e2e-tab',
    order: Date.now() * 1000 + index,
    content: '',
    ...entry,
  }));
  await page.evaluate(
    ({ prefix, stored }) => {
      for (const entry of stored) localStorage.setItem(prefix + entry.echoId, JSON.stringify(entry));
    },
    { prefix: outboxPrefix(E2E.websiteToken), stored },
  );
}

/** The widget's page and API refuse connections, as a server that is down does; the loader's files still come (from the cache, say). */
const serverDown = (page: Page) => page.route(/\/widget\?|\/api\/v1\/widget\//, (route) => route.abort('connectionrefused'));

test('a website token no inbox has: the notice, the warning naming it, and a retry that says the same', async ({ page }) => {
  const warnings = wrenWarnings(page);
  await page.goto(`${E2E.hostOrigin}/unknown-token`);
  await page.getByRole('button', { name: 'Chat with us' }).click();

  await expect(notice(page)).toContainText('Chat unavailable');
  await expect(notice(page)).toContainText("The chat can't open on this page. Please try again later.");
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
  await expect(notice(page)).toContainText("לא ניתן לפתוח את הצ'אט בדף הזה. נסו שוב מאוחר יותר.");
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

test('a server that does not answer: the notice says so, and the chat comes at once when the browser is back online', async ({ page }) => {
  const warnings = wrenWarnings(page);
  await page.goto(`${E2E.hostOrigin}/`);
  await serverDown(page);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(notice(page)).toContainText('Chat unavailable');
  await expect(notice(page)).toContainText("The chat server isn't answering. Trying again…");
  expect(warnings).toEqual([`Wren: ${E2E.widgetOrigin} cannot be reached`]);
  await page.unroute(/\/widget\?|\/api\/v1\/widget\//);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect(page.locator('#chatwoot_live_chat_widget')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

test.describe('the server goes down, the visitor reloads and opens the chat', () => {
  // A server of this spec's own, stopped and started again; the host page is another site.
  const SERVER_PORT = E2E.widgetPort + 9;
  const HOST_PAGE_PORT = E2E.widgetPort + 10;

  test('the notice says the server does not answer, lists what waits, and the chat loads in place once the server is back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const server = await ownWrenServer(SERVER_PORT);
    await server.start();
    const hostPage = await serveHostPage(HOST_PAGE_PORT, server.origin);
    try {
      const warnings = wrenWarnings(page);
      await page.goto(hostPage.url);
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect(page.locator('#chatwoot_live_chat_widget')).toBeVisible();
      await page.getByRole('button', { name: 'Close chat window' }).first().click();
      await keepInOutbox(page, [{ content: 'Sent while the server was down' }, { file: { size: 245_000 } }]);

      await server.stop();
      await page.reload();
      await page.evaluate(() => {
        (window as { e2eSamePage?: boolean }).e2eSamePage = true;
      });
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect(notice(page)).toContainText("The chat server isn't answering. Trying again…");
      await expect(notice(page)).toContainText('These messages will be sent once the chat is back:');
      await expect(notice(page).getByRole('listitem')).toHaveText(['Sent while the server was down', 'File (245 kB)']);
      expect(warnings).toEqual([`Wren: ${server.origin} cannot be reached`]);
      expect(await axeViolations(page, LAUNCHER)).toEqual([]);

      await server.start();
      // The next try may be up to 30 s away (the schedule's longest wait), and a loaded machine's frame slow.
      await expect(page.locator('#chatwoot_live_chat_widget')).toBeVisible({ timeout: 75_000 });
      await expect(notice(page)).toHaveCount(0);
      expect(await page.evaluate(() => (window as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
      expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
      // The widget said `loaded`: the chat itself, not an error page, is in the window.
      expect(await page.evaluate(() => window.$chatwoot!.hasLoaded)).toBe(true);
      await expect(page.frameLocator('#chatwoot_live_chat_widget').locator('main, [role="main"], body').first()).toBeVisible();
    } finally {
      await hostPage.close();
      await server.dispose();
    }
  });
});

test('the notice with waiting messages, at a phone’s width and a desktop’s, in English and Arabic, light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [390, 1280]) {
    for (const locale of ['en', 'ar']) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.addInitScript(
          ({ locale, scheme }) => {
            window.e2eAfterRun = () => {
              window.$chatwoot!.setLocale(locale);
              window.$chatwoot!.setColorScheme(scheme);
            };
          },
          { locale, scheme },
        );
        await page.goto(`${E2E.hostOrigin}/`);
        await keepInOutbox(page, [
          { content: locale === 'ar' ? 'هل يمكنني تغيير عنوان التوصيل بعد الطلب؟' : 'Can I change the delivery address after ordering?' },
          { file: { size: 1_400_000 } },
          { content: locale === 'ar' ? 'شكرًا!' : 'Thanks!' },
        ]);
        await serverDown(page);
        await page.locator('#wren-chat .bubble').click();
        await expect(notice(page).getByRole('listitem')).toHaveCount(3);
        if (locale === 'ar') {
          await expect(launcherRoot(page)).toHaveAttribute('dir', 'rtl');
          await expect(notice(page)).toContainText('خادم المحادثة لا يستجيب');
        }
        const box = (await windowHolder(page).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await axeViolations(page, LAUNCHER)).toEqual([]);
        await saveScreenshot(page, `unavailable-waiting-${width}-${locale}-${scheme}`);
        await page.unrouteAll();
        await page.evaluate(() => localStorage.clear());
      }
    }
  }
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
