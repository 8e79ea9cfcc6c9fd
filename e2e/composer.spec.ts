import { expect, type Locator, test } from '@playwright/test';
import { E2E } from './ports';
import { hostSettings, openChat, saveScreenshot } from './support/widget';
import { solidPng } from './support/files';
import { composerOf, conversationMessages, isVisitorSend, openConversation, sendVisitorMessage } from './support/widgetSession';

/** Pastes a PNG into the message box, as a screenshot tool's Ctrl+V does. */
async function pastePicture(composer: Locator, name: string) {
  await composer.evaluate(
    (box, { name, bytes }) => {
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    },
    { name, bytes: [...solidPng(40, 30, [220, 60, 40])] },
  );
}

// The message box (issue 19): it never cuts what the visitor wrote.

test.describe('the length limit', () => {
  test('is said before it is reached, and text past it is kept, said and not sent until trimmed', async ({ page }) => {
    const widget = await openConversation(page);
    const composer = composerOf(widget);
    const send = widget.getByRole('button', { name: 'Send message' });

    await composer.fill('a'.repeat(9_600));
    await expect(composer).toHaveAccessibleDescription('400 of 10,000 characters left');

    // A long paste past the limit: nothing is dropped.
    const long = `${'b'.repeat(10_040)}!`;
    await composer.fill(long);
    await expect(composer).toHaveValue(long);
    const over = widget.getByText('Too long by 41: the limit is 10,000 characters');
    await expect(over).toBeVisible();
    await expect(composer).toHaveAttribute('aria-invalid', 'true');
    await expect(send).toBeDisabled();
    await composer.press('Enter');
    await expect(composer).toHaveValue(long);
    await saveScreenshot(page, 'composer-too-long');

    // Trimmed to the limit, it goes.
    const { conversationId } = await sendVisitorMessage(page, widget, long.slice(0, 10_000));
    expect((await conversationMessages(conversationId)).at(-1)?.content).toHaveLength(10_000);
  });

  test.describe('on a 320 px phone, right to left', () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

    test('the line about the limit is in Arabic, inside the box, and the box keeps its buttons', async ({ page }) => {
      await hostSettings(page, { locale: 'ar' });
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page, 'تحدث معنا');
      await widget.getByRole('button', { name: 'ابدأ المحادثة' }).click();
      const composer = widget.locator('textarea');
      await composer.fill('ب'.repeat(10_003));
      const over = widget.locator('.composer__limit');
      await expect(over).toHaveText('الرسالة أطول من اللازم بمقدار 3. الحد الأقصى لعدد الأحرف: 10,000');
      const box = await widget.locator('.composer').boundingBox();
      const line = await over.boundingBox();
      expect(line!.x).toBeGreaterThanOrEqual(box!.x);
      expect(line!.x + line!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(await over.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Send, attach and emoji stay on the box's one row, beside the text.
      const rows = await widget
        .locator('.composer > button')
        .evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().bottom))).size);
      expect(rows).toBe(1);
      await saveScreenshot(page, 'composer-too-long-rtl-320');
    });
  });
});

test('a pasted picture is sent at once, in order with the texts, as Chatwoot sends it', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `A screenshot is coming ${Date.now()}`);
  const uploads: string[] = [];
  page.on(
    'request',
    (request) => isVisitorSend(request) && /^multipart/.test(request.headers()['content-type'] ?? '') && uploads.push(request.url()),
  );
  const composer = composerOf(widget);

  // Pasted, then a line of text at once behind it: the picture goes first, with no Send pressed.
  await pastePicture(composer, 'checkout-error.png');
  await composer.fill('This is what I see at checkout');
  await composer.press('Enter');
  const log = widget.getByRole('log');
  await expect(log.getByRole('img', { name: 'Picture message' })).toBeVisible();
  await expect(composer).toBeFocused();
  await expect
    .poll(async () => (await conversationMessages(conversationId)).map((m) => m.content ?? m.attachments?.map((a) => a.file_type).join()))
    .toEqual([expect.stringMatching(/^A screenshot is coming/), 'image', 'This is what I see at checkout']);
  await saveScreenshot(page, 'composer-pasted-picture');
  expect(uploads).toHaveLength(1);
});
