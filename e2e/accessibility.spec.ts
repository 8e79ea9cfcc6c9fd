import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { forcedColorsEdge, focusIndicator, lastingMotion } from './support/visualChecks';
import { agentApi } from './support/agentApi';
import { axeViolations, CHAT_FRAME, LAUNCHER } from './support/axe';
import { conversationWithMessage } from './support/settings';
import { chatFrame, hostSettings, openChat, startConversation } from './support/widget';
import { agentMessage, composerOf } from './support/widgetSession';

// Accessibility as a tested contract (keyboard and screen-reader access, right-to-left): axe's WCAG 2.1 A/AA
// rules on every screen, keyboard-only use from the host page, what screen readers are told,
// reduced motion and forced colours. A violation is fixed in the widget, not silenced here.

const launcherButton = (page: Page, name: string | RegExp = 'Chat with us') => page.getByRole('button', { name });

/** The visitor starts a conversation; returns its id once the server has it. */
async function conversationStarted(widget: FrameLocator, text: string): Promise<number> {
  await startConversation(widget, text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  return (await conversationWithMessage(text))!.id;
}

/**
 * An agent's reply in markdown; a bot's quick replies, form, cards, article list, e-mail
 * capture and survey; then a visitor message the network drops (waiting to go by itself) and one
 * the server refuses (shown failed, with why and a retry).
 */
async function conversationWithEveryKind(page: Page, widget: FrameLocator, id: number): Promise<void> {
  await agentMessage(id, { content: 'Hi! Our **returns policy** is in [the help centre](https://example.com/returns).' });
  await agentMessage(id, {
    content: 'How can we help?',
    content_type: 'input_select',
    content_attributes: {
      items: [
        { title: 'Track my order', value: 'track' },
        { title: 'Talk to a human', value: 'human' },
      ],
    },
  });
  await agentMessage(id, {
    content: 'A few details, please',
    content_type: 'form',
    content_attributes: {
      items: [
        { name: 'order', label: 'Order number', type: 'text', required: true },
        {
          name: 'topic',
          label: 'Topic',
          type: 'select',
          options: [
            { label: 'Delivery', value: 'delivery' },
            { label: 'Refund', value: 'refund' },
          ],
        },
        { name: 'details', label: 'Details', type: 'text_area' },
      ],
    },
  });
  await agentMessage(id, {
    content: 'Our favourites',
    content_type: 'cards',
    content_attributes: {
      items: [
        {
          title: 'Wren T-shirt',
          description: 'Organic cotton',
          actions: [
            { type: 'link', text: 'View details', uri: 'https://example.com/shirt' },
            { type: 'postback', text: 'Buy now', payload: 'BUY' },
          ],
        },
      ],
    },
  });
  await agentMessage(id, {
    content: 'These may help',
    content_type: 'article',
    content_attributes: { items: [{ title: 'Returns', description: 'How to send a parcel back', link: 'https://example.com/returns' }] },
  });
  await agentMessage(id, { content: 'Where can we reach you?', content_type: 'input_email' });
  await agentMessage(id, { content: 'How did we do?', content_type: 'input_csat', content_attributes: { display_type: 'emoji' } });
  const log = widget.getByRole('log');
  await expect(log.getByRole('button', { name: 'Talk to a human' })).toBeVisible();
  await expect(log.getByRole('combobox', { name: 'Topic' })).toBeVisible();
  await expect(log.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(log.getByText('How to send a parcel back')).toBeVisible();
  await expect(log.getByRole('group', { name: 'Rate your conversation' })).toBeVisible();

  let posts = 0;
  await page.route('**/api/v1/widget/messages*', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    // The first is refused; the next (and its tries again) find no network.
    return posts++ === 0 ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"no"}' }) : route.abort();
  });
  await composerOf(widget).fill('This one is refused');
  await composerOf(widget).press('Enter');
  await expect(log.getByRole('button', { name: 'Send message again' })).toBeVisible();
  await composerOf(widget).fill('This one waits');
  await composerOf(widget).press('Enter');
  await expect(log.getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
}

test.describe('axe finds no WCAG 2.1 A/AA violation', () => {
  test('on the host page with the launcher, closed and open', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await expect(launcherButton(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await axeViolations(page, LAUNCHER)).toEqual([]);

    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    await expect(launcherButton(page, 'Close chat window')).toHaveAttribute('aria-expanded', 'true');
    // The whole page: host, launcher, window holder and the chat frame inside it.
    expect(await axeViolations(page)).toEqual([]);
  });

  test('in the chat frame on home', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);
  });

  test('in a conversation with agent, bot and failed messages', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    const id = await conversationStarted(widget, `My parcel is late (${Date.now()})`);
    await conversationWithEveryKind(page, widget, id);
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);
  });

  test('in dark mode, home and a conversation with the agent typing', async ({ page }) => {
    await hostSettings(page, { darkMode: 'dark' });
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await expect(widget.locator('html')).toHaveClass(/\bdark\b/);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);

    const id = await conversationStarted(widget, `Hello in the dark (${Date.now()})`);
    await conversationWithEveryKind(page, widget, id);
    await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_typing_status`, { typing_status: 'on' });
    await expect(widget.getByRole('status').filter({ hasText: 'is typing' })).toBeAttached();
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);
  });

  test('right-to-left in Arabic, home and a conversation', async ({ page }) => {
    await hostSettings(page, { locale: 'ar' });
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page, 'تحدث معنا');
    await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(widget.locator('html')).toHaveAttribute('lang', /^ar/);
    const start = widget.getByRole('button', { name: 'ابدأ المحادثة' });
    await expect(start).toBeVisible();
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);

    await start.click();
    const composer = widget.getByRole('textbox', { name: 'اكتب رسالتك' });
    await composer.fill('مرحبا، هل يمكنكم مساعدتي؟');
    await composer.press('Enter');
    await expect(widget.getByRole('log').getByText('مرحبا، هل يمكنكم مساعدتي؟')).toBeVisible();
    expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);
  });
});

test.describe('keyboard only', () => {
  test('Tab reaches the launcher, the chat is used and closed without a mouse, focus always visible', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const launcher = launcherButton(page);
    // The launcher comes after the page's own content in the tab order.
    for (
      let presses = 0;
      presses < 5 && !(await launcher.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(await focusIndicator(launcher)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });

    // Enter opens the chat and puts focus on home's main control, inside the frame.
    await page.keyboard.press('Enter');
    const widget = chatFrame(page);
    const start = widget.getByRole('button', { name: 'Start Conversation' });
    await expect(start).toBeFocused();
    await expect(launcherButton(page, 'Close chat window')).toHaveAttribute('aria-expanded', 'true');
    expect(await focusIndicator(start)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });

    // Enter on it opens the conversation with the composer focused; Enter sends.
    await page.keyboard.press('Enter');
    const composer = composerOf(widget);
    await expect(composer).toBeFocused();
    // The composer's own outline is off; the box around it takes the widget colour instead.
    await expect(widget.locator('.composer')).toHaveCSS('border-top-color', 'rgb(31, 147, 255)');
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await expect(widget.getByRole('log').getByText('Typed without a mouse', { exact: true })).toBeVisible();
    await expect(composer).toBeFocused();
    await expect(composer).toHaveValue('');

    // Tab moves on to the emoji picker's button, attach, then send (enabled once there is text);
    // Enter on send sends.
    await page.keyboard.type('Sent with the send button');
    await page.keyboard.press('Tab');
    const emoji = widget.getByRole('button', { name: 'Insert emoji' });
    await expect(emoji).toBeFocused();
    expect(await focusIndicator(emoji)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });
    await page.keyboard.press('Tab');
    const attach = widget.getByRole('button', { name: 'Add an attachment' });
    await expect(attach).toBeFocused();
    expect(await focusIndicator(attach)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });
    await page.keyboard.press('Tab');
    const send = widget.getByRole('button', { name: 'Send message' });
    await expect(send).toBeFocused();
    expect(await focusIndicator(send)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });
    await page.keyboard.press('Enter');
    await expect(widget.getByRole('log').getByText('Sent with the send button', { exact: true })).toBeVisible();
    await expect(composer).toBeFocused();

    // Shift+Tab walks back through the messages' reply buttons to the header's back button;
    // every stop on the way has a name and a visible focus ring.
    const back = widget.getByRole('button', { name: 'Back' });
    const unnamedOrUnmarked: string[] = [];
    for (let presses = 0; presses < 10 && !(await back.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Shift+Tab');
      const focused = widget.locator(':focus');
      const name = ((await focused.getAttribute('aria-label')) ?? (await focused.textContent()) ?? '').trim();
      const { focusVisible, indicator } = await focusIndicator(focused);
      if (!name || !focusVisible || indicator === 'none')
        unnamedOrUnmarked.push(await focused.evaluate((el) => el.outerHTML.slice(0, 120)));
    }
    await expect(back).toBeFocused();
    expect(unnamedOrUnmarked).toEqual([]);

    // Escape closes the chat from anywhere inside it, and focus goes back to the launcher.
    await page.keyboard.press('Escape');
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(launcher).toBeFocused();
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
    expect(await focusIndicator(launcher)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });
  });
});

test.describe('with a mouse', () => {
  test('opening the chat with a click focuses Start Conversation without a focus ring; the keyboard brings it back', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    const start = widget.getByRole('button', { name: 'Start Conversation' });
    await expect(start).toBeFocused();
    expect(await focusIndicator(start)).toEqual({ focusVisible: false, indicator: 'none' });
    // Closed and opened again with the mouse, once the frame exists: still no ring.
    await launcherButton(page, 'Close chat window').click();
    await launcherButton(page).click();
    await expect(start).toBeFocused();
    expect(await focusIndicator(start)).toEqual({ focusVisible: false, indicator: 'none' });
    // A key pressed in the chat, and focus is shown again as it moves.
    await page.keyboard.press('Tab');
    const next = widget.locator(':focus');
    expect(await focusIndicator(next)).toMatchObject({ focusVisible: true, indicator: expect.stringMatching(/^outline/) });
  });
});

test.describe('what screen readers are told', () => {
  test('the header of a phone-sized window has a named close button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Close chat window' })).toBeVisible();
    await widget.getByRole('button', { name: 'Close chat window' }).click();
    await expect(launcherButton(page)).toHaveAttribute('aria-expanded', 'false');
  });
});

test('prefers-reduced-motion: nothing animates in the launcher, the window or the chat', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  const id = await conversationStarted(widget, `Hold still, please (${Date.now()})`);
  await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_typing_status`, { typing_status: 'on' });
  await expect(widget.getByRole('status').filter({ hasText: 'is typing' })).toBeAttached();
  expect(await lastingMotion(page.locator(LAUNCHER))).toEqual([]);
  expect(await lastingMotion(widget.locator('html'))).toEqual([]);

  // Home with its expanded header (which fades as home scrolls).
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(widget.getByRole('button', { name: 'Continue conversation' })).toBeVisible();
  expect(await lastingMotion(widget.locator('html'))).toEqual([]);
});

test('forced colours: every control keeps a visible edge', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${E2E.hostOrigin}/`);
  expect(await forcedColorsEdge(launcherButton(page))).not.toBe('none');

  const widget = await openChat(page);
  const edges = async (names: (string | RegExp)[]) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [String(name), await forcedColorsEdge(widget.getByRole('button', { name, exact: true }).first())]),
      ),
    );
  const none = (found: Record<string, string>) => Object.entries(found).filter(([, edge]) => edge === 'none');

  expect(none(await edges(['Start Conversation']))).toEqual([]);
  const id = await conversationStarted(widget, `High contrast (${Date.now()})`);
  await agentMessage(id, {
    content: 'Pick one',
    content_type: 'input_select',
    content_attributes: { items: [{ title: 'Track my order', value: 'track' }] },
  });
  await expect(widget.getByRole('button', { name: 'Track my order' })).toBeVisible();
  await composerOf(widget).fill('Draft');
  expect(none(await edges(['Back', 'Add an attachment', 'Send message', 'Track my order']))).toEqual([]);
  expect(await forcedColorsEdge(widget.locator('.composer'))).not.toBe('none');
  expect(await forcedColorsEdge(launcherButton(page, 'Close chat window'))).not.toBe('none');
});
