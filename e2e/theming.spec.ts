import { expect, test, type FrameLocator, type Locator } from '@playwright/test';
import { E2E } from './ports';
import { hostSettings, launcherRoot, openChat, saveScreenshot, startConversation, windowHolder } from './support/widget';

// How the widget looks as the site configures it (docs/embedding.md#windowchatwootsettings: darkMode, widgetStyle, locale)
// and on a phone. Each test also saves a screenshot to e2e-artifacts/screenshots/ for review.

/** Relative luminance (0 black – 1 white) of a computed `rgb(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? [])
    .slice(0, 3)
    .map(Number)
    .map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two computed colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const css = (locator: Locator, property: string) => locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
const bodyBackground = (widget: FrameLocator) => css(widget.locator('body'), 'background-color');

test('light by default: a white widget with dark text', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  expect(await bodyBackground(widget)).toBe('rgb(255, 255, 255)');
  await expect(widget.locator('html')).not.toHaveClass(/\bdark\b/);
  await saveScreenshot(page, 'light');

  await startConversation(widget, 'Hello in the light');
  await saveScreenshot(page, 'light-conversation');
});

test('darkMode "dark" renders a dark widget with readable text', async ({ page }) => {
  await hostSettings(page, { darkMode: 'dark' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await expect(widget.locator('html')).toHaveClass(/\bdark\b/);
  const background = await bodyBackground(widget);
  expect(luminance(background)).toBeLessThan(0.05);
  // Text on it: the availability heading and the muted reply-time line stay readable.
  expect(contrast(await css(widget.locator('.availability__title'), 'color'), background)).toBeGreaterThan(7);
  expect(contrast(await css(widget.locator('.availability__reply-time'), 'color'), background)).toBeGreaterThan(4.5);
  await saveScreenshot(page, 'dark');

  await startConversation(widget, 'Hello in the dark');
  expect(luminance(await css(widget.locator('header.header'), 'background-color'))).toBeLessThan(0.05);
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  expect(contrast(await css(composer, 'color'), await bodyBackground(widget))).toBeGreaterThan(7);
  await saveScreenshot(page, 'dark-conversation');
});

test('darkMode "auto" follows the system colour scheme live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await hostSettings(page, { darkMode: 'auto' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  expect(await bodyBackground(widget)).toBe('rgb(255, 255, 255)');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(widget.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(async () => luminance(await bodyBackground(widget))).toBeLessThan(0.05);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(widget.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyBackground(widget)).toBe('rgb(255, 255, 255)');
});

test('widgetStyle "flat" squares the launcher, the window and the widget controls', async ({ page }) => {
  await hostSettings(page, { widgetStyle: 'flat' });
  await page.goto(`${E2E.hostOrigin}/`);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toHaveCSS('border-radius', '0px');
  expect(await launcher.boundingBox()).toMatchObject({ width: 56, height: 56 });

  const widget = await openChat(page);
  await expect(launcherRoot(page)).toHaveClass(/\bflat\b/);
  await expect(windowHolder(page)).toHaveCSS('border-radius', '0px');
  await expect(windowHolder(page)).toHaveCSS('border-top-width', '1px');
  await expect(widget.locator('html')).toHaveClass(/\bflat\b/);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toHaveCSS('border-radius', '0px');
  await expect(widget.locator('.availability')).toHaveCSS('border-radius', '0px');
  await saveScreenshot(page, 'flat');
});

test('locale "ar" renders the widget right-to-left in Arabic', async ({ page }) => {
  await hostSettings(page, { locale: 'ar' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page, 'تحدث معنا');
  await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(widget.locator('html')).toHaveAttribute('lang', /^ar/);
  await expect(widget.getByRole('button', { name: 'ابدأ المحادثة' })).toBeVisible();
  await expect(widget.getByRole('heading', { name: /نحن (متصلون الآن|غير متاحين حالياً)/ })).toBeVisible();
  await saveScreenshot(page, 'rtl');

  // In the conversation the header mirrors: the avatar sits at the right, the back button at the start (right edge).
  await widget.getByRole('button', { name: 'ابدأ المحادثة' }).click();
  const header = widget.locator('header.header');
  await expect(header).toBeVisible();
  const avatar = (await header.locator('.avatar').first().boundingBox())!;
  const title = (await header.locator('.header__title').boundingBox())!;
  expect(avatar.x).toBeGreaterThan(title.x);
  // A conversation mixing Arabic and English (with trailing punctuation) for the screenshot.
  const composer = widget.getByRole('textbox', { name: 'اكتب رسالتك' });
  await composer.fill('مرحبا، هل يمكنكم مساعدتي؟');
  await composer.press('Enter');
  await composer.fill('Order #123 arrived damaged!');
  await composer.press('Enter');
  const english = widget.getByRole('log').getByText('Order #123 arrived damaged!');
  await expect(english).toBeVisible();
  // An English message keeps its own direction inside the RTL widget: the "!" is drawn at the
  // right end of the line, after "damaged", not before "Order".
  const [first, last] = await english.evaluate((el) => {
    const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode()!;
    const x = (offset: number) => {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      return range.getBoundingClientRect().x;
    };
    return [x(0), x(text.textContent!.length - 1)];
  });
  expect(last).toBeGreaterThan(first);
  await saveScreenshot(page, 'rtl-conversation');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('the chat covers the screen and the focused composer stays in view', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    await expect.poll(() => windowHolder(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    // The launcher is hidden behind the full-screen window; the widget's header closes it.
    await expect(widget.getByRole('button', { name: 'Close chat window' })).toBeVisible();

    await startConversation(widget, 'Hello from my phone');
    const composer = widget.getByRole('textbox', { name: 'Type your message' });
    await composer.focus();
    await expect(composer).toBeFocused();
    const box = (await composer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expect(composer).toBeInViewport();
    await saveScreenshot(page, 'mobile');

    await widget.getByRole('button', { name: 'Close chat window' }).click();
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
  });
});
