import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi, latestConversation } from './support/agentApi';
import { frameLoaded, hostEvents, probeLoader } from './support/loaderProbe';
import { chatFrame, hostSettings, launcherRoot, startConversation } from './support/widget';

// Issue 24, the loader's half (docs/behaviour.md#consent, #away-mode, docs/embedding.md#windowchatwoot),
// on the cross-origin host page (e2e/support/hostPage.mjs): the site's consent tool, the away
// header, and the calls a page makes before the chat was ever opened.

test.beforeEach(async ({ page }) => probeLoader(page));

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with us' });

/** Everything Wren could have stored: cookies of both origins, the host page's and the frame's storage. */
async function stored(page: Page, context: BrowserContext) {
  const frameStorage = async () => {
    const frame = page.frames().find((f) => f.url().startsWith(`${E2E.widgetOrigin}/widget`));
    if (!frame) return { local: 0, session: 0, databases: 0 };
    // Each store counted apart; one the browser refuses the frame (third-party storage blocked) holds nothing.
    return frame.evaluate(async () => {
      const count = async (read: () => number | Promise<number>) => {
        try {
          return await read();
        } catch {
          return 0;
        }
      };
      return {
        local: await count(() => localStorage.length),
        session: await count(() => sessionStorage.length),
        databases: await count(async () => (await indexedDB.databases()).length),
      };
    });
  };
  return {
    cookies: (await context.cookies()).map((c) => c.name),
    documentCookie: await page.evaluate(() => document.cookie),
    host: await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
    frame: await frameStorage(),
  };
}
const NOTHING = { cookies: [], documentCookie: '', host: { local: 0, session: 0 }, frame: { local: 0, session: 0, databases: 0 } };

test.describe("consent: 'required'", () => {
  const COOKIES = [`cw_consent_${E2E.websiteToken}`, `cw_conversation_${E2E.websiteToken}`].sort();
  const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();

  test('a visit and an open store nothing until setConsent(true); setConsent(false) removes it all', async ({ page, context }) => {
    await hostSettings(page, { consent: 'required', keepOpen: true });
    await page.goto(`${E2E.hostOrigin}/`);
    await launcher(page).click();
    // The widget has its visitor token from here on: the loader holds it in memory.
    await frameLoaded(page);
    expect(await stored(page, context)).toEqual(NOTHING);

    await page.evaluate(() => window.$chatwoot!.setConsent(true));
    await expect.poll(() => cookieNames(context)).toEqual(COOKIES);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `wren:open:${E2E.websiteToken}`)).toBe('1');

    await page.evaluate(() => window.$chatwoot!.setConsent(false));
    await expect.poll(() => cookieNames(context)).toEqual([]);
    expect(await page.evaluate(() => [document.cookie, sessionStorage.length])).toEqual(['', 0]);
  });

  test('a grant from the page is remembered in its cookie once the visitor engages', async ({ page, context }) => {
    await hostSettings(page, { consent: 'required' });
    await page.goto(`${E2E.hostOrigin}/`);
    await page.evaluate(() => window.$chatwoot!.setConsent(true));
    await launcher(page).click();
    await frameLoaded(page);
    await expect.poll(() => cookieNames(context)).toEqual(COOKIES);
  });

  // Needs the widget's consent screen (the `owner` slice): Accept and Decline are its buttons.
  test('a first message after Decline stores nothing; Accept then stores the session, and setConsent(false) removes it', async ({
    page,
    context,
  }) => {
    await hostSettings(page, { consent: 'required', consentDeclined: 'session' });
    await page.goto(`${E2E.hostOrigin}/`);
    await launcher(page).click();
    await frameLoaded(page);
    const widget = chatFrame(page);
    await widget.getByRole('button', { name: 'Decline' }).click();
    await startConversation(widget, 'Do you ship to Norway?');
    expect(await stored(page, context)).toEqual(NOTHING);

    await page.reload();
    await launcher(page).click();
    await frameLoaded(page);
    await chatFrame(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => cookieNames(context)).toEqual(COOKIES);

    await page.evaluate(() => window.$chatwoot!.setConsent(false));
    await expect.poll(async () => (await stored(page, context)).cookies).toEqual([]);
    await expect.poll(async () => (await stored(page, context)).frame).toEqual(NOTHING.frame);
  });

  test('the site’s popout window keeps nothing in its own storage either', async ({ page, context }) => {
    await hostSettings(page, { consent: 'required' });
    await page.goto(`${E2E.hostOrigin}/`);
    // A site's own button: popup blockers allow the window only inside a click.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.textContent = 'Chat in a new window';
      button.onclick = () => window.$chatwoot!.popoutChatWindow();
      document.body.append(button);
    });
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Chat in a new window' }).click()]);
    expect(new URL(popup.url()).searchParams.get('storage')).toBe('session');

    // The first message held in flight: a window that may store would have written it to its outbox by now.
    const held = /\/api\/v1\/widget\/(messages|conversations)\b/;
    const sent = popup.waitForRequest((request) => request.method() === 'POST' && held.test(request.url()));
    await popup.route(held, (route) => (route.request().method() === 'POST' ? undefined : route.fallback()));
    await popup.getByRole('button', { name: 'Start Conversation' }).click();
    const composer = popup.getByRole('textbox', { name: 'Type your message' });
    await composer.fill('Sent from the popout');
    await composer.press('Enter');
    await sent;
    await expect(popup.getByRole('log').getByText('Sent from the popout')).toBeVisible();
    expect(await popup.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });
});

test("storage: 'session' writes session cookies only", async ({ page, context }) => {
  await hostSettings(page, { storage: 'session' });
  await page.goto(`${E2E.hostOrigin}/`);
  await launcher(page).click();
  await frameLoaded(page);
  await expect.poll(async () => (await context.cookies()).map((c) => c.name)).toEqual([`cw_conversation_${E2E.websiteToken}`]);
  // A session cookie: the browser reports it as expiring with the session (-1).
  expect((await context.cookies()).map((c) => c.expires)).toEqual([-1]);
});

test.describe('from the page, before the chat was ever opened', () => {
  test('prefillMessage opens the chat with the text in the composer, not sent', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await expect(launcher(page)).toBeVisible();
    await page.evaluate(() => window.$chatwoot!.prefillMessage('About order #1234'));
    await frameLoaded(page);
    await expect(chatFrame(page).getByRole('textbox', { name: 'Type your message' })).toHaveValue('About order #1234');
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
  });

  // Needs the widget's handling of `send-message` (the `owner` slice).
  test('sendMessage reaches the agent’s API as the visitor’s message; the chat stays closed', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await expect(launcher(page)).toBeVisible();
    const text = `From the page ${Date.now()}`;
    await page.evaluate((message) => window.$chatwoot!.sendMessage(message), text);
    await expect
      .poll(async () => {
        const conversation = await latestConversation().catch(() => null);
        if (!conversation) return [];
        const messages = await agentApi<{ payload: { content: string; message_type: number }[] }>(
          'GET',
          `/api/v1/accounts/1/conversations/${conversation.id}/messages`,
        );
        return messages.payload.filter((m) => m.message_type === 0).map((m) => m.content);
      })
      .toContain(text);
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
    await expect(launcherRoot(page)).not.toHaveClass(/\bopen\b/);
  });
});

test.describe('keepOpen', () => {
  test('reopens the chat after a reload and a navigation', async ({ page }) => {
    await hostSettings(page, { keepOpen: true });
    await page.goto(`${E2E.hostOrigin}/`);
    await launcher(page).click();
    await frameLoaded(page);
    await page.reload();
    await frameLoaded(page);
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
    await page.goto(`${E2E.hostOrigin}/other`);
    await frameLoaded(page);
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
  });

  test('a chat closed on the page before stays 2 requests, about 3 KB and no cookie on the next', async ({ page, context }) => {
    await hostSettings(page, { keepOpen: true });
    await page.goto(`${E2E.hostOrigin}/`);
    await expect(launcher(page)).toBeVisible();
    const requests: { path: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.url().startsWith(E2E.widgetOrigin))
        requests.push({ path: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize });
    });
    await page.goto(`${E2E.hostOrigin}/other`);
    await expect.poll(() => requests.map((r) => r.path)).toEqual(['/packs/js/sdk.js', '/api/v1/widget/campaigns']);
    // Idle time passes: nothing more loads for a visitor whose chat was closed.
    await page.waitForTimeout(2500);
    expect(requests.map((r) => r.path)).toEqual(['/packs/js/sdk.js', '/api/v1/widget/campaigns']);
    // sdk.js as served, compressed (a cached copy counts 0).
    expect(requests[0].bytes).toBeLessThanOrEqual(3100);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
  });
});

test.describe('away (docs/behaviour.md#away-mode)', () => {
  const setAwayMode = (away_mode: string) => agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { away_mode });
  const setAgent = (availability: string) => agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability } });
  // Nobody online: the team is away, whatever the hours.
  test.beforeEach(() => setAgent('offline'));
  test.afterEach(async () => {
    await setAwayMode('chat');
    await setAgent('online');
  });

  test('with nobody online, isTeamAvailable is false and chatwoot:team-availability says so; the launcher stays', async ({ page }) => {
    await page.goto(`${E2E.hostOrigin}/`);
    await expect.poll(() => hostEvents(page, 'chatwoot:team-availability')).toEqual([{ available: false }]);
    expect(await page.evaluate(() => window.$chatwoot!.isTeamAvailable)).toBe(false);
    await expect(launcher(page)).toBeVisible();
  });

  test('an inbox whose away mode is hide_launcher shows no launcher; the chat still opens from the page', async ({ page }) => {
    await setAwayMode('hide_launcher');
    await page.goto(`${E2E.hostOrigin}/`);
    await expect.poll(() => page.evaluate(() => window.$chatwoot!.isTeamAvailable)).toBe(false);
    await expect(launcher(page)).toBeHidden();
    await page.evaluate(() => window.$chatwoot!.toggle('open'));
    await frameLoaded(page);
    await expect(chatFrame(page).locator('body')).toBeVisible();
  });
});
