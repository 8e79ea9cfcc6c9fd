import { expect, type Page, test } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { forgetSpoken, listenWithScreenReader, spoken } from './support/screenReader';
import { changeInbox, conversationWithMessage } from './support/settings';
import { openChat } from './support/widget';
import { agentMessage, composerOf } from './support/widgetSession';

// What a screen reader says (docs/accessibility.md#what-a-screen-reader-hears), as
// @guidepup/virtual-screen-reader hears the real widget in Chromium: where focus lands, and what
// the live regions say, politely or assertively, and how often. Run in the browser rather than
// on components in a DOM emulation: which regions are on the page, and when, depends on the
// whole widget (its views, lazy parts and realtime updates), and focus crosses the frame.

/** What the live regions said since the record began: "polite: …" and "assertive: …". */
const announced = async (page: Page) => (await spoken(page)).filter((phrase) => /^(polite|assertive): ./.test(phrase));

test.beforeEach(async ({ page }) => {
  await listenWithScreenReader(page);
});

test('a conversation as a screen reader speaks it: opening, an agent message once, typing, a failed send, a refused upload, a rating', async ({
  page,
}) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  // Opening moves focus into the chat, to its main control.
  await expect.poll(() => spoken(page)).toContain('button, Start Conversation');

  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await expect.poll(async () => (await spoken(page)).at(-1)).toMatch(/^textbox, Type your message/);
  const first = `Where is my parcel? (${Date.now()})`;
  await composerOf(widget).fill(first);
  await composerOf(widget).press('Enter');
  await expect.poll(() => conversationWithMessage(first)).not.toBeNull();
  const id = (await conversationWithMessage(first))!.id;
  // The visitor's own message, its day and its delivery are shown, not spoken over their typing.
  await expect(widget.getByRole('log').getByText(first)).toBeVisible();
  expect(await announced(page)).toEqual([]);

  // An agent's message: once, politely, as words (its markdown rendered later changes nothing).
  await forgetSpoken(page);
  await agentMessage(id, { content: 'It left our warehouse **today**.' });
  await expect.poll(() => announced(page)).toEqual(['polite: Wren: It left our warehouse today.']);
  await expect(widget.getByRole('log').locator('strong', { hasText: 'today' })).toBeVisible();
  // Re-rendered in another look and language and back: not said again.
  await page.evaluate(() => window.$chatwoot!.setColorScheme('dark'));
  await page.evaluate(() => window.$chatwoot!.setLocale('de'));
  await expect(widget.locator('html')).toHaveAttribute('lang', 'de');
  await page.evaluate(() => window.$chatwoot!.setLocale('en'));
  await expect(widget.locator('html')).toHaveAttribute('lang', 'en');
  expect(await announced(page)).toEqual(['polite: Wren: It left our warehouse today.']);

  // The agent typing, politely, and nothing when they stop.
  await forgetSpoken(page);
  const typing = (status: 'on' | 'off') =>
    agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_typing_status`, { typing_status: status });
  await typing('on');
  await expect.poll(() => announced(page)).toEqual([expect.stringMatching(/^polite: \S.* is typing$/)]);
  await typing('off');
  await expect(widget.locator('.typing')).toHaveCount(0);

  // A send the server refuses: said once, with why.
  await forgetSpoken(page);
  await page.route('**/api/v1/widget/messages*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"no"}' })
      : route.fallback(),
  );
  await composerOf(widget).fill('This one is refused');
  await composerOf(widget).press('Enter');
  await expect(widget.getByRole('button', { name: 'Send message again' })).toBeVisible();
  await expect.poll(() => announced(page)).toEqual(["polite: Couldn't send, try again The chat server did not accept it."]);
  await page.unrouteAll();

  // An upload the rules refuse: an alert.
  await forgetSpoken(page);
  const chooser = page.waitForEvent('filechooser');
  await widget.getByRole('button', { name: 'Add an attachment' }).click();
  await (await chooser).setFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  const refusal = await widget.locator('.banner').textContent();
  expect(refusal).toBeTruthy();
  await expect.poll(() => announced(page)).toEqual([`assertive: ${refusal}`]);

  // The rating: its question is announced, a choice is spoken as a radio of five, the thanks politely.
  await forgetSpoken(page);
  await agentMessage(id, { content: 'How did we do?', content_type: 'input_csat', content_attributes: { display_type: 'emoji' } });
  const ratings = widget.getByRole('group', { name: 'Rate your conversation' });
  await expect(ratings).toBeVisible();
  await expect.poll(() => announced(page)).toEqual(['polite: Wren: How did we do?']);
  await ratings.getByRole('radio', { name: 'Excellent' }).focus();
  await expect.poll(async () => (await spoken(page)).at(-1)).toBe('radio, Excellent, not checked, position 5, set size 5');
  await forgetSpoken(page);
  await ratings.locator('label').filter({ hasText: 'Excellent' }).click();
  await widget.getByRole('button', { name: 'Submit' }).last().click();
  await expect.poll(() => announced(page)).toContain('polite: Thank you for submitting the rating');
});

test('the pre-chat form: an empty submit lands on the first field, which says what is wrong', async ({ page }) => {
  const restore = await changeInbox({
    pre_chat_form_enabled: true,
    pre_chat_form_options: {
      pre_chat_message: 'Tell us who you are',
      pre_chat_fields: [
        { field_type: 'standard', name: 'fullName', label: 'Full Name', type: 'text', required: true, enabled: true },
        { field_type: 'standard', name: 'emailAddress', label: 'Email Address', type: 'email', required: true, enabled: true },
      ],
    },
  });
  try {
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    const form = widget.getByRole('form', { name: 'Tell us who you are' });
    await form.getByRole('button', { name: 'Start Conversation' }).click();
    await expect
      .poll(async () => (await spoken(page)).at(-1))
      .toBe('textbox, Full Name, Full Name is required, invalid, placeholder Please enter your full name, required');
    await form.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace');
    await form.getByLabel('Email Address', { exact: true }).fill('ada@');
    await form.getByRole('button', { name: 'Start Conversation' }).click();
    await expect
      .poll(async () => (await spoken(page)).at(-1))
      .toBe('textbox, Email Address, ada@, Please enter a valid email address, invalid, required');
  } finally {
    await restore();
  }
});
