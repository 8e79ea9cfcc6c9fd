import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { chatFrame, hostSettings, openChat, saveScreenshot } from './support/widget';
import { isVisitorSend } from './support/widgetSession';

// The widget as a first-time evaluator sees it (issue 14), one screenshot per screen in
// e2e-artifacts/screenshots: home, a conversation, the header in French on a phone, dark mode
// and right to left.

/**
 * The header has one avatar, the name on one line (the whole of it its tooltip), the reply-wait
 * line whole, on as many lines as it takes (none of it cut off), and nothing overflows the frame.
 */
async function expectTidyHeader(widget: FrameLocator) {
  const header = widget.locator('header.header');
  await expect(header.locator('.avatar')).toHaveCount(1);
  const measure = (line: string) =>
    header.locator(line).evaluate((el) => ({
      lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight || '16')),
      cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      title: el.getAttribute('title'),
      text: el.textContent,
    }));
  const title = await measure('.header__title');
  expect(title.lines).toBeLessThanOrEqual(1);
  expect(title.title).toBe(title.text);
  const subtitle = await measure('.header__subtitle');
  expect(subtitle.cut).toBe(false);
  expect(subtitle.lines).toBeLessThanOrEqual(3);
  const width = await header.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
}

async function conversationWithAReply(page: Page, widget: FrameLocator, text: string, reply: string) {
  await widget.getByRole('button', { name: /Start Conversation|Démarrer la conversation|ابدأ المحادثة|Continue/ }).click();
  // The composer by its element: its name is in the widget's language.
  const stored = page.waitForResponse((response) => isVisitorSend(response.request()) && response.ok());
  const composer = widget.locator('textarea');
  await composer.fill(text);
  await composer.press('Enter');
  const { conversation_id: conversationId } = await (await stored).json();
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, { content: reply });
  await expect(widget.getByRole('log').getByText(reply)).toBeVisible();
  return conversationId;
}

test('home and a conversation', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  await saveScreenshot(page, 'home');
  await conversationWithAReply(page, widget, 'Hi! Do you ship to Norway?', 'We do: 3 to 5 working days.');
  await expectTidyHeader(widget);
  await saveScreenshot(page, 'conversation');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header in French keeps its name to one line and its reply-wait line whole, with one avatar', async ({ page }) => {
    await hostSettings(page, { locale: 'fr' });
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page, 'Discutez avec nous');
    await expect(widget.getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();
    await conversationWithAReply(page, widget, 'Bonjour, livrez-vous en Belgique ?', 'Oui, en 2 à 3 jours ouvrés.');
    await expect(widget.locator('.header__subtitle')).toHaveText('Nous répondons généralement en quelques minutes');
    await expectTidyHeader(widget);
    await expect(widget.getByRole('button', { name: 'Terminer la conversation' })).toBeVisible();
    await saveScreenshot(page, 'header-fr-phone');
  });
});

test('dark mode', async ({ page }) => {
  await hostSettings(page, { darkMode: 'dark' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await conversationWithAReply(page, widget, 'Is there a dark theme?', 'You are looking at it.');
  await expect(widget.locator('html')).toHaveClass(/dark/);
  await saveScreenshot(page, 'dark-conversation');
});

test('right to left', async ({ page }) => {
  await hostSettings(page, { locale: 'ar' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page, 'تحدث معنا');
  await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
  await conversationWithAReply(page, widget, 'مرحبا، هل تشحنون إلى مصر؟', 'نعم، خلال خمسة أيام.');
  await expectTidyHeader(widget);
  await saveScreenshot(page, 'rtl-conversation-issue14');
});

test('the online dot is gone while the connection is lost, and back with it', async ({ page, context }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await conversationWithAReply(page, widget, 'Are you online?', 'Yes!');
  const dot = chatFrame(page).locator('.header__avatar .online-dot');
  await expect(dot).toBeVisible();
  await context.setOffline(true);
  try {
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost. Reconnecting…' })).toBeVisible({ timeout: 30_000 });
    await expect(dot).toHaveCount(0);
    await saveScreenshot(page, 'connection-lost');
  } finally {
    await context.setOffline(false);
  }
  await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0, { timeout: 30_000 });
  await expect(dot).toBeVisible();
});
