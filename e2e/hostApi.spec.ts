import { expect, test, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { frameLoaded, hostEvents, probeLoader } from './support/loaderProbe';
import { conversationWithMessage } from './support/settings';
import { chatFrame, hostSettings, launcherRoot, openChat, saveScreenshot, startConversation } from './support/widget';

// `$chatwoot` as a site programs it (docs/embedding.md#windowchatwoot; issue 14): arguments checked at
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

test.describe("the launcher's own words (issue 19 item 7)", () => {
  const bubble = (page: Page) => page.locator('#wren-chat .bubble');

  test("follow setLocale('ar'): name and title in Arabic, right to left, the chat window's title too", async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await openChat(page);
    await page.evaluate(() => window.$chatwoot!.setLocale('ar'));
    await expect(bubble(page)).toHaveAttribute('aria-label', 'إغلاق نافذة المحادثة');
    await expect(bubble(page)).toHaveAttribute('title', 'إغلاق نافذة المحادثة');
    await expect(launcherRoot(page)).toHaveAttribute('lang', 'ar');
    await expect(launcherRoot(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('#chatwoot_live_chat_widget')).toHaveAttribute('title', 'نافذة المحادثة');
    await page.getByRole('button', { name: 'إغلاق نافذة المحادثة' }).click();
    await expect(page.getByRole('button', { name: 'تحدث معنا' })).toHaveAttribute('title', 'فتح نافذة المحادثة');
  });

  // Issue 33: in Arabic, the launcher was named in English until a hover loaded the runtime.
  test("are the site's language from the start, with no hover: the name, lang and dir, and still no chat nor session", async ({
    page,
    context,
  }) => {
    await hostSettings(page, { locale: 'ar' });
    await page.goto(`${E2E.hostOrigin}/`);
    await expect(bubble(page)).toHaveAccessibleName('تحدث معنا');
    await expect(launcherRoot(page)).toHaveAttribute('lang', 'ar');
    await expect(launcherRoot(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
    expect(await context.cookies()).toEqual([]);
  });

  test("follow the page's locale from the first intent, before any chat loads; only that language's strings are fetched", async ({
    page,
  }) => {
    const strings: string[] = [];
    page.on('request', (request) => request.url().includes('/packs/js/launcher/') && strings.push(new URL(request.url()).pathname));
    await hostSettings(page, { locale: 'fr', type: 'expanded_bubble' });
    await page.goto(`${E2E.hostOrigin}/`);
    await bubble(page).hover();
    await expect(page.getByRole('button', { name: 'Discutez avec nous' })).toHaveAttribute('title', 'Ouvrir la fenêtre de chat');
    await expect(bubble(page)).toHaveText('Discutez avec nous');
    await expect(launcherRoot(page)).toHaveAttribute('lang', 'fr');
    await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
    expect(strings).toEqual([expect.stringMatching(/^\/packs\/js\/launcher\/fr-[A-Z0-9]{8}\.js$/)]);
  });

  test('an expanded launcher in Hebrew reads right to left, its icon first on the right', async ({ page }) => {
    await hostSettings(page, { type: 'expanded_bubble', locale: 'he' });
    await page.goto(`${E2E.hostOrigin}/`);
    await bubble(page).hover();
    await expect(bubble(page)).toHaveText('דברו איתנו');
    const icon = (await bubble(page).locator('svg').boundingBox())!;
    const label = (await bubble(page).locator('.label').boundingBox())!;
    expect(icon.x).toBeGreaterThan(label.x);
    await saveScreenshot(page, 'launcher-expanded-rtl');
  });
});

test('after reset() the widget comes back in the locale the page configured', async ({ page }) => {
  await hostSettings(page, { locale: 'fr' });
  await page.goto(`${E2E.hostOrigin}/`);
  // The launcher speaks the page's language from the start (sdk.js loads the runtime, which has it).
  const widget = await openChat(page, 'Discutez avec nous');
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

test('showNewMessage opens the conversation with the text in the composer, ready to edit and send', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const text = `I have a question about order #${Date.now()}`;
  // Before the frame exists: the call waits for it.
  await page.evaluate((message) => window.$chatwoot!.showNewMessage(message), text);
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
  const widget = chatFrame(page);
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await expect(composer).toHaveValue(text);
  await composer.press('Enter');
  await expect(widget.getByRole('log').getByText(text)).toBeVisible();
  await expect(composer).toHaveValue('');
  expect(await hostEvents(page, 'chatwoot:opened')).toHaveLength(1);
  // With a loaded frame, a second call replaces whatever was typed.
  await composer.fill('half-written');
  await page.evaluate(() => window.$chatwoot!.showNewMessage('Another question'));
  await expect(composer).toHaveValue('Another question');
  expect(await page.evaluate(() => window.$chatwoot!.showNewMessage(7 as never)).catch((e: Error) => e.message)).toMatch(
    /Message should be a string/,
  );
});

test('chatwoot:unread-count tells the page each unread count, and chatwoot:conversation-resolved the end', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: { name: string; detail: unknown }[] = [];
    (window as unknown as { wrenSeen: typeof seen }).wrenSeen = seen;
    for (const name of ['chatwoot:unread-count', 'chatwoot:conversation-resolved'])
      addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail }));
  });
  const seen = () => page.evaluate(() => (window as unknown as { wrenSeen: { name: string; detail: unknown }[] }).wrenSeen);
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  const text = `Count my unread ${Date.now()}`;
  await startConversation(widget, text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  const { id } = (await conversationWithMessage(text))!;
  await page.evaluate(() => window.$chatwoot!.toggle('close'));
  for (const content of ['First reply', 'Second reply'])
    await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/messages`, { content });
  await expect.poll(async () => (await seen()).filter((e) => e.name === 'chatwoot:unread-count').map((e) => e.detail)).toContain(2);
  // Read: back to 0.
  await page.evaluate(() => window.$chatwoot!.toggle('open'));
  await expect.poll(async () => (await seen()).filter((e) => e.name === 'chatwoot:unread-count').at(-1)?.detail).toBe(0);

  await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_status`, { status: 'resolved' });
  await expect
    .poll(async () => (await seen()).filter((e) => e.name === 'chatwoot:conversation-resolved').map((e) => e.detail))
    .toEqual([{ conversationId: id }]);
});

test('a Turbo-style body swap keeps the launcher and the open conversation (no reload of the chat)', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  const text = `Before the swap ${Date.now()}`;
  await startConversation(widget, text);
  // A mark on the frame's own window: a reloaded frame would have lost it.
  await widget.locator('body').evaluate(() => ((window as unknown as { wrenMark: number }).wrenMark = 1));
  // What Turbo Drive does on a visit: a new <body> replaces the old one, then `turbo:load`.
  await page.evaluate(() => {
    const body = document.createElement('body');
    body.innerHTML = '<h1>Acme Store — pricing</h1><p>A page Turbo swapped in.</p>';
    document.body.replaceWith(body);
    history.pushState(null, '', '/pricing');
    dispatchEvent(new Event('turbo:render'));
    dispatchEvent(new Event('turbo:load'));
  });
  await expect(page.getByRole('heading', { name: 'Acme Store — pricing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close chat window' })).toBeVisible();
  // The same frame, never reloaded: the conversation is still on screen.
  expect(await widget.locator('body').evaluate(() => (window as unknown as { wrenMark?: number }).wrenMark)).toBe(1);
  await expect(chatFrame(page).getByRole('log').getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Close chat window' }).click();
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();

  // A navigation that took the launcher away entirely: it comes back when the page says it is done
  // (the chat frame reloads then: it was out of the page).
  await page.evaluate(() => {
    document.getElementById('wren-chat')!.remove();
    dispatchEvent(new Event('astro:after-swap'));
  });
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  await expect(page.locator('#wren-chat')).toHaveCount(1);
});

test('launcher colours follow one contrast rule before and after the chat opens', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const iconColor = () => page.getByRole('button', { name: /Chat with us|Close chat window/ }).evaluate((b) => getComputedStyle(b).color);
  const before = await iconColor();
  const widget = await openChat(page);
  const after = await iconColor();
  expect(after).toBe(before);
  // Dark text on the default blue (#1f93ff: white is 3.1:1, #1f222d is 5.0:1), as on the widget's buttons.
  expect(before).toBe('rgb(31, 34, 45)');
  const button = widget.getByRole('button', { name: /Start Conversation|Continue conversation/ });
  await expect(button).toHaveCSS('color', 'rgb(31, 34, 45)');
});
