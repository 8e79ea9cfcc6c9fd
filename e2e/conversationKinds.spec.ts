import { expect, test, type FrameLocator, type Locator } from '@playwright/test';
import { agentApi } from './support/agentApi';
import { hostEvents, probeLoader } from './support/loaderProbe';
import { outboxMails } from './support/serverData';
import { saveScreenshot } from './support/widget';
import { agentMessage, conversationMessages, openConversation, sendVisitorMessage } from './support/widgetSession';

/**
 * Picks a survey rating the way a visitor does: by clicking the emoji, whose label holds the
 * (visually hidden) radio button named after the rating.
 */
async function rate(log: Locator, rating: 'Poor' | 'Fair' | 'Average' | 'Good' | 'Excellent') {
  const ratings = log.getByRole('group', { name: 'Rate your conversation' });
  await ratings.locator('label').filter({ hasText: rating }).click();
  await expect(ratings.getByRole('radio', { name: rating })).toBeChecked();
}

const conversationPath = (id: number) => `/api/v1/accounts/1/conversations/${id}`;

/** The stored answer to one message, as the agent sees it. */
const submittedValues = async (conversationId: number, messageId: number) =>
  (await conversationMessages(conversationId)).find((m) => m.id === messageId)?.content_attributes.submitted_values ?? null;

test.describe('interactive messages from a bot are answered in the widget', () => {
  test('a form: fields checked, answers shown read-only and stored', async ({ page }) => {
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'My parcel has not arrived');
    const form = await agentMessage(conversationId, {
      content: 'A few details, please',
      content_type: 'form',
      content_attributes: {
        button_label: 'Send details',
        items: [
          { name: 'order', label: 'Order number', type: 'text', required: true, placeholder: 'e.g. 1042' },
          { name: 'email', label: 'Email', type: 'email', required: true },
          {
            name: 'topic',
            label: 'Topic',
            type: 'select',
            options: [
              { label: 'Delivery', value: 'delivery' },
              { label: 'Refund', value: 'refund' },
            ],
          },
          { name: 'details', label: 'Details', type: 'text_area' },
        ],
      },
    });

    const log = widget.getByRole('log');
    await expect(log.getByText('A few details, please')).toBeVisible();
    await log.getByRole('button', { name: 'Send details' }).click();
    await expect(log.getByText('This field is required')).toHaveCount(2);
    expect(await submittedValues(conversationId, form.id)).toBeNull();

    await log.getByLabel('Order number').fill('1042');
    await log.getByLabel('Email').fill('ada@example.com');
    await log.getByRole('combobox', { name: 'Topic' }).selectOption('Refund');
    await log.getByLabel('Details').fill('Left at the wrong door');
    await log.getByRole('button', { name: 'Send details' }).click();

    // The form turns into its answers (labels, not option values) …
    await expect(log.getByRole('button', { name: 'Send details' })).toHaveCount(0);
    await expect(log.getByRole('definition').filter({ hasText: 'Refund' })).toBeVisible();
    await expect(log.getByRole('definition').filter({ hasText: 'Left at the wrong door' })).toBeVisible();
    // … and the agent has them.
    await expect
      .poll(() => submittedValues(conversationId, form.id))
      .toEqual([
        { name: 'order', value: '1042' },
        { name: 'email', value: 'ada@example.com' },
        { name: 'topic', value: 'refund' },
        { name: 'details', value: 'Left at the wrong door' },
      ]);
  });

  test('options (input_select): the chosen option replaces the buttons and is stored', async ({ page }) => {
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Hello');
    const options = await agentMessage(conversationId, {
      content: 'How can we help?',
      content_type: 'input_select',
      content_attributes: {
        items: [
          { title: 'Track my order', value: 'track' },
          { title: 'Talk to a human', value: 'human' },
        ],
      },
    });

    const log = widget.getByRole('log');
    await log.getByRole('button', { name: 'Talk to a human' }).click();
    await expect(log.getByRole('button', { name: 'Track my order' })).toHaveCount(0);
    await expect(log.getByText('Talk to a human')).toBeVisible();
    await expect.poll(() => submittedValues(conversationId, options.id)).toEqual([{ title: 'Talk to a human', value: 'human' }]);
  });

  test('cards: a postback button sends its payload and tells the host page', async ({ page }) => {
    await probeLoader(page);
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Do you have shirts?');
    await agentMessage(conversationId, {
      content: 'Our favourites',
      content_type: 'cards',
      content_attributes: {
        items: [
          {
            title: 'Wren T-shirt',
            description: 'Organic cotton',
            actions: [
              { type: 'link', text: 'View details', uri: 'https://example.com/shirt' },
              { type: 'postback', text: 'Buy now', payload: 'BUY_SHIRT_42' },
            ],
          },
        ],
      },
    });

    const cards = widget.getByRole('list', { name: 'Cards' });
    await expect(cards.getByText('Wren T-shirt')).toBeVisible();
    await expect(cards.getByRole('link', { name: 'View details' })).toHaveAttribute('href', 'https://example.com/shirt');
    await cards.getByRole('button', { name: 'Buy now' }).click();

    // The payload goes out as the visitor's message …
    await expect(widget.getByRole('log').getByText('BUY_SHIRT_42', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await conversationMessages(conversationId)).filter((m) => m.message_type === 0).map((m) => m.content))
      .toEqual(['Do you have shirts?', 'BUY_SHIRT_42']);
    // … and the host page hears `chatwoot:postback` with it.
    await expect
      .poll(() => hostEvents(page, 'chatwoot:postback'))
      .toEqual([expect.objectContaining({ data: { payload: 'BUY_SHIRT_42' } })]);
  });

  test('a satisfaction survey (input_csat) sent as a message: rating and feedback are stored', async ({ page }) => {
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Thanks, that solved it');
    const survey = await agentMessage(conversationId, {
      content: 'How did we do?',
      content_type: 'input_csat',
      content_attributes: { display_type: 'emoji' },
    });

    const log = widget.getByRole('log');
    await expect(log.getByText('Rate your conversation')).toBeVisible();
    await rate(log, 'Good');
    await log.getByRole('textbox', { name: 'Tell us more...' }).fill('Quick and friendly');
    await log.getByRole('button', { name: 'Submit' }).click();
    await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();
    await expect
      .poll(() => submittedValues(conversationId, survey.id))
      .toEqual({ csat_survey_response: { rating: 4, feedback_message: 'Quick and friendly' } });
  });
});

/**
 * How far the composer's box ends above the "Powered by" footer (its own bottom margin, 12 px,
 * when nothing has moved), and how far the pane holding the view between header and footer has
 * been scrolled.
 */
const composerToBranding = (widget: FrameLocator) =>
  widget.locator('.shell__body').evaluate((pane) => ({
    gap: document.querySelector('.branding')!.getBoundingClientRect().top - pane.querySelector('.composer')!.getBoundingClientRect().bottom,
    scrolled: pane.scrollTop,
  }));

// Issue 33: in a conversation longer than the window, a rating's face, once clicked, pushed the
// composer up and left an empty band above "Powered by", still there after Submit.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 640 },
])
  test(`a survey rated at the end of a long conversation moves nothing: the composer stays on the footer (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Thanks, that solved it');
    for (let line = 1; line <= 12; line++) await agentMessage(conversationId, { content: `Step ${line} is done` });
    await agentMessage(conversationId, {
      content: 'How did we do?',
      content_type: 'input_csat',
      content_attributes: { display_type: 'emoji' },
    });
    const log = widget.getByRole('log');
    await expect(log.getByText('Rate your conversation')).toBeVisible();
    const before = await composerToBranding(widget);
    expect(before).toEqual({ gap: 12, scrolled: 0 });

    await rate(log, 'Good');
    await saveScreenshot(page, `csat-rated-long-conversation-${viewport.width}`);
    expect(await composerToBranding(widget)).toEqual(before);
    await log.getByRole('button', { name: 'Submit' }).click();
    await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();
    expect(await composerToBranding(widget)).toEqual(before);
  });

test.describe('the end of a conversation', () => {
  let inboxBefore: { csat_survey_enabled: boolean; csat_config: unknown };
  test.beforeEach(async () => {
    inboxBefore = await agentApi('GET', '/api/v1/accounts/1/inboxes/1');
  });
  test.afterEach(async () => {
    await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', {
      csat_survey_enabled: inboxBefore.csat_survey_enabled,
      csat_config: inboxBefore.csat_config,
    });
  });

  test('resolving in an inbox with CSAT shows the survey; the rating is stored', async ({ page }) => {
    await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { csat_survey_enabled: true });
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Can I change my delivery address?');
    await agentMessage(conversationId, { content: 'Done, it is changed.' });
    await agentApi('POST', `${conversationPath(conversationId)}/toggle_status`, { status: 'resolved' });

    const log = widget.getByRole('log');
    await expect(log.getByText('Rate your conversation')).toBeVisible();
    await rate(log, 'Excellent');
    await log.getByRole('textbox', { name: 'Tell us more...' }).fill('Changed in a minute');
    await log.getByRole('button', { name: 'Submit' }).click();
    await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();

    await expect
      .poll(async () =>
        (
          await agentApi<{ conversation_id: number; rating: number; feedback_message: string }[]>(
            'GET',
            '/api/v1/accounts/1/csat_survey_responses',
          )
        ).find((r) => r.conversation_id === conversationId),
      )
      .toMatchObject({ rating: 5, feedback_message: 'Changed in a minute' });
  });

  test('after resolving, the visitor has the transcript mailed to the address they type', async ({ page }) => {
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'Please keep a record of this');
    await agentMessage(conversationId, { content: 'Your return number is R-7731.' });
    const mailsBefore = (await outboxMails()).map((mail) => mail.name);
    await agentApi('POST', `${conversationPath(conversationId)}/toggle_status`, { status: 'resolved' });

    await widget.getByRole('button', { name: 'Request a conversation transcript' }).click();
    await widget.getByRole('textbox', { name: 'Your email address' }).fill('grace@example.com');
    await widget.getByRole('button', { name: 'Send transcript' }).click();
    await expect(widget.getByRole('status').filter({ hasText: 'The chat transcript was sent successfully' })).toBeVisible();

    const mail = (await outboxMails()).find((m) => !mailsBefore.includes(m.name));
    expect(mail, 'a new .eml in the outbox').toBeDefined();
    expect(mail!.text).toMatch(/^To: grace@example\.com$/m);
    expect(mail!.text).toContain('Please keep a record of this');
    expect(mail!.text).toContain('Your return number is R-7731.');
  });

  test("'End Conversation' in the header resolves the conversation on the server", async ({ page }) => {
    const widget = await openConversation(page);
    const { conversationId } = await sendVisitorMessage(page, widget, 'That is all, thank you');
    await widget.getByRole('button', { name: 'End Conversation' }).click();
    // It asks first (issue 14; e2e/conversationDetails.spec.ts covers the dialog itself).
    await widget.getByRole('dialog', { name: 'End this conversation?' }).getByRole('button', { name: 'End Conversation' }).click();

    await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
    await expect(widget.getByRole('button', { name: 'End Conversation' })).toHaveCount(0);
    await expect.poll(async () => (await agentApi<{ status: string }>('GET', conversationPath(conversationId))).status).toBe('resolved');
  });
});

test('the agent typing on and off shows and hides the typing indicator', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'Is anyone there?');
  const typing = widget.getByRole('status').filter({ hasText: 'is typing' });
  await expect(typing).toHaveCount(0);

  await agentApi('POST', `${conversationPath(conversationId)}/toggle_typing_status`, { typing_status: 'on' });
  await expect(typing).toBeVisible();
  await agentApi('POST', `${conversationPath(conversationId)}/toggle_typing_status`, { typing_status: 'off' });
  await expect(typing).toHaveCount(0);
});
