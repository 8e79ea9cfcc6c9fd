import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { hostCookie } from './support/loaderProbe';
import {
  agentSays,
  conversationMessages,
  conversationWithMessage,
  createCampaign,
  deleteCampaign,
  type ConversationSummary,
} from './support/settings';
import { chatFrame, hostSettings, launcherRoot, openChat, saveScreenshot, startConversation, windowHolder } from './support/widget';

// The two prompts that reach a visitor while the chat is closed (docs/behaviour.md#screens, docs/behaviour.md#unread; issue 5):
// unread agent messages and proactive campaigns, shown in the launcher's compact view.

/** A class-list token: `unread` must not match `unread-view`. */
const token = (name: string) => new RegExp(`(^|\\s)${name}(\\s|$)`);

const isOpen = (page: Page) => page.evaluate(() => window.$chatwoot!.isOpen);

/** A visitor starts a conversation, then closes the chat with the launcher. */
async function visitorChatsThenCloses(page: Page, text: string): Promise<{ widget: FrameLocator; conversation: ConversationSummary }> {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await startConversation(widget, text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  const conversation = (await conversationWithMessage(text))!;
  await page.getByRole('button', { name: 'Close chat window' }).click();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toHaveAttribute('aria-expanded', 'false');
  expect(await isOpen(page)).toBe(false);
  return { widget, conversation };
}

test.describe('unread messages', () => {
  test('an agent message while the chat is closed shows the unread prompt, and "See new messages" opens the conversation', async ({
    page,
  }) => {
    const { widget, conversation } = await visitorChatsThenCloses(page, `Where is my order? ${Date.now()}`);
    await agentSays(conversation.id, 'Your order has shipped today!');

    // The compact view: the message, who sent it, and the two actions, sized to its content.
    await expect(launcherRoot(page)).toHaveClass(token('unread-view'));
    const prompt = widget.locator('.compact');
    await expect(prompt.getByText('Your order has shipped today!')).toBeVisible();
    await expect(prompt.getByText('Wren from Wren demo')).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'See new messages' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    const contentHeight = () => widget.locator('.compact__content').evaluate((el) => el.scrollHeight);
    const frameHeight = async () => (await page.locator('#chatwoot_live_chat_widget').boundingBox())?.height ?? 0;
    await expect.poll(async () => Math.abs((await frameHeight()) - (48 + (await contentHeight())))).toBeLessThanOrEqual(2);
    expect(await frameHeight()).toBeLessThan(300);
    await saveScreenshot(page, 'unread-prompt');

    await prompt.getByRole('button', { name: 'See new messages' }).click();
    await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
    await expect(widget.getByRole('log').getByText('Your order has shipped today!')).toBeVisible();
    await expect(widget.getByRole('textbox', { name: 'Type your message' })).toBeVisible();
    expect(await isOpen(page)).toBe(true);
    // Back to the full window.
    await expect.poll(async () => (await windowHolder(page).boundingBox())?.height ?? 0).toBeGreaterThan(400);
  });

  test('while the prompt shows the launcher stays a launcher, isOpen stays false, and a click opens the conversation (issue 14)', async ({
    page,
  }) => {
    const { widget, conversation } = await visitorChatsThenCloses(page, `Any news on my refund? ${Date.now()}`);
    await agentSays(conversation.id, 'Your refund went out this morning.');
    await expect(launcherRoot(page)).toHaveClass(token('unread-view'));
    await expect(widget.locator('.compact').getByText('Your refund went out this morning.')).toBeVisible();

    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Close chat window' })).toHaveCount(0);
    await expect(launcherRoot(page)).not.toHaveClass(token('open'));
    expect(await isOpen(page)).toBe(false);
    await saveScreenshot(page, 'unread-prompt-launcher');

    await launcher.click();
    await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
    await expect(widget.getByRole('log').getByText('Your refund went out this morning.')).toBeVisible();
    await expect(widget.getByRole('textbox', { name: 'Type your message' })).toBeVisible();
    expect(await isOpen(page)).toBe(true);
    await expect(page.getByRole('button', { name: 'Close chat window' })).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await windowHolder(page).boundingBox())?.height ?? 0).toBeGreaterThan(400);
  });

  test('"Close" on the unread prompt closes it and marks the messages seen', async ({ page }) => {
    const text = `Do you ship abroad? ${Date.now()}`;
    const { widget, conversation } = await visitorChatsThenCloses(page, text);
    await agentSays(conversation.id, 'Yes, to 40 countries.');
    await expect(launcherRoot(page)).toHaveClass(token('unread-view'));
    const prompt = widget.locator('.compact');
    await expect(prompt.getByText('Yes, to 40 countries.')).toBeVisible();

    await prompt.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(launcherRoot(page)).not.toHaveClass(token('open'));
    await expect(windowHolder(page)).toBeHidden();
    expect(await isOpen(page)).toBe(false);
    // Seen: the agent's message is read on the server, and the launcher has no unread dot.
    await expect
      .poll(async () => (await conversationMessages(conversation.id)).find((m) => m.content === 'Yes, to 40 countries.')?.status)
      .toBe('read');
    await expect(launcherRoot(page)).not.toHaveClass(token('unread'));

    // The launcher opens the full window again (not the compact one), on the conversation.
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
    await expect(widget.getByRole('log').getByText('Yes, to 40 countries.')).toBeVisible();
    await expect.poll(async () => (await windowHolder(page).boundingBox())?.height ?? 0).toBeGreaterThan(400);
  });

  test('with showUnreadMessagesDialog false an agent message only puts a dot on the launcher', async ({ page }) => {
    await hostSettings(page, { showUnreadMessagesDialog: false });
    const { widget, conversation } = await visitorChatsThenCloses(page, `Is the shop open on Sunday? ${Date.now()}`);
    await agentSays(conversation.id, 'It is, from 10 to 4.');

    await expect(launcherRoot(page)).toHaveClass(token('unread'));
    const dot = await page
      .getByRole('button', { name: 'Chat with us' })
      .evaluate((bubble) => getComputedStyle(bubble, '::after').backgroundColor);
    expect(dot).toBe('rgb(255, 64, 64)');
    // The dot and the prompt are decided on the same change: no prompt came with it.
    await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
    await expect(windowHolder(page)).toBeHidden();
    expect(await isOpen(page)).toBe(false);

    // Opening the chat shows the message and clears the dot.
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(widget.getByRole('log').getByText('It is, from 10 to 4.')).toBeVisible();
    await expect(launcherRoot(page)).not.toHaveClass(token('unread'));
  });
});

test.describe('campaigns', () => {
  const landingPattern = `${E2E.hostOrigin}/landing*`;

  test('a campaign shows after its time on page on a matching URL, and a click starts the conversation with it', async ({ page }) => {
    const message = `Spring sale: 20% off everything today (${Date.now()})`;
    const id = await createCampaign({ title: 'Spring sale', message, url: landingPattern, timeOnPage: 2 });
    try {
      // Times, in the page, when the chat frame said `loaded` and when the compact view opened.
      await page.addInitScript(() => {
        const times: { loaded?: number; prompt?: number } = {};
        (window as unknown as { e2eTimes: typeof times }).e2eTimes = times;
        const timer = setInterval(() => {
          times.loaded ??= window.$chatwoot?.hasLoaded ? performance.now() : undefined;
          if (document.getElementById('wren-chat')?.shadowRoot?.querySelector('.root.unread-view')) {
            times.prompt = performance.now();
            clearInterval(timer);
          }
        }, 20);
      });
      await page.goto(`${E2E.hostOrigin}/landing`);
      const widget = chatFrame(page);
      const prompt = widget.locator('.compact');
      await expect(prompt.getByText(message)).toBeVisible({ timeout: 15_000 });
      await expect(launcherRoot(page)).toHaveClass(token('unread-view'));
      // time_on_page is 2 s, counted from when the widget knows the page: not before, and not much later.
      const times = await page.evaluate(() => (window as unknown as { e2eTimes: { loaded: number; prompt: number } }).e2eTimes);
      expect(times.prompt - times.loaded).toBeGreaterThanOrEqual(1_900);
      expect(times.prompt - times.loaded).toBeLessThan(4_000);
      await expect(prompt.getByRole('button', { name: 'Dismiss' })).toBeVisible();
      await saveScreenshot(page, 'campaign-prompt');

      await prompt.getByRole('button', { name: new RegExp(message.replace(/[()%]/g, '.')) }).click();
      await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
      await expect(widget.getByRole('log').getByText(message)).toBeVisible();
      await expect(widget.getByRole('textbox', { name: 'Type your message' })).toBeVisible();
      expect(await isOpen(page)).toBe(true);
      // The server opened a conversation that starts with the campaign's message.
      await expect.poll(() => conversationWithMessage(message)).not.toBeNull();
    } finally {
      await deleteCampaign(id);
    }
  });

  test('a campaign does not show on a URL its pattern does not match', async ({ page }) => {
    const message = `Free shipping on your first order (${Date.now()})`;
    const id = await createCampaign({ title: 'Free shipping', message, url: landingPattern, timeOnPage: 2 });
    try {
      await page.goto(`${E2E.hostOrigin}/other`);
      // Twice the campaign's time on page, with room for the frame to load: nothing.
      await page.waitForTimeout(4_500);
      await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
      await expect(chatFrame(page).getByText(message)).toHaveCount(0);
      expect(await isOpen(page)).toBe(false);

      // The same visit moving to the landing page (a single-page app's navigation) gets it.
      await page.evaluate(() => history.pushState(null, '', '/landing'));
      await expect(chatFrame(page).locator('.compact').getByText(message)).toBeVisible({ timeout: 15_000 });
    } finally {
      await deleteCampaign(id);
    }
  });

  test('a campaign URL in URLPattern syntax (optional subdomain, as Chatwoot site owners write it) fires (issue 14)', async ({ page }) => {
    const message = `Pricing questions? Ask us (${Date.now()})`;
    // 127.0.0.1 has no subdomain: `{*.}?` must also match none.
    const pattern = `http://{*.}?127.0.0.1:${E2E.hostPort}/landing*`;
    const id = await createCampaign({ title: 'Pricing', message, url: pattern, timeOnPage: 1 });
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      await expect(chatFrame(page).locator('.compact').getByText(message)).toBeVisible({ timeout: 15_000 });
      expect(await isOpen(page)).toBe(false);
    } finally {
      await deleteCampaign(id);
    }
  });

  test('"Dismiss" closes the campaign and snoozes campaigns for a day', async ({ page, context }) => {
    const message = `Need help choosing a size? (${Date.now()})`;
    const id = await createCampaign({ title: 'Size help', message, url: landingPattern, timeOnPage: 2 });
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      const prompt = chatFrame(page).locator('.compact');
      await expect(prompt.getByText(message)).toBeVisible({ timeout: 15_000 });
      const dismissedAt = Date.now();
      await prompt.getByRole('button', { name: 'Dismiss' }).click();
      await expect(launcherRoot(page)).not.toHaveClass(token('open'));
      await expect(windowHolder(page)).toBeHidden();
      expect(await isOpen(page)).toBe(false);

      // cw_snooze_campaigns_till: ms since the epoch, about 24 h ahead, and the cookie lives as long.
      await expect.poll(() => hostCookie(context, 'cw_snooze_campaigns_till')).toBeTruthy();
      const day = 24 * 60 * 60 * 1000;
      const until = Number(await hostCookie(context, 'cw_snooze_campaigns_till'));
      expect(Math.abs(until - (dismissedAt + day))).toBeLessThan(60_000);
      const cookie = (await context.cookies(E2E.hostOrigin)).find((c) => c.name === 'cw_snooze_campaigns_till')!;
      expect(Math.abs(cookie.expires * 1000 - (dismissedAt + day))).toBeLessThan(120_000);

      // Snoozed: the next page view of the landing page stays quiet.
      await page.reload();
      await page.waitForTimeout(4_500);
      await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
      await expect(chatFrame(page).getByText(message)).toHaveCount(0);
      expect(await isOpen(page)).toBe(false);
    } finally {
      await deleteCampaign(id);
    }
  });
});
