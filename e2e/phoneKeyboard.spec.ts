import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { E2E } from './ports';
import { hideKeyboard, showKeyboard, simulatedKeyboard } from './support/keyboard';
import { chatFrame, saveScreenshot } from './support/widget';
import { agentMessage, composerOf, sendVisitorMessage } from './support/widgetSession';

// On a phone the chat is full screen, and the on-screen keyboard must neither hide its composer
// nor scroll the host page behind it (docs/behaviour.md#phones). The keyboard is simulated in the
// host page (support/keyboard.ts); the browser is Chromium's mobile emulation of a 390 × 844
// phone, and the same is checked in WebKit by the cross-engine smoke (e2e/engines.spec.ts).

const PHONE = { width: 390, height: 844 };
/** What stays visible of a 390 × 844 phone with its keyboard up. */
const KEYBOARD_UP = 450;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Where `target` (in the chat frame) sits in the host page's viewport. */
async function placeInHost(page: Page, target: Locator): Promise<{ top: number; bottom: number }> {
  const frame = await page.locator('#chatwoot_live_chat_widget').boundingBox();
  const box = await target.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom };
  });
  return { top: Math.round(frame!.y + box.top), bottom: Math.round(frame!.y + box.bottom) };
}

/** Whether `target` shows inside its scroller (the message list), not scrolled out of it. */
const shownInScroller = (target: Locator) =>
  target.evaluate((el) => {
    const scroller = el.closest('.messages__scroller')!.getBoundingClientRect();
    const rect = el.getBoundingClientRect();
    return rect.top >= scroller.top - 1 && rect.bottom <= scroller.bottom + 1;
  });

const hostScroll = (page: Page) => page.evaluate(() => scrollY);

/** A conversation longer than the screen, the agent's last reply at its end. */
async function longConversation(page: Page, widget: FrameLocator): Promise<Locator> {
  await widget.getByRole('button', { name: 'Start Conversation' }).tap();
  const { conversationId } = await sendVisitorMessage(page, widget, `Where is my parcel? (${Date.now()})`);
  for (let i = 1; i <= 8; i++) await agentMessage(conversationId, { content: `Let me check that for you, step ${i} of 8.` });
  const newest = widget.getByRole('log').getByText('step 8 of 8');
  await expect(newest).toBeVisible();
  return newest;
}

test('with the keyboard up, the composer and the newest message stay in view and the page does not scroll', async ({ page }) => {
  await simulatedKeyboard(page);
  await page.goto(`${E2E.hostOrigin}/`);
  // The visitor had read down the page before opening the chat.
  await page.evaluate(() => scrollTo(0, 300));
  await page.getByRole('button', { name: 'Chat with us' }).tap();
  const widget = chatFrame(page);
  const newest = await longConversation(page, widget);
  const composer = composerOf(widget);
  await composer.tap();
  await showKeyboard(page, KEYBOARD_UP);

  await expect.poll(async () => (await placeInHost(page, composer)).bottom).toBeLessThanOrEqual(KEYBOARD_UP);
  expect((await placeInHost(page, widget.getByRole('button', { name: 'Close chat window' }))).top).toBeGreaterThanOrEqual(0);
  await expect.poll(() => shownInScroller(newest)).toBe(true);
  expect((await placeInHost(page, newest)).bottom).toBeLessThanOrEqual(KEYBOARD_UP);
  expect(await hostScroll(page)).toBe(300);
  await saveScreenshot(page, 'phone-keyboard-up');

  // Typing a long message grows the box; it and the newest message stay above the keyboard.
  await composer.pressSequentially('Could you also tell me when it ships, and whether it can go to my office instead?');
  await expect.poll(async () => (await placeInHost(page, composer)).bottom).toBeLessThanOrEqual(KEYBOARD_UP);
  await expect.poll(() => shownInScroller(newest)).toBe(true);

  // iOS also pans the visual viewport down the page: the chat follows it.
  await showKeyboard(page, KEYBOARD_UP, 200);
  await expect.poll(async () => (await placeInHost(page, composer)).bottom).toBeLessThanOrEqual(200 + KEYBOARD_UP);
  expect((await placeInHost(page, widget.getByRole('button', { name: 'Close chat window' }))).top).toBeGreaterThanOrEqual(200);

  // A swipe over the chat moves the chat at most, never the page under it.
  await showKeyboard(page, KEYBOARD_UP);
  await page.mouse.move(PHONE.width / 2, 40);
  await page.mouse.wheel(0, 400);
  await page.mouse.move(PHONE.width / 2, 300);
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(200);
  expect(await hostScroll(page)).toBe(300);

  // The keyboard goes: the chat takes the whole screen again.
  await hideKeyboard(page);
  await expect.poll(async () => (await placeInHost(page, composer)).bottom).toBeGreaterThan(PHONE.height - 100);
  await expect.poll(() => shownInScroller(newest)).toBe(true);
});

test('closing the full-screen chat gives the page back its scrolling, where the visitor left it', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  await page.evaluate(() => scrollTo(0, 300));
  await page.getByRole('button', { name: 'Chat with us' }).tap();
  const widget = chatFrame(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe('hidden');

  await widget.getByRole('button', { name: 'Close chat window' }).tap();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe('hidden');
  expect(await hostScroll(page)).toBe(300);
  await page.mouse.move(PHONE.width / 2, 300);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => hostScroll(page)).toBeGreaterThan(300);
});

test.describe('on a tablet, where the chat is a window beside the page', () => {
  test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

  test('the page keeps scrolling while the chat is open', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(chatFrame(page).getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe('hidden');
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => hostScroll(page)).toBeGreaterThan(0);
  });
});
