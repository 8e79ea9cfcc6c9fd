import { expect, test, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { frameLoaded, hostEvents, probeLoader } from './support/loaderProbe';
import { conversationWithMessage } from './support/settings';
import { chatFrame, hostSettings, launcherRoot, openChat, startConversation } from './support/widget';

// `$chatwoot` as a site programs it (docs/protocol.md#the-host-api; issue 14): arguments checked at
// the call, state that survives `reset()`, calls that wait for what they need, and Wren's extras.

test.beforeEach(async ({ page }) => probeLoader(page));

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with us' });

test.describe('setLocale', () => {
  for (const [what, value] of [
    ['a number', 42],
    ['an unknown locale', 'xx_YY'],
    ['an unknown language', 'klingon'],
    ['an empty string', ''],
  ] as const) {
    test(`throws at the call for ${what}, and the widget keeps its language`, async ({ page }) => {
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      await expect(widget.getByRole('button', { name: /Start Conversation|Continue conversation/ })).toBeVisible();
      const error = await page.evaluate((locale) => {
        try {
          window.$chatwoot!.setLocale(locale as string);
          return null;
        } catch (e) {
          return (e as Error).message;
        }
      }, value);
      expect(error).toMatch(/locale/i);
      expect(await page.evaluate(() => window.$chatwoot!.locale)).not.toBe(value);
      await expect(widget.locator('html')).toHaveAttribute('lang', 'en');
    });
  }

  test('accepts a locale, its language part and the browser form', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await page.evaluate(() => window.$chatwoot!.setLocale('pt-BR'));
    await expect(widget.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.evaluate(() => window.$chatwoot!.setLocale('fr_CA'));
    await expect(widget.locator('html')).toHaveAttribute('lang', 'fr');
    await page.evaluate(() => window.$chatwoot!.setLocale('de'));
    await expect(widget.getByRole('button', { name: /Unterhaltung/ })).toBeVisible();
  });
});

test('after reset() the widget comes back in the locale the page configured', async ({ page }) => {
  await hostSettings(page, { locale: 'fr' });
  await page.goto(`${E2E.hostOrigin}/`);
  // sdk.js has no strings of its own: the launcher speaks French once the widget has told it.
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();

  await page.evaluate(() => window.$chatwoot!.reset());
  await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Discutez avec nous' })).toBeVisible();
  await page.getByRole('button', { name: 'Discutez avec nous' }).click();
  await frameLoaded(page);
  await expect(chatFrame(page).getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();
  await expect(chatFrame(page).locator('html')).toHaveAttribute('lang', 'fr');
  // And it stays French after the account's own locale has been applied.
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'Discutez avec nous' })).toHaveCount(0);
  await expect(chatFrame(page).getByRole('button', { name: 'Démarrer la conversation' })).toBeVisible();
});

test('setConversationCustomAttributes before a conversation exists waits for it instead of failing', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await page.evaluate(() => window.$chatwoot!.setConversationCustomAttributes({ plan: 'pro', seats: 12 }));
  await page.waitForTimeout(500);
  expect(await hostEvents(page, 'chatwoot:error')).toEqual([]);

  const text = `Attributes wait for me ${Date.now()}`;
  await startConversation(widget, text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  const { id } = (await conversationWithMessage(text))!;
  await expect
    .poll(
      async () =>
        (await agentApi<{ custom_attributes: Record<string, unknown> }>('GET', `/api/v1/accounts/1/conversations/${id}`)).custom_attributes,
    )
    .toEqual({ plan: 'pro', seats: 12 });
  expect(await hostEvents(page, 'chatwoot:error')).toEqual([]);
});

test('setLabel with a label the account does not have warns in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  const text = `Label me ${Date.now()}`;
  await startConversation(widget, text);
  await page.evaluate(() => window.$chatwoot!.setLabel('no-such-label-here'));
  await expect.poll(() => warnings.join('\n')).toContain('no-such-label-here');
  expect(warnings.join('\n')).toMatch(/label/i);
});

test('the launcher shows its focus ring when Escape returns focus to it', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  // The visitor clicks (a pointer, not the keyboard), then leaves the chat with Escape.
  const widget = await openChat(page);
  await widget.getByRole('button', { name: /Start Conversation|Continue conversation/ }).click();
  await widget.getByRole('textbox', { name: 'Type your message' }).press('Escape');
  await expect(launcher(page)).toBeFocused();
  const ring = await launcher(page).evaluate((bubble) => ({
    visible: bubble.matches(':focus-visible'),
    outline: getComputedStyle(bubble).outlineStyle,
  }));
  expect(ring).toEqual({ visible: true, outline: 'solid' });
  await expect(launcherRoot(page)).not.toHaveClass(/(^|\s)open(\s|$)/);
});
