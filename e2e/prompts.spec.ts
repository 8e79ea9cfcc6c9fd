import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
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

  test('a campaign whose conversation does not start says so, and starts it on "Try again"', async ({ page }) => {
    const message = `Questions about delivery? (${Date.now()})`;
    const id = await createCampaign({ title: 'Delivery', message, url: landingPattern, timeOnPage: 1 });
    // The server is down for the first start: the next one goes through.
    let refused = 0;
    await page.route('**/api/v1/widget/events?*', (route) => {
      if (!route.request().postData()?.includes('campaign.triggered') || refused++ > 0) return route.continue();
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"The server is busy; please try again"}' });
    });
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      const widget = chatFrame(page);
      const prompt = widget.locator('.compact');
      await expect(prompt.getByText(message)).toBeVisible({ timeout: 15_000 });
      await prompt.getByRole('button', { name: new RegExp(message.replace(/[()?]/g, '.')) }).click();

      const notice = widget.getByRole('alert').filter({ hasText: "We couldn't start this conversation." });
      await expect(notice).toBeVisible();
      expect(await conversationWithMessage(message)).toBeNull();
      await saveScreenshot(page, 'campaign-not-started');

      await notice.getByRole('button', { name: 'Try again' }).click();
      await expect(widget.getByRole('log').getByText(message)).toBeVisible();
      await expect(notice).toHaveCount(0);
      await expect.poll(() => conversationWithMessage(message)).not.toBeNull();
      expect(refused).toBe(2);
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

  /** The frames (host page, chat frame) that ask for the URLPattern polyfill's file, by their addresses' paths. */
  function polyfillRequests(page: Page): string[] {
    const requesters: string[] = [];
    page.on('request', (request) => {
      if (/\/packs\/js\/sdk-urlpattern-\w+\.js$/.test(request.url())) requesters.push(new URL(request.frame().url()).pathname);
    });
    return requesters;
  }

  test('a campaign URL in URLPattern syntax (optional subdomain, as Chatwoot site owners write it) fires (issue 14)', async ({ page }) => {
    const message = `Pricing questions? Ask us (${Date.now()})`;
    // 127.0.0.1 has no subdomain: `{*.}?` must also match none.
    const pattern = `http://{*.}?127.0.0.1:${E2E.hostPort}/landing*`;
    const id = await createCampaign({ title: 'Pricing', message, url: pattern, timeOnPage: 1 });
    const polyfill = polyfillRequests(page);
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      await expect(chatFrame(page).locator('.compact').getByText(message)).toBeVisible({ timeout: 15_000 });
      expect(await isOpen(page)).toBe(false);
      // Chromium has URLPattern: neither the host page nor the chat frame fetches the polyfill (issue 34).
      expect(polyfill).toEqual([]);
    } finally {
      await deleteCampaign(id);
    }
  });

  test('a campaign URL in URLPattern syntax fires in a browser without URLPattern, which alone fetches the polyfill (issue 34)', async ({
    page,
  }) => {
    const message = `Found what you came for? Ask us (${Date.now()})`;
    // An optional subdomain and a named part: syntax only URLPattern reads.
    const pattern = `http://{*.}?127.0.0.1:${E2E.hostPort}/:page`;
    const id = await createCampaign({ title: 'Landing', message, url: pattern, timeOnPage: 1 });
    // As in Safari before 26 or Firefox ESR 140: in the host page and in the chat frame alike.
    await page.addInitScript(() => delete (window as { URLPattern?: unknown }).URLPattern);
    const polyfill = polyfillRequests(page);
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      // The loader's campaign matcher needs it to decide that this first-time visitor's page wants the chat frame…
      const widget = chatFrame(page);
      await expect(widget.locator('.compact').getByText(message)).toBeVisible({ timeout: 15_000 });
      expect(await isOpen(page)).toBe(false);
      // …and the widget to match the campaign: both ran without URLPattern, and both fetched the one file.
      expect(await page.evaluate(() => 'URLPattern' in window)).toBe(false);
      expect(await widget.locator(':root').evaluate(() => 'URLPattern' in window)).toBe(false);
      expect(polyfill).toEqual(['/landing', '/widget']);
    } finally {
      await deleteCampaign(id);
    }
  });

  test('a URLPattern polyfill that does not load leaves the page as it was: the campaign does not fire, and one warning says why (issue 34)', async ({
    page,
  }) => {
    const message = `Anything we can help with? (${Date.now()})`;
    const id = await createCampaign({ title: 'Help', message, url: `http://{*.}?127.0.0.1:${E2E.hostPort}/:page`, timeOnPage: 1 });
    await page.addInitScript(() => delete (window as { URLPattern?: unknown }).URLPattern);
    await page.route(/\/packs\/js\/sdk-urlpattern-\w+\.js$/, (route) => route.abort('failed'));
    const warnings: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'warning') warnings.push(entry.text());
    });
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      await expect.poll(() => warnings).toEqual([expect.stringContaining('the URLPattern polyfill did not load')]);
      // Twice the campaign's time on page: the matcher said no, so no chat frame, and no campaign.
      await page.waitForTimeout(2_000);
      await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
      await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
      // The chat itself works.
      const widget = await openChat(page);
      await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
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

/** Widths from the smallest phone up, each with a usual height (issue 19 item 2). */
const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/**
 * Where a tap at the centre of each of the prompt's controls lands: on the host page (the
 * launcher's shadow root, where the launcher could cover the frame) and inside the frame.
 */
async function tapTargets(page: Page, prompt: Locator) {
  const frame = (await page.locator('#chatwoot_live_chat_widget').boundingBox())!;
  const viewport = page.viewportSize()!;
  const targets = [];
  for (const control of await prompt.getByRole('button').all()) {
    const box = (await control.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    targets.push({
      control: ((await control.textContent()) ?? '').trim().slice(0, 40),
      onScreen: x >= 0 && x <= viewport.width && y >= 0 && y <= viewport.height,
      onHost: await page.evaluate(([px, py]) => document.getElementById('wren-chat')!.shadowRoot!.elementFromPoint(px, py)?.id, [x, y]),
      inFrame: await control.evaluate(
        (element, [px, py]) => {
          const hit = document.elementFromPoint(px, py);
          return !!hit && element.contains(hit);
        },
        [x - frame.x, y - frame.y],
      ),
    });
  }
  return targets;
}

/** Waits until the frame has taken the prompt's size for the new viewport. */
async function promptSettled(page: Page, widget: FrameLocator) {
  const contentHeight = () => widget.locator('.compact__content').evaluate((el) => el.scrollHeight);
  const frameHeight = async () => (await page.locator('#chatwoot_live_chat_widget').boundingBox())?.height ?? 0;
  await expect.poll(async () => Math.abs((await frameHeight()) - (48 + (await contentHeight())))).toBeLessThanOrEqual(2);
}

async function expectEveryControlTappable(page: Page, widget: FrameLocator, name: string) {
  const prompt = widget.locator('.compact');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await promptSettled(page, widget);
    const targets = await tapTargets(page, prompt);
    expect(targets.length).toBeGreaterThanOrEqual(2);
    for (const target of targets) {
      expect({ ...target, viewport }).toEqual({ ...target, viewport, onScreen: true, onHost: 'chatwoot_live_chat_widget', inFrame: true });
    }
    await saveScreenshot(page, `${name}-${viewport.width}`);
  }
}

test.describe('no control of a prompt under the launcher, from 320 px wide up (issue 19)', () => {
  test('the unread prompt: its messages, "See new messages" and "Close"', async ({ page }) => {
    const { widget, conversation } = await visitorChatsThenCloses(page, `Can I change my address? ${Date.now()}`);
    await agentSays(conversation.id, 'Of course, tell me the new one.');
    await expect(widget.locator('.compact').getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expectEveryControlTappable(page, widget, 'unread-prompt-tap');
    // And a tap on "Close" closes the prompt, not opens the chat.
    await page.setViewportSize(VIEWPORTS[1]);
    await promptSettled(page, widget);
    const close = (await widget.locator('.compact').getByRole('button', { name: 'Close', exact: true }).boundingBox())!;
    await page.mouse.click(close.x + close.width / 2, close.y + close.height / 2);
    await expect(windowHolder(page)).toBeHidden();
    expect(await isOpen(page)).toBe(false);
  });

  test('the campaign prompt: its message and "Dismiss"', async ({ page }) => {
    const message = `Questions about delivery? (${Date.now()})`;
    const id = await createCampaign({ title: 'Delivery', message, url: `${E2E.hostOrigin}/landing*`, timeOnPage: 1 });
    try {
      await page.goto(`${E2E.hostOrigin}/landing`);
      const widget = chatFrame(page);
      await expect(widget.locator('.compact').getByText(message)).toBeVisible({ timeout: 15_000 });
      await expectEveryControlTappable(page, widget, 'campaign-prompt-tap');
    } finally {
      await deleteCampaign(id);
    }
  });
});

test.describe("position: 'left' (issue 26)", () => {
  /** How far the prompt's actions stand in from each side of its message card. */
  async function actionInsets(widget: FrameLocator) {
    const card = (await widget.locator('.compact__message').first().boundingBox())!;
    const boxes = await Promise.all((await widget.locator('.compact__actions button').all()).map((b) => b.boundingBox()));
    const left = Math.min(...boxes.map((b) => b!.x));
    const right = Math.max(...boxes.map((b) => b!.x + b!.width));
    return { left: Math.round(left - card.x), right: Math.round(card.x + card.width - right) };
  }

  for (const position of ['left', 'right'] as const) {
    test(`${position}: launcher, window and prompt on the ${position}, the prompt's actions by the launcher in LTR and RTL`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await hostSettings(page, { position });
      const { widget, conversation } = await visitorChatsThenCloses(page, `Do you deliver on Saturdays? ${position} ${Date.now()}`);
      const onItsSide = (box: { x: number; width: number }) => (position === 'left' ? box.x : 1280 - box.x - box.width);
      expect(onItsSide((await page.locator('#wren-chat .bubble').boundingBox())!)).toBe(20);

      await agentSays(conversation.id, 'We do, until noon.');
      await expect(launcherRoot(page)).toHaveClass(token('unread-view'));
      await promptSettled(page, widget);
      expect(onItsSide((await windowHolder(page).boundingBox())!)).toBe(20);
      for (const locale of ['en', 'ar']) {
        await page.evaluate((l) => window.$chatwoot!.setLocale(l), locale);
        await expect(widget.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        // Flush with the card on the launcher's side, the free width on the other.
        const insets = await actionInsets(widget);
        expect(insets[position], `${locale}: ${JSON.stringify(insets)}`).toBe(0);
        expect(insets[position === 'left' ? 'right' : 'left']).toBeGreaterThan(50);
        await saveScreenshot(page, `prompt-${position}-${locale}`);
      }

      await page.locator('#wren-chat .bubble').click();
      await expect(launcherRoot(page)).not.toHaveClass(token('unread-view'));
      await expect.poll(async () => (await windowHolder(page).boundingBox())?.height ?? 0).toBeGreaterThan(400);
      expect(onItsSide((await windowHolder(page).boundingBox())!)).toBe(20);
    });
  }
});
