import { expect, test, type FrameLocator, type Locator } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { markContrast } from './support/visualChecks';
import { hostSettings, openChat, saveScreenshot } from './support/widget';
import { composerOf, openConversation, sendVisitorMessage } from './support/widgetSession';

// What users of chat widgets expect inside a conversation (issue 14): times, delivery and read
// state, reply-to jumps, and ending a conversation on purpose.

const agentSays = (conversationId: number, body: Record<string, unknown>) =>
  agentApi<{ id: number }>('POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, body);
const scrollerOf = (widget: FrameLocator) => widget.locator('.messages__scroller');

test('each group shows its time, exact on hover, and the visitor sees sent, delivered and read', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `Is my order on its way? ${Date.now()}`);
  const log = widget.getByRole('log');

  // The time under the group, as <time datetime> with the exact date and time as its tooltip.
  const time = log.locator('.bubble__meta time').last();
  await expect(time).toBeVisible();
  expect(await time.textContent()).toMatch(/^\d{1,2}:\d{2}( ?[AP]M)?$/);
  const iso = await time.getAttribute('datetime');
  expect(Math.abs(Date.parse(iso!) - Date.now())).toBeLessThan(120_000);
  expect(await time.getAttribute('title')).toMatch(new RegExp(`${new Date().getFullYear()}`));

  // Sent, then delivered once an agent's client has it, then read once an agent opens it.
  const status = log.locator('.bubble__status').last();
  await expect(status).toHaveAttribute('title', 'Sent');
  await expect(status.getByText('Sent')).toHaveClass(/visually-hidden/);
  await agentApi('GET', `/api/v1/accounts/1/conversations/${conversationId}/messages`);
  await expect(status).toHaveAttribute('title', 'Delivered');
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversationId}/update_last_seen`);
  await expect(status).toHaveAttribute('title', 'Read');
  await expect(status).toHaveClass(/bubble__status--read/);

  // An agent's reply has its time too; a second message of the visitor's groups with the first,
  // whose time then shows only on hover.
  await agentSays(conversationId, { content: 'Yes, it left our warehouse today.' });
  await expect(log.getByText('Yes, it left our warehouse today.')).toBeVisible();
  await sendVisitorMessage(page, widget, 'Great, thanks!');
  await sendVisitorMessage(page, widget, 'And the tracking number?');
  const firstOfGroup = log.locator('.message-row', { hasText: 'Great, thanks!' });
  await expect(firstOfGroup.locator('.bubble__meta')).toBeHidden();
  await firstOfGroup.hover();
  await expect(firstOfGroup.locator('.bubble__meta')).toBeVisible();
  await saveScreenshot(page, 'conversation-times-and-read');
});

for (const darkMode of ['light', 'dark'] as const) {
  test(`sent, delivered and read differ in shape and stand out 3:1 from the page, ${darkMode}`, async ({ page }) => {
    await hostSettings(page, { darkMode });
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, `Did you get my order? ${Date.now()}`);
    const status = widget.getByRole('log').locator('.bubble__status').last();
    const look = async () => ({
      shape: await status.evaluate((el) => ({
        checks: el.querySelector('path')?.getAttribute('d'),
        disc: getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)',
      })),
      contrast: await markContrast(status),
    });

    await expect(status).toHaveAttribute('title', 'Sent');
    const sent = await look();
    await agentApi('GET', `/api/v1/accounts/1/conversations/${conversationId}/messages`);
    await expect(status).toHaveAttribute('title', 'Delivered');
    const delivered = await look();
    await agentApi('POST', `/api/v1/accounts/1/conversations/${conversationId}/update_last_seen`);
    await expect(status).toHaveAttribute('title', 'Read');
    const read = await look();

    for (const state of [sent, delivered, read]) expect(state.contrast).toBeGreaterThanOrEqual(3);
    // One check, two checks, two checks on a disc: told apart without colour.
    expect(sent.shape.checks).not.toBe(delivered.shape.checks);
    expect([sent.shape.disc, delivered.shape.disc, read.shape.disc]).toEqual([false, false, true]);
    await status.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `delivery-states-${darkMode}`);
  });
}

test('an agent’s avatar sits beside the last bubble of their group, by its foot, where the time is', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `Where is my parcel? ${Date.now()}`);
  for (const content of ['Let me check.', 'It is in Lyon today.', 'It arrives tomorrow: a long line that wraps onto a second line.'])
    await agentSays(conversationId, { content });
  const log = widget.getByRole('log');
  await expect(log.getByText('It arrives tomorrow', { exact: false })).toBeVisible();
  const rows = log.locator('.message-row--agent');
  await expect(rows).toHaveCount(3);
  const shown = await rows.evaluateAll((all) =>
    all.map((row) => {
      const avatar = row.querySelector('.avatar')!.getBoundingClientRect();
      const bubble = row.querySelector('.bubble')!.getBoundingClientRect();
      const time = row.querySelector('.bubble__meta')?.getBoundingClientRect();
      return {
        visible: getComputedStyle(row.querySelector('.avatar')!).visibility === 'visible',
        // Beside the bubble: its foot level with the bubble's, before the bubble, above the time.
        atFoot: Math.abs(avatar.bottom - bubble.bottom) < 1,
        before: avatar.right <= bubble.left,
        aboveTime: !time?.height || avatar.bottom <= time.top + 1,
      };
    }),
  );
  expect(shown.map((row) => row.visible)).toEqual([false, false, true]);
  for (const row of shown) expect(row).toMatchObject({ atFoot: true, before: true, aboveTime: true });
  await saveScreenshot(page, 'agent-avatar-group');
});

test('a reply’s quote jumps to the original, loading older history, and sending scrolls back down', async ({ page }) => {
  const widget = await openConversation(page);
  const first = `The order number is A-${Date.now()}`;
  const { conversationId, messageId } = await sendVisitorMessage(page, widget, first);
  // Enough later messages that the original is not in the first page the widget loads (20).
  for (let i = 1; i <= 24; i++) await agentSays(conversationId, { content: `Checking step ${i}` });
  await agentSays(conversationId, { content: 'Found it: it ships tomorrow.', content_attributes: { in_reply_to: messageId } });

  // A fresh page: only the latest 20 messages are loaded.
  await page.reload();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(widget.getByRole('log').getByText('Found it: it ships tomorrow.')).toBeVisible();
  await expect(widget.getByRole('log').getByText(first)).toHaveCount(0);

  const chip = widget.getByRole('log').getByRole('button', { name: /original message|The order number/ });
  await expect(chip).toHaveAttribute('title', 'Show the original message');
  await chip.click();
  const original = widget.locator(`.bubble-wrap[data-message-id="${messageId}"]`);
  await expect(original).toBeInViewport();
  await expect(original).toHaveClass(/bubble-wrap--highlight/);
  await expect(original).toBeFocused();
  await saveScreenshot(page, 'reply-jump');

  // Scrolled up, the visitor sends: the conversation follows the new message.
  const composer = composerOf(widget);
  await composer.fill('Thanks, that is the one!');
  await composer.press('Enter');
  await expect(widget.getByRole('log').getByText('Thanks, that is the one!')).toBeInViewport();
  await expect
    .poll(() => scrollerOf(widget).evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight)))
    .toBeLessThan(4);
});

test('End Conversation: a named icon with a tooltip, an accessible confirmation, and the last message in view', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, `I think that is all ${Date.now()}`);
  for (let i = 1; i <= 12; i++) await agentSays(conversationId, { content: `Anything else? (${i})` });
  await expect(widget.getByRole('log').getByText('Anything else? (12)')).toBeVisible();

  const end = widget.getByRole('button', { name: 'End Conversation' });
  await end.hover();
  const tooltip = await end.evaluate((button) => getComputedStyle(button, '::after').content);
  expect(tooltip).toBe('"End Conversation"');

  // Keyboard: the dialog opens, keeps focus inside, and Escape cancels without closing the chat.
  await end.focus();
  await end.press('Enter');
  const dialog = widget.getByRole('dialog', { name: 'End this conversation?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You can start a new conversation at any time.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'End Conversation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await saveScreenshot(page, 'end-conversation-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(end).toBeFocused();
  expect(await page.evaluate(() => window.$chatwoot!.isOpen)).toBe(true);
  expect((await agentApi<{ status: string }>('GET', `/api/v1/accounts/1/conversations/${conversationId}`)).status).toBe('open');

  // Confirmed: resolved, and the last message stays in view above the resolved footer.
  await end.click();
  await dialog.getByRole('button', { name: 'End Conversation' }).click();
  await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
  await expect
    .poll(async () => (await agentApi<{ status: string }>('GET', `/api/v1/accounts/1/conversations/${conversationId}`)).status)
    .toBe('resolved');
  const last = widget.getByRole('log').getByText('Anything else? (12)');
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect
    .poll(async () => {
      const scroller = await scrollerOf(widget).boundingBox();
      const message = await last.boundingBox();
      return Math.round(message!.y + message!.height - (scroller!.y + scroller!.height));
    })
    .toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'conversation-resolved');
});

/** The element shows all of its text: nothing cut off or ending in "…". */
const wholeText = (element: Locator) => element.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);

test.describe('on a 320 px phone, right to left', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('the away visitor reads the whole e-mail question and the whole reply-wait line, in Arabic', async ({ page }) => {
    await hostSettings(page, { locale: 'ar' });
    await agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability: 'offline' } });
    try {
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page, 'تحدث معنا');
      await widget.getByRole('button', { name: 'ابدأ المحادثة' }).click();
      const composer = widget.locator('textarea');
      await composer.fill(`مرحبا ${Date.now()}`);
      await composer.press('Enter');
      const label = widget.locator('.email-input__label');
      await expect(label).toBeVisible();
      expect(await wholeText(label)).toBe(true);
      await expect(widget.locator('.email-input input')).not.toHaveAttribute('placeholder');
      await saveScreenshot(page, 'away-email-question-rtl-320');
      await widget.locator('.email-input input').fill('visitor@example.com');
      await widget.locator('.email-input button').click();
      // The line under the name, with back, end and close beside it, is whole.
      const subtitle = widget.locator('.header__subtitle');
      await expect(subtitle).toContainText('البريد');
      expect(await wholeText(subtitle)).toBe(true);
      await saveScreenshot(page, 'away-email-collect-rtl-320');
    } finally {
      await agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability: 'online' } });
    }
  });
});

test('the away visitor is asked for an e-mail after the first message and told the answer comes by e-mail', async ({ page }) => {
  await agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability: 'offline' } });
  try {
    const widget = await openConversation(page);
    await sendVisitorMessage(page, widget, `Hello, anyone? ${Date.now()}`);
    const ask = widget.getByRole('log').getByText("We're away right now. Leave your e-mail address and we'll reply to you there.");
    await expect(ask).toBeVisible();
    const field = widget.getByRole('log').getByRole('textbox', { name: 'Please enter your email' });
    expect(await wholeText(widget.locator('.email-input__label'))).toBe(true);
    await expect(field).not.toHaveAttribute('placeholder');
    await field.fill('away.visitor@example.com');
    await widget.getByRole('log').getByRole('button', { name: 'Submit' }).click();
    await expect(widget.getByRole('log').getByText('away.visitor@example.com')).toBeVisible();
    await expect(widget.locator('.header__subtitle')).toHaveText("We're away. We'll reply to you by e-mail.");
    await saveScreenshot(page, 'away-email-collect');
  } finally {
    await agentApi('POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability: 'online' } });
  }
});
