import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import type { HostToWidget, WidgetToHost } from '../src/shared/protocol';
import { E2E } from './ports';
import { agentApi, latestConversation } from './support/agentApi';
import { axeViolations, CHAT_FRAME } from './support/axe';
import { saveScreenshot } from './support/widget';
import { solidPng } from './support/files';
import { changeInbox, weekOpenOnlyIn3Days } from './support/settings';
import { composerOf, isVisitorSend, openConversation, sendVisitorMessage, WIDGET_FRAME } from './support/widgetSession';

/**
 * The site owner's controls on the widget's side (docs/behaviour.md#consent, #away-mode,
 * #file-rules), on the cross-origin host page. What the host itself stores under consent (its
 * cookies) is the loader's, in e2e/loader.spec.ts; here the host's messages are sent to the frame
 * as the loader sends them, and what the frame keeps is read inside it.
 */

/** Sends the frame a host → widget message, as the loader does. */
async function tellWidget<K extends keyof HostToWidget>(page: Page, event: K, payload: HostToWidget[K]) {
  await page.evaluate(
    ([event, payload, selector]) => {
      const frame = (document.querySelector('#wren-chat')?.shadowRoot ?? document).querySelector<HTMLIFrameElement>(selector);
      frame!.contentWindow!.postMessage(`chatwoot-widget:${JSON.stringify({ ...payload, event })}`, '*');
    },
    [event, payload, WIDGET_FRAME] as const,
  );
}

/** Records every widget → host message on the host page, from the start. */
async function recordWidgetMessages(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { heard: unknown[] }).heard = [];
    addEventListener('message', (event) => {
      if (typeof event.data === 'string' && event.data.startsWith('chatwoot-widget:'))
        (window as unknown as { heard: unknown[] }).heard.push(JSON.parse(event.data.slice('chatwoot-widget:'.length)));
    });
  });
  return <K extends keyof WidgetToHost>(event: K) =>
    page.evaluate(
      (event) => (window as unknown as { heard: { event: string }[] }).heard.filter((message) => message.event === event),
      event,
    ) as Promise<(WidgetToHost[K] & { event: K })[]>;
}

/**
 * This Chromium refuses a cross-origin frame its storage (third-party storage blocked), so the
 * widget could never write there and "nothing stored" would prove nothing: in the chat frame a
 * stand-in in memory takes the place of each refused store and keeps what the widget writes.
 */
async function frameStorageStandIn(page: Page) {
  await page.addInitScript((widgetOrigin) => {
    if (location.origin !== widgetOrigin) return;
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      try {
        void window[name].length;
        continue;
      } catch {
        // Refused: the stand-in below.
      }
      const items = new Map<string, string>();
      const store = {
        get length() {
          return items.size;
        },
        key: (index: number) => [...items.keys()][index] ?? null,
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, String(value)),
        removeItem: (key: string) => void items.delete(key),
        clear: () => items.clear(),
      };
      Object.defineProperty(window, name, { get: () => store, configurable: true });
    }
  }, E2E.widgetOrigin);
}

/** The chat frame itself, to read what it keeps. */
const widgetFrame = (page: Page): Frame => page.frames().find((frame) => frame.url().startsWith(`${E2E.widgetOrigin}/widget`))!;

/** Every key and IndexedDB database in the frame's storage. */
const frameStorage = (page: Page) =>
  widgetFrame(page).evaluate(async () => ({
    local: Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)),
    session: Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i)),
    databases: await indexedDB.databases().then(
      (databases) => databases.map((database) => database.name),
      () => [],
    ),
  }));

const NOTHING_STORED = { local: [], session: [], databases: [] };

/** Opens the chat with consent `ask` (what the loader sends while the site requires it). */
async function openAskingConsent(page: Page, consentDeclined: 'session' | 'none' = 'session'): Promise<FrameLocator> {
  await frameStorageStandIn(page);
  await page.goto(`${E2E.hostOrigin}/`);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect.poll(() => page.evaluate(() => window.$chatwoot?.hasLoaded === true)).toBe(true);
  await tellWidget(page, 'config-set', { consent: 'ask', consentDeclined } as HostToWidget['config-set']);
  return page.frameLocator(WIDGET_FRAME);
}

const consentDialog = (widget: FrameLocator) => widget.getByRole('dialog', { name: 'Before we chat' });

test.describe('consent before storage', () => {
  test('the first open asks; Decline leaves a session-only chat that works and stores nothing in the frame', async ({ page }) => {
    const heard = await recordWidgetMessages(page);
    const widget = await openAskingConsent(page);
    const dialog = consentDialog(widget);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/stores an identifier in your browser/);
    await expect(dialog.getByRole('button', { name: 'Accept' })).toBeFocused();
    expect(await frameStorage(page)).toEqual(NOTHING_STORED);

    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => heard('consent')).toEqual([{ event: 'consent', granted: false }]);
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    await sendVisitorMessage(page, widget, 'Just browsing, remember nothing');
    // The emoji picker keeps recent emoji only with consent: picked, nothing is written.
    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    await widget.getByRole('gridcell').first().click();
    expect(await frameStorage(page)).toEqual(NOTHING_STORED);
  });

  test("'none' turns the chat off after a Decline, with a way to change one's mind", async ({ page }) => {
    const heard = await recordWidgetMessages(page);
    const widget = await openAskingConsent(page, 'none');
    await consentDialog(widget).getByRole('button', { name: 'Decline' }).click();
    const chatOff = widget.getByRole('dialog', { name: 'Chat is off' });
    await expect(chatOff).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toHaveCount(0);
    await expect(chatOff.getByRole('button', { name: 'Decline' })).toHaveCount(0);

    await chatOff.getByRole('button', { name: 'Accept' }).click();
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeFocused();
    await expect
      .poll(() => heard('consent'))
      .toEqual([
        { event: 'consent', granted: false },
        { event: 'consent', granted: true },
      ]);
  });

  test('after Accept the widget stores; the site’s setConsent(false) deletes it and ends the socket', async ({ page }) => {
    const widget = await openAskingConsent(page);
    await consentDialog(widget).getByRole('button', { name: 'Accept' }).click();
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    await sendVisitorMessage(page, widget, 'Happy to be remembered');
    await widget.getByRole('button', { name: 'Insert emoji' }).click();
    await widget.getByRole('gridcell').first().click();
    await expect.poll(async () => (await frameStorage(page)).local).toEqual(['wren:recent-emoji']);

    const sockets: { closed: boolean }[] = [];
    page.on('websocket', (socket) => {
      const seen = { closed: false };
      sockets.push(seen);
      socket.on('close', () => (seen.closed = true));
    });
    await tellWidget(page, 'set-consent', { granted: false });
    await expect.poll(() => frameStorage(page)).toEqual(NOTHING_STORED);
    // The chat goes on in memory for this page ('session', the default): a message still goes.
    await sendVisitorMessage(page, widget, 'Forget me, but answer this');
    expect(await frameStorage(page)).toEqual(NOTHING_STORED);
    expect(sockets.every((socket) => socket.closed)).toBe(true);
  });
});

test('the consent screen reads right-to-left on a 320 px phone, in the visitor’s language, with no axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const widget = await openAskingConsent(page);
  await tellWidget(page, 'set-locale', { locale: 'ar' });
  const dialog = widget.getByRole('dialog', { name: 'قبل أن نبدأ المحادثة' });
  await expect(dialog).toBeVisible();
  await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const name of ['موافق', 'رفض']) await expect(dialog.getByRole('button', { name })).toBeInViewport();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await widget.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
  expect(await axeViolations(page, CHAT_FRAME)).toEqual([]);
  await saveScreenshot(page, 'consent-rtl-320');
});

test('sendMessage from the page sends as the visitor without opening the chat; the visitor sees it on open', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  // The frame without an open: a returning visitor's is loaded hidden; here the site asks for it.
  await page.evaluate(() => window.$chatwoot!.toggle('open'));
  await expect.poll(() => page.evaluate(() => window.$chatwoot?.hasLoaded === true)).toBe(true);
  await page.evaluate(() => window.$chatwoot!.toggle('close'));
  const sent = page.waitForResponse((response) => isVisitorSend(response.request()) && response.ok());
  const text = `Order #${Date.now()} did not arrive`;
  await tellWidget(page, 'send-message', { message: text });
  const stored = await (await sent).json();
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(false);
  const messages = await agentApi<{ payload: { content: string }[] }>(
    'GET',
    `/api/v1/accounts/1/conversations/${stored.conversation_id}/messages`,
  );
  expect(messages.payload.map((message) => message.content)).toContain(text);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.frameLocator(WIDGET_FRAME).getByRole('log').getByText(text)).toBeVisible();
});

test.describe('file rules', () => {
  test('the widget refuses an .exe and an over-size file with the rule, the server refuses them too, an allowed file passes', async ({
    page,
  }) => {
    const restore = await changeInbox({ file_rules: { allowed_types: ['png', 'pdf'], max_size_mb: 1 } } as never);
    try {
      const widget = await openConversation(page);
      await sendVisitorMessage(page, widget, 'Here come some files');
      const uploads: string[] = [];
      page.on(
        'request',
        (request) => isVisitorSend(request) && /multipart/.test(request.headers()['content-type'] ?? '') && uploads.push(request.url()),
      );

      const pick = async (name: string, mimeType: string, buffer: Buffer) => {
        const chooser = page.waitForEvent('filechooser');
        await widget.getByRole('button', { name: 'Add an attachment' }).click();
        await (await chooser).setFiles({ name, mimeType, buffer });
      };
      await pick('setup.exe', 'application/x-msdownload', Buffer.from('MZ fake program'));
      await expect(widget.getByText("setup.exe can't be sent: this chat doesn't accept .exe files")).toBeVisible();
      await pick('huge.png', 'image/png', Buffer.alloc(1024 * 1024 + 1));
      await expect(widget.getByText('File exceeds the 1 MB attachment limit')).toBeVisible();
      // An allowed file picked after them goes at once, alone: files go in the order picked, so
      // a refused one that had left would have been uploaded before it.
      await pick('fine.png', 'image/png', solidPng(2, 2, [0, 0, 0]));
      await expect(widget.getByRole('log').getByRole('img', { name: 'Picture message' })).toHaveCount(1);
      await expect.poll(() => uploads.length).toBe(1);

      // The same files sent straight to the API, as the visitor: refused by the server; an allowed one passes.
      const token = (await page.context().cookies()).find((cookie) => cookie.name.startsWith('cw_conversation'))!.value;
      const upload = (name: string, type: string, bytes: Buffer) =>
        widgetFrame(page).evaluate(
          async ([name, type, bytes, token, websiteToken]) => {
            const form = new FormData();
            form.append('message[attachments][]', new File([new Uint8Array(bytes)], name, { type }));
            const response = await fetch(`/api/v1/widget/messages?website_token=${websiteToken}`, {
              method: 'POST',
              headers: { 'X-Auth-Token': token },
              body: form,
            });
            return response.status;
          },
          [name, type, [...bytes], token, E2E.websiteToken] as const,
        );
      expect(await upload('setup.exe', 'application/x-msdownload', Buffer.from('MZ fake program'))).toBe(422);
      expect(await upload('huge.png', 'image/png', Buffer.concat([solidPng(2, 2, [0, 0, 0]), Buffer.alloc(1024 * 1024)]))).toBe(422);
      expect(await upload('photo.png', 'image/png', solidPng(2, 2, [31, 147, 255]))).toBe(200);
    } finally {
      await restore();
    }
  });

  test('with attachments off there is no attach button, and a dropped file is refused with a message', async ({ page }) => {
    // Off by the site's `enableFileUpload: false`; the inbox's `attachments` flag off works alike (appConfig.ts).
    {
      await page.goto(`${E2E.hostOrigin}/`);
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect.poll(() => page.evaluate(() => window.$chatwoot?.hasLoaded === true)).toBe(true);
      await tellWidget(page, 'config-set', { enableFileUpload: false } as HostToWidget['config-set']);
      const widget = page.frameLocator(WIDGET_FRAME);
      await widget.getByRole('button', { name: 'Start Conversation' }).click();
      await expect(composerOf(widget)).toBeVisible();
      await expect(widget.getByRole('button', { name: 'Add an attachment' })).toHaveCount(0);
      await widget.locator('.messages').evaluate((area) => {
        const files = new DataTransfer();
        files.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
        area.dispatchEvent(new DragEvent('drop', { dataTransfer: files, bubbles: true, cancelable: true }));
      });
      await expect(widget.getByText("Files can't be sent in this chat")).toBeVisible();
    }
  });
});

test('an away inbox in email_form mode takes name, e-mail and message; the agent sees a conversation with that e-mail', async ({
  page,
}) => {
  const restore = await changeInbox({
    working_hours_enabled: true,
    working_hours: weekOpenOnlyIn3Days().workingHours,
    away_mode: 'email_form',
  } as never);
  try {
    const heard = await recordWidgetMessages(page);
    await page.goto(`${E2E.hostOrigin}/`);
    await page.getByRole('button', { name: 'Chat with us' }).click();
    const widget = page.frameLocator(WIDGET_FRAME);
    await expect.poll(() => heard('team-availability')).toEqual([{ event: 'team-availability', available: false }]);
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    await expect(widget.getByText("Nobody is online right now. Leave us a message and we'll reply by e-mail.")).toBeVisible();

    // The form's checks, as the pre-chat form's: nothing is sent with a bad e-mail.
    await widget.getByLabel('Full Name').fill('Ada Lovelace');
    await widget.getByLabel('Email Address').fill('ada@');
    await widget.getByLabel('Message', { exact: true }).fill('Please call me back about my order');
    await widget.getByRole('button', { name: 'Send message' }).click();
    await expect(widget.getByText('Please enter a valid email address')).toBeVisible();

    const email = `ada.${Date.now()}@example.com`;
    await widget.getByLabel('Email Address').fill(email);
    await widget.getByRole('button', { name: 'Send message' }).click();
    await expect(widget.getByRole('status').filter({ hasText: `will reply to ${email}` })).toBeFocused();

    const latest = await latestConversation();
    const conversation = await agentApi<{ meta: { sender: { email: string; name: string } } }>(
      'GET',
      `/api/v1/accounts/1/conversations/${latest.id}`,
    );
    expect(conversation.meta.sender).toMatchObject({ email, name: 'Ada Lovelace' });
    const messages = await agentApi<{ payload: { content: string }[] }>('GET', `/api/v1/accounts/1/conversations/${latest.id}/messages`);
    expect(messages.payload.map((message) => message.content)).toContain('Please call me back about my order');
  } finally {
    await restore();
  }
});
