import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import type { HostSettings } from '../../src/sdk/settings';

/** The chat frame inside the launcher's shadow root (Playwright's CSS pierces open shadow roots). */
export const chatFrame = (page: Page): FrameLocator => page.frameLocator('#chatwoot_live_chat_widget');

/** The loader's root element in its shadow root: carries `open`, `unread`, `unread-view`, `flat`. */
export const launcherRoot = (page: Page) => page.locator('#wren-chat .root');

/** The window holder around the chat frame. */
export const windowHolder = (page: Page) => page.locator('#cw-widget-holder');

/**
 * Sets `window.chatwootSettings` before the host page's snippet runs (the snippet keeps what is
 * there), as a site that defines the settings above the snippet would.
 */
export async function hostSettings(page: Page, settings: HostSettings): Promise<void> {
  await page.addInitScript((s) => {
    window.chatwootSettings = s;
  }, settings);
}

/** Clicks the launcher and waits until the chat frame has said `loaded`. */
export async function openChat(page: Page, launcherName: string | RegExp = 'Chat with us'): Promise<FrameLocator> {
  await page.getByRole('button', { name: launcherName }).click();
  await expect.poll(() => page.evaluate(() => window.$chatwoot?.hasLoaded === true)).toBe(true);
  // The window slides in for 200 ms. Playwright finds a control in the frame steady while the
  // frame itself moves, so a click then lands where the control was: wait until it has arrived.
  await expect.poll(() => page.locator('#wren-chat .window').evaluate((chatWindow) => chatWindow.getAnimations().length)).toBe(0);
  return chatFrame(page);
}

/**
 * Starts a conversation from home with `text` as its first message and waits until the
 * visitor sees it sent.
 */
export async function startConversation(widget: FrameLocator, text: string): Promise<void> {
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(widget.getByRole('log').getByText(text)).toBeVisible();
}

export const SCREENSHOT_DIR = join('e2e-artifacts', 'screenshots');

/** Saves a full-page screenshot (the chat frame included) as `e2e-artifacts/screenshots/<name>.png`. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // `animations: 'disabled'` fast-forwards the window's open transition to its settled layout.
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}
