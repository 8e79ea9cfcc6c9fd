import { expect, test, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { frameLoaded, hostCookie, hostEvents, isCampaignsRequest, isSessionRequest, probeLoader } from './support/loaderProbe';

/** The visitor's conversation cookie for the e2e inbox (docs/embedding.md#cookies-and-storage). */
const CONVERSATION_COOKIE = `cw_conversation_${E2E.websiteToken}`;

// The loader on a customer's page (127.0.0.1) with the widget on another origin (localhost),
// under the host page's strict CSP (e2e/support/hostPage.mjs).

test.beforeEach(async ({ page }) => probeLoader(page));

const launcherNamed = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

test('the launcher and the chat render under a strict CSP without any style element or attribute', async ({ page }) => {
  const cspMessages: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && cspMessages.push(message.text()));
  await page.goto(`${E2E.hostOrigin}/`);
  const launcher = launcherNamed(page, 'Chat with us');
  await expect(launcher).toBeVisible();
  // Styled by the adopted sheets: fixed in the corner, in the default colour.
  await expect(launcher).toHaveCSS('position', 'fixed');
  await expect(launcher).toHaveCSS('background-color', 'rgb(31, 147, 255)');

  await launcher.click();
  await frameLoaded(page);
  await expect(
    page.frameLocator('#chatwoot_live_chat_widget').getByRole('button', { name: /Start Conversation|Continue conversation/ }),
  ).toBeVisible();
  const inlineStyles = await page.evaluate(() => {
    const shadow = document.getElementById('wren-chat')!.shadowRoot!;
    return [...document.querySelectorAll('style, [style]'), ...shadow.querySelectorAll('style, [style]')].map((e) => e.outerHTML);
  });
  expect(inlineStyles).toEqual([]);
  expect(await page.evaluate(() => window.e2eProbe.violations)).toEqual([]);
  expect(cspMessages).toEqual([]);
});

test('closing the chat from inside it returns focus to the launcher', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  await launcherNamed(page, 'Chat with us').focus();
  await page.keyboard.press('Enter');
  await frameLoaded(page);
  const start = page.frameLocator('#chatwoot_live_chat_widget').getByRole('button', { name: /Start Conversation|Continue conversation/ });
  await start.focus();
  await page.keyboard.press('Escape');
  await expect(launcherNamed(page, 'Chat with us')).toBeFocused();
  expect(await hostEvents(page, 'chatwoot:closed')).toHaveLength(1);
});

test('a first-time visitor costs sdk.js and one campaigns GET, and hovering changes nothing, until the click', async ({
  page,
  context,
}) => {
  const urls: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const campaigns = page.waitForRequest((request) => isCampaignsRequest(request.url()));

  await page.goto(`${E2E.hostOrigin}/`);
  const campaignsRequest = await campaigns;
  expect(campaignsRequest.method()).toBe('GET');
  expect(new URL(campaignsRequest.url()).searchParams.get('website_token')).toBe(E2E.websiteToken);
  expect(await campaignsRequest.headerValue('cookie')).toBeNull();

  await launcherNamed(page, 'Chat with us').hover();
  await page.waitForTimeout(1000);
  expect(urls.filter(isSessionRequest).filter((url) => !isCampaignsRequest(url))).toEqual([]);
  expect(urls.filter(isCampaignsRequest)).toHaveLength(1);
  expect(sockets).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);

  await launcherNamed(page, 'Chat with us').click();
  await frameLoaded(page);
  expect(urls.some((url) => new URL(url).pathname === '/widget')).toBe(true);
  expect(await hostCookie(context, CONVERSATION_COOKIE)).toBeTruthy();
});

test('setUser called before chatwoot:ready identifies the contact', async ({ page, context }) => {
  // Pending on the server's PATCH /api/v1/widget/contact/set_user if this fails with 404s.
  const email = `early.bird.${Date.now()}@example.com`;
  await page.addInitScript((address) => {
    window.e2eAfterRun = () => {
      window.e2eProbe.readyBeforeAfterRun = window.e2eProbe.events.some((e) => e.name === 'chatwoot:ready');
      window.$chatwoot!.setUser('early-bird-1', { email: address, name: 'Early Bird' });
    };
  }, email);
  await page.goto(`${E2E.hostOrigin}/`);
  expect(await page.evaluate(() => window.e2eProbe.readyBeforeAfterRun)).toBe(false);
  await frameLoaded(page);
  const search = () =>
    agentApi<{ payload: { email: string; identifier?: string }[] }>(
      'GET',
      `/api/v1/accounts/1/contacts/search?q=${encodeURIComponent(email)}`,
    );
  await expect.poll(async () => (await search()).payload.map((contact) => contact.email)).toEqual([email]);
  expect(await hostCookie(context, `cw_user_${E2E.websiteToken}`)).toBeTruthy();
  expect(await hostEvents(page, 'chatwoot:error')).toEqual([]);
});

test('with hmac_mandatory, setUser with a wrong identifier_hash fires chatwoot:error and forgets the user', async ({ page, context }) => {
  await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { channel: { hmac_mandatory: true } });
  try {
    await page.goto(`${E2E.hostOrigin}/`);
    await page.evaluate(() => window.$chatwoot!.setUser('hmac-1', { email: 'hmac@example.com', identifier_hash: 'not-the-hash' }));
    await expect.poll(() => hostEvents(page, 'chatwoot:error')).toHaveLength(1);
    // The server's own body, as Chatwoot's `{error: "HMAC failed: …"}`.
    const [detail] = await hostEvents(page, 'chatwoot:error');
    expect(JSON.stringify(detail)).toMatch(/hmac/i);
    await expect.poll(() => hostCookie(context, `cw_user_${E2E.websiteToken}`)).toBeUndefined();
  } finally {
    await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { channel: { hmac_mandatory: false } });
  }
});

test('messages from other windows change nothing, in either direction', async ({ page, context }) => {
  await page.goto(`${E2E.hostOrigin}/hostile`);
  const launcher = launcherNamed(page, 'Chat with us');
  await launcher.click();
  await frameLoaded(page);
  await launcherNamed(page, 'Close chat window').click();
  const cookie = await hostCookie(context, CONVERSATION_COOKIE);
  expect(cookie).toBeTruthy();

  // A third-party frame (another origin) forges widget messages to the host, and host
  // messages to every frame of the page, the chat frame included.
  const advert = page.frame({ url: /\/third-party$/ })!;
  const framesForged = await advert.evaluate(() => {
    const forge = (message: object) => `chatwoot-widget:${JSON.stringify(message)}`;
    for (const message of [
      { event: 'toggleBubble' },
      { event: 'setUnreadMode' },
      { event: 'setAuthCookie', data: { widgetAuthToken: 'forged' } },
      { event: 'loaded', config: { authToken: 'forged', channelConfig: {} } },
      { event: 'setBubbleLabel', label: 'Forged' },
      { event: 'onEvent', eventIdentifier: 'chatwoot:error', data: 'forged' },
    ])
      parent.postMessage(forge(message), '*');
    let forged = 0;
    for (let i = 0; i < parent.frames.length; i++) {
      if (parent.frames[i] === window) continue;
      parent.frames[i].postMessage(forge({ event: 'set-locale', locale: 'fr' }), '*');
      forged++;
    }
    return forged;
  });
  // An iframe inside a shadow root is not in `window.frames`: the advert cannot even reach it.
  expect(framesForged).toBe(0);

  // A window that can reach it (a same-origin frame of the host page, via the parent's DOM)
  // still is not the widget's parent, so the widget ignores what it posts.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('iframe'), { id: 'helper' })));
  const helper = await (await page.locator('#helper').elementHandle())!.contentFrame();
  await helper!.evaluate(() => {
    const chat = parent.document.getElementById('wren-chat')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
    chat.postMessage(`chatwoot-widget:${JSON.stringify({ event: 'set-locale', locale: 'fr' })}`, '*');
  });

  // A second widget frame (the widget's own origin, but not the loader's frame) does the same.
  await page.evaluate((src) => {
    const second = Object.assign(document.createElement('iframe'), { id: 'second-widget', src });
    document.body.append(second);
  }, `${E2E.widgetOrigin}/widget?website_token=${E2E.websiteToken}`);
  await expect(page.frameLocator('#second-widget').locator('#app')).not.toBeEmpty();
  const secondFrame = await (await page.locator('#second-widget').elementHandle())!.contentFrame();
  await secondFrame!.evaluate(() => {
    parent.postMessage(`chatwoot-widget:${JSON.stringify({ event: 'toggleBubble' })}`, '*');
    parent.postMessage(`chatwoot-widget:${JSON.stringify({ event: 'setAuthCookie', data: { widgetAuthToken: 'forged' } })}`, '*');
  });

  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
  expect(await hostCookie(context, CONVERSATION_COOKIE)).toBe(cookie);
  await expect(launcherNamed(page, 'Chat with us')).toBeVisible();
  expect(await hostEvents(page, 'chatwoot:error')).toEqual([]);

  // The same request from the host itself works, so the silence above was the checks' doing.
  await page.evaluate(() => window.$chatwoot!.setLocale('fr'));
  await expect(launcherNamed(page, 'Discutez avec nous')).toBeVisible();
});

/**
 * Puts the site's own "Open chat in a new window" button on the page, and records each
 * `window.open`: whether it came inside that button's click, with the user activation popup
 * blockers ask for.
 */
async function addPopoutButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { e2eOpens: { inClick: boolean; activation: boolean }[]; e2eInClick: boolean };
    record.e2eOpens = [];
    record.e2eInClick = false;
    const open = window.open;
    window.open = function (this: Window, ...args: Parameters<typeof window.open>) {
      record.e2eOpens.push({ inClick: record.e2eInClick, activation: navigator.userActivation.isActive });
      return open.apply(this, args);
    };
    const button = document.createElement('button');
    button.textContent = 'Open chat in a new window';
    button.addEventListener('click', () => {
      record.e2eInClick = true;
      window.$chatwoot!.popoutChatWindow();
      record.e2eInClick = false;
    });
    document.body.append(button);
  });
}

const popoutOpens = (page: Page) => page.evaluate(() => (window as unknown as { e2eOpens: unknown[] }).e2eOpens);

test("popoutChatWindow from the site's button opens the chat in a window, inside the click, on a page where it was never opened", async ({
  page,
  context,
}) => {
  const runtimeRequests: string[] = [];
  page.on('request', (request) => request.url().includes('/sdk-runtime-') && runtimeRequests.push(request.url()));
  await page.goto(`${E2E.hostOrigin}/`);
  await addPopoutButton(page);

  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open chat in a new window' }).click(),
  ]);
  expect(await popoutOpens(page)).toEqual([{ inClick: true, activation: true }]);
  // The loader built the address itself: nothing else was fetched for it.
  expect(runtimeRequests).toEqual([]);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(`${E2E.widgetOrigin}/widget`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ cw_conversation: '', website_token: E2E.websiteToken, locale: 'en' });
  expect(await popup.evaluate(() => window.name)).toBe(`webwidget_session_${E2E.websiteToken}`);
  await expect(popup.getByRole('button', { name: /Start Conversation/ })).toBeVisible();
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
});

test('popoutChatWindow after the chat was opened continues the conversation in a named 400×600 window, inside the click', async ({
  page,
  context,
}) => {
  await page.goto(`${E2E.hostOrigin}/`);
  await launcherNamed(page, 'Chat with us').click();
  await frameLoaded(page);
  const cookie = await hostCookie(context, CONVERSATION_COOKIE);
  await addPopoutButton(page);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open chat in a new window' }).click(),
  ]);
  expect(await popoutOpens(page)).toEqual([{ inClick: true, activation: true }]);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(`${E2E.widgetOrigin}/widget`);
  expect([...url.searchParams.keys()]).toEqual(['cw_conversation', 'website_token', 'locale']);
  expect(url.searchParams.get('cw_conversation')).toBe(cookie);
  expect(url.searchParams.get('website_token')).toBe(E2E.websiteToken);
  expect(url.searchParams.get('locale')).toBeTruthy();
  expect(await popup.evaluate(() => window.name)).toBe(`webwidget_session_${E2E.websiteToken}`);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([400, 600]);
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
});

test('reset() forgets the visitor, and the next open starts a fresh anonymous session', async ({ page, context }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  await launcherNamed(page, 'Chat with us').click();
  await frameLoaded(page);
  const first = await hostCookie(context, CONVERSATION_COOKIE);
  expect(first).toBeTruthy();

  await page.evaluate(() => window.$chatwoot!.reset());
  expect(await hostCookie(context, CONVERSATION_COOKIE)).toBeUndefined();
  await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);

  await launcherNamed(page, 'Chat with us').click();
  await frameLoaded(page);
  const src = new URL((await page.locator('#chatwoot_live_chat_widget').getAttribute('src'))!);
  expect(src.searchParams.has('cw_conversation')).toBe(false);
  await expect.poll(() => hostCookie(context, CONVERSATION_COOKIE)).toBeTruthy();
  expect(await hostCookie(context, CONVERSATION_COOKIE)).not.toBe(first);
});
