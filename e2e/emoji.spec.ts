import { expect, test, type Page } from '@playwright/test';
import { E2E } from './ports';
import { axeViolations } from './support/axe';
import { colourfulShare } from './support/visualChecks';
import { conversationMessages } from './support/settings';
import { hostSettings, saveScreenshot } from './support/widget';
import { composerOf, openConversation, sendVisitorMessage } from './support/widgetSession';

// The emoji picker (issue 10): a lazy chunk the visitor pays for only when opening it; search
// by name, keyboard-only use, and axe on the open picker, light and dark.

const isEmojiChunk = (url: string) => /\/js\/widget-\w+\/(emojiPicker|emoji-names-[\w-]+)\.js$/.test(url);

/** Records every emoji chunk the page requests. */
function emojiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => isEmojiChunk(request.url()) && seen.push(request.url()));
  return seen;
}

test.describe('the emoji picker', () => {
  test('is not requested when the widget opens, only when the visitor opens the picker', async ({ page }) => {
    const requested = emojiRequests(page);
    const widget = await openConversation(page);
    await expect(widget.getByRole('button', { name: 'Insert emoji' })).toBeVisible();
    // Long enough for anything the open would fetch on idle (the chat keeps a socket, so the
    // network never goes idle to wait for).
    await page.waitForTimeout(2_000);
    expect(requested).toEqual([]);

    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    await expect(widget.getByRole('dialog', { name: 'Insert emoji' }).getByRole('grid')).toBeVisible();
    expect(requested.some((url) => url.endsWith('/emojiPicker.js'))).toBe(true);
    expect(requested.some((url) => url.endsWith('/emoji-names-en.js'))).toBe(true);
  });

  test('a picker chunk that fails to load shows a retry in its place, and the retry opens it once unblocked', async ({ page }) => {
    let blocked = 0;
    const block = (url: URL) => isEmojiChunk(url.href);
    await page.route(block, (route) => {
      blocked += 1;
      return route.abort('failed');
    });
    const widget = await openConversation(page);
    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    // The shell's banner alerts stay on the page, empty: this is the picker's own.
    const failed = widget.getByRole('alert').filter({ hasText: 'Part of the chat failed to load.' });
    await expect(failed).toBeVisible();
    expect(blocked).toBeGreaterThan(0);
    await saveScreenshot(page, 'emoji-picker-failed-to-load');
    // The rest of the conversation keeps working while the picker is missing.
    const composer = composerOf(widget);
    await composer.fill('Still here');
    await expect(composer).toHaveValue('Still here');

    await page.unroute(block);
    await widget.getByRole('button', { name: 'Try again' }).click();
    await expect(widget.getByRole('dialog', { name: 'Insert emoji' }).getByRole('grid')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test('an emoji found by search lands, at the caret, in the message sent', async ({ page }) => {
    const widget = await openConversation(page);
    const composer = composerOf(widget);
    await composer.fill('Thanks  a lot');
    await composer.press('Home');
    for (let i = 0; i < 'Thanks '.length; i++) await composer.press('ArrowRight');

    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party popper');
    await expect(picker.getByRole('gridcell', { name: 'party popper' })).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Search emoji' }).press('ArrowDown');
    await expect(picker.getByRole('gridcell', { name: 'party popper' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(picker).toBeHidden();
    await expect(composer).toBeFocused();
    await expect(composer).toHaveValue('Thanks 🎉 a lot');
    const { conversationId } = await sendVisitorMessage(page, widget, await composer.inputValue());
    await expect.poll(async () => (await conversationMessages(conversationId)).map((m) => m.content)).toContain('Thanks 🎉 a lot');
  });

  test('says when nothing matches, and Escape closes it and gives focus back', async ({ page }) => {
    const widget = await openConversation(page);
    const button = widget.getByRole('button', { name: 'Insert emoji' });
    await button.click();
    const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('qqqzzz');
    await expect(picker.getByText('No emoji match your search')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('draws its emoji in colour, where the text font has black-and-white smileys too (Linux)', async ({ page, context }) => {
    const widget = await openConversation(page);
    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
    // Smileys come first: DejaVu Sans, Linux's text font, has them in black and white.
    const smiley = picker.getByRole('gridcell', { name: 'grinning face', exact: true });
    await expect(smiley).toBeVisible();
    expect(await colourfulShare(context, await smiley.screenshot())).toBeGreaterThan(0.1);
    expect(await colourfulShare(context, await picker.getByRole('tab', { name: 'Smileys & Emotion' }).screenshot())).toBeGreaterThan(0.1);
    // Each platform's colour-emoji font is named, ahead of the text fonts.
    const fonts = await smiley.evaluate((cell) => getComputedStyle(cell).fontFamily);
    expect(fonts).toMatch(/^"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"/);
  });

  test('takes the keyboard as it opens in the cross-origin frame, and Escape closes it before the chat', async ({ page }) => {
    const widget = await openConversation(page);
    const isOpen = () => page.evaluate(() => window.$chatwoot!.isOpen);
    const button = widget.getByRole('button', { name: 'Insert emoji' });
    await button.click();
    const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
    const search = picker.getByRole('searchbox', { name: 'Search emoji' });
    // Nothing is filled in first: the visitor's typing must land there by itself.
    await expect(search).toBeFocused();
    await page.keyboard.type('party popper');
    await expect(picker.getByRole('gridcell', { name: 'party popper' })).toBeVisible();

    // Escape closes the picker, not the chat, and the emoji button has focus again.
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(button).toBeFocused();
    expect(await isOpen()).toBe(true);

    // With focus moved out of the picker (back to the message box) the picker still goes first…
    await button.click();
    await expect(search).toBeFocused();
    await composerOf(widget).focus();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    expect(await isOpen()).toBe(true);
    // …and the next Escape closes the chat.
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
  });

  test('is gone when the chat comes back after closing with the picker open', async ({ page }) => {
    const widget = await openConversation(page);
    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
    await expect(picker.getByRole('grid')).toBeVisible();
    await page.getByRole('button', { name: 'Close chat window' }).click();
    await expect.poll(() => page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);

    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(composerOf(widget)).toBeVisible();
    await expect(picker).toHaveCount(0);
    await expect(widget.getByRole('button', { name: 'Insert emoji' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('has no button when the host turns it off with enableEmojiPicker: false', async ({ page }) => {
    await hostSettings(page, { enableEmojiPicker: false });
    const widget = await openConversation(page);
    await expect(widget.getByRole('button', { name: 'Add an attachment' })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Insert emoji' })).toHaveCount(0);
  });

  for (const darkMode of ['light', 'dark'] as const) {
    test(`has no accessibility violations when open, ${darkMode}`, async ({ page }) => {
      await hostSettings(page, { darkMode });
      const widget = await openConversation(page, `${E2E.hostOrigin}/`);
      await widget.getByRole('button', { name: 'Insert emoji' }).click();
      const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
      await expect(picker.getByRole('gridcell').first()).toBeVisible();
      await picker.getByRole('tab').nth(1).click();
      // The whole page, the chat frame with the open picker included.
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, `emoji-picker-${darkMode}`);
    });
  }
});
