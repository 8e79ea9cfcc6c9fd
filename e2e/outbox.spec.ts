import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/widget';
import { composerOf, conversationMessages, isVisitorSend, openConversation, sendVisitorMessage } from './support/widgetSession';

// Messages the visitor writes while the server cannot be reached go by themselves once it can,
// in the order written; one the server refuses keeps its retry and says why (issue 19).

const WAITING = 'Not sent yet: it goes once the connection is back';

test('messages written offline go by themselves, in order, once the connection is back', async ({ page, context }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `Before the tunnel ${Date.now()}`);
  const composer = composerOf(widget);
  const log = widget.getByRole('log');

  await context.setOffline(true);
  try {
    for (const text of ['Written in the tunnel', 'And a second one']) {
      await composer.fill(text);
      await composer.press('Enter');
    }
    await expect(log.getByRole('status').filter({ hasText: WAITING })).toHaveCount(2);
    // Nothing to press: they will go by themselves.
    await expect(log.getByRole('button', { name: 'Send message again' })).toHaveCount(0);
    await saveScreenshot(page, 'outbox-waiting');
  } finally {
    await context.setOffline(false);
  }

  await expect
    .poll(async () => (await conversationMessages(conversationId)).map((m) => m.content).slice(1))
    .toEqual(['Written in the tunnel', 'And a second one']);
  await expect(log.getByText(WAITING)).toHaveCount(0);
  await expect(log.getByText('And a second one')).toBeVisible();
});

test('a message the server could not take for a moment (503) goes again by itself', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `Hello ${Date.now()}`);
  let refusals = 0;
  await page.route(
    (url) => url.pathname === '/api/v1/widget/messages',
    (route) => (route.request().method() === 'POST' && refusals++ === 0 ? route.fulfill({ status: 503, body: '{}' }) : route.fallback()),
  );
  const composer = composerOf(widget);
  await composer.fill('Sent into a restart');
  await composer.press('Enter');
  await expect
    .poll(async () => (await conversationMessages(conversationId)).map((m) => m.content).at(-1), { timeout: 15_000 })
    .toBe('Sent into a restart');
  expect(refusals).toBeGreaterThanOrEqual(2);
});

test('a message the server refuses keeps its retry and says why', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `Hi ${Date.now()}`);
  const refuse = (url: URL) => url.pathname === '/api/v1/widget/messages';
  await page.route(refuse, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"no"}' })
      : route.fallback(),
  );
  const composer = composerOf(widget);
  await composer.fill('Please take this one');
  await composer.press('Enter');
  // The bubble's refusal is no alert of its own: the list's one status says it once (docs/accessibility.md).
  const alert = widget.getByRole('log').locator('.bubble__error').filter({ hasText: "Couldn't send" });
  await expect(alert).toContainText("Couldn't send, try again");
  await expect(alert).toContainText('The chat server did not accept it.');
  await saveScreenshot(page, 'outbox-refused');

  await page.unroute(refuse);
  const stored = page.waitForResponse((response) => isVisitorSend(response.request()) && response.ok());
  await alert.getByRole('button', { name: 'Send message again' }).click();
  await stored;
  await expect.poll(async () => (await conversationMessages(conversationId)).map((m) => m.content).at(-1)).toBe('Please take this one');
  await expect(alert).toHaveCount(0);
});
