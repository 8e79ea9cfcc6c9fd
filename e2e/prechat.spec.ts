import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { axeViolations } from './support/axe';
import { changeInbox, createCampaign, deleteCampaign } from './support/settings';
import { hostSettings, openChat, saveScreenshot } from './support/widget';

// The pre-chat form (issue 10, docs/behaviour.md#pre-chat-form): a lazy chunk asked for only on
// the way to it, the SPEC's messages on an empty submit, one POST /conversations whose contact the
// Application API then shows, axe on the form in both schemes, and how it looks on a phone and
// right to left.

const INTRO = 'Tell us who you are and we will get right back to you.';

/** Every kind of field, every one required. */
const FIELDS = [
  { field_type: 'standard', name: 'fullName', label: 'Full Name', type: 'text', required: true, enabled: true },
  { field_type: 'standard', name: 'emailAddress', label: 'Email Address', type: 'email', required: true, enabled: true },
  { field_type: 'standard', name: 'phoneNumber', label: 'Phone Number', type: 'text', required: true, enabled: true },
  {
    field_type: 'conversation_attribute',
    name: 'order_id',
    label: 'Order number',
    placeholder: 'AB1234',
    type: 'text',
    required: true,
    enabled: true,
    regex_pattern: '^[A-Z]{2}\\d{4}$',
    regex_cue: 'Two letters and four digits, e.g. AB1234',
  },
  { field_type: 'contact_attribute', name: 'plan', label: 'Plan', type: 'list', values: ['Free', 'Pro'], required: true, enabled: true },
];

const isPreChatChunk = (url: string) => /\/js\/widget-\w+\/preChat\.js$/.test(url);
const isConversationCreate = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/v1/widget/conversations';

let restoreInbox: () => Promise<void>;
test.beforeEach(async () => {
  restoreInbox = await changeInbox({
    pre_chat_form_enabled: true,
    pre_chat_form_options: { pre_chat_message: INTRO, pre_chat_fields: FIELDS },
  });
});
test.afterEach(async () => {
  await restoreInbox();
});

/** Opens the chat on the host page and goes to the form with home's Start Conversation. */
async function openForm(page: Page, startLabel = 'Start Conversation', formName: string | RegExp = INTRO, launcherName = 'Chat with us') {
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page, launcherName);
  await widget.getByRole('button', { name: startLabel }).click();
  const form = widget.getByRole('form', { name: formName });
  await expect(form).toBeVisible();
  return { widget, form };
}

const submitButton = (form: ReturnType<FrameLocator['getByRole']>) => form.getByRole('button', { name: 'Start Conversation' });

test('the form is not requested when the widget opens, only on the way to it', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => isPreChatChunk(request.url()) && requested.push(request.url()));
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  // Long enough for whatever the open fetches when idle (the conversation view's chunk).
  await page.waitForTimeout(2_000);
  expect(requested).toEqual([]);

  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(widget.getByRole('form', { name: INTRO })).toBeVisible();
  expect(requested).toHaveLength(1);
});

test('with every field required, an empty submit shows each error and focuses the first field', async ({ page }) => {
  const { form } = await openForm(page);
  await submitButton(form).click();
  const expected: [string, string][] = [
    ['Full Name', 'Full Name is required'],
    ['Email Address', 'Email Address is required'],
    ['Phone Number', 'Phone Number is required'],
    ['Order number', 'Order number is required'],
    ['Plan', 'Plan is required'],
    ['Message', 'Message is required'],
  ];
  for (const [label, message] of expected) {
    const control = form.getByLabel(label, { exact: true });
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(message);
  }
  await expect(form.getByLabel('Full Name', { exact: true })).toBeFocused();
  await saveScreenshot(page, 'prechat-errors');
});

test('errors read like their labels, and Start Conversation stays in view above the footer', async ({ page }) => {
  // Chatwoot's own labels are sentence case.
  await changeInbox({
    pre_chat_form_enabled: true,
    pre_chat_form_options: {
      pre_chat_message: INTRO,
      pre_chat_fields: FIELDS.map((f) => ({ ...f, label: f.label.charAt(0) + f.label.slice(1).toLowerCase() })),
    },
  });
  const { widget, form } = await openForm(page);
  await submitButton(form).click();
  await expect(form.getByLabel('Full name', { exact: true })).toHaveAccessibleDescription('Full name is required');
  await expect(form.getByLabel('Email address', { exact: true })).toHaveAccessibleDescription('Email address is required');
  await expect(form.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Message is required');
  // Focus went to the first field, at the top of a form now taller than the window: the button
  // is still whole, in view, above the branding line, and a click there reaches it.
  await expect(form.getByLabel('Full name', { exact: true })).toBeFocused();
  const submit = submitButton(form);
  const [box, body, footer] = await Promise.all([
    submit.boundingBox(),
    widget.locator('.shell__body').boundingBox(),
    widget.locator('.branding').boundingBox(),
  ]);
  expect(box!.y).toBeGreaterThanOrEqual(body!.y);
  expect(box!.y + box!.height).toBeLessThanOrEqual(Math.min(body!.y + body!.height, footer!.y));
  expect(
    await submit.evaluate((button) => {
      const { left, top, width, height } = button.getBoundingClientRect();
      return document.elementFromPoint(left + width / 2, top + height / 2) === button;
    }),
  ).toBe(true);
  await saveScreenshot(page, 'prechat-errors-sentence-case');
});

test('says what is wrong with an answer, in the words of the spec', async ({ page }) => {
  const { form } = await openForm(page);
  await form.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('Email Address', { exact: true }).fill('ada@');
  await form.getByLabel('Phone Number', { exact: true }).fill('12');
  await form.getByLabel('Order number', { exact: true }).fill('ab12');
  await submitButton(form).click();
  await expect(form.getByLabel('Email Address', { exact: true })).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(form.getByLabel('Phone Number', { exact: true })).toHaveAccessibleDescription('Please enter a valid phone number');
  await expect(form.getByLabel('Order number', { exact: true })).toHaveAccessibleDescription('Two letters and four digits, e.g. AB1234');
  await expect(form.getByLabel('Email Address', { exact: true })).toBeFocused();
  // Fixing a field clears its message as the visitor types.
  await form.getByLabel('Email Address', { exact: true }).fill('ada@example.com');
  await expect(form.getByText('Please enter a valid email address')).toHaveCount(0);
});

test("holds custom fields to the form library's bounds and link rule, in its words", async ({ page }) => {
  const restore = await changeInbox({
    pre_chat_form_enabled: true,
    pre_chat_form_options: {
      pre_chat_message: INTRO,
      pre_chat_fields: [
        {
          field_type: 'conversation_attribute',
          name: 'seats',
          label: 'Seats',
          type: 'number',
          required: true,
          enabled: true,
          min: 1,
          max: 1500,
        },
        { field_type: 'contact_attribute', name: 'voucher', label: 'Voucher code', type: 'text', required: false, enabled: true, min: 6 },
        { field_type: 'contact_attribute', name: 'site', label: 'Website', type: 'link', required: false, enabled: true },
      ],
    },
  });
  try {
    await page.setViewportSize({ width: 320, height: 640 });
    const { form } = await openForm(page);
    await form.getByLabel('Seats', { exact: false }).fill('2000');
    await form.getByLabel('Voucher code', { exact: true }).fill('AB1');
    await form.getByLabel('Website', { exact: true }).fill('shop.example');
    await form.getByLabel('Message', { exact: false }).fill('Team plan, please');
    await submitButton(form).click();
    await expect(form.getByLabel('Seats', { exact: false })).toHaveAccessibleDescription('Seats must be between 1 and 1,500.');
    await expect(form.getByLabel('Voucher code', { exact: true })).toHaveAccessibleDescription(
      'Voucher code must be at least 6 characters long.',
    );
    await expect(form.getByLabel('Website', { exact: true })).toHaveAccessibleDescription('Please include a valid url.');
    await expect(form.getByLabel('Seats', { exact: false })).toBeFocused();
    await saveScreenshot(page, 'prechat-form-rules-320');

    // Within bounds, the conversation starts.
    const created = page.waitForRequest((request) => isConversationCreate(request.method(), request.url()));
    await form.getByLabel('Seats', { exact: false }).fill('12');
    await form.getByLabel('Voucher code', { exact: true }).fill('SPRING24');
    await form.getByLabel('Website', { exact: true }).fill('https://shop.example');
    await submitButton(form).click();
    expect((await created).postDataJSON()).toMatchObject({ custom_attributes: { seats: 12 } });
  } finally {
    await restore();
  }
});

test('filling it in starts the conversation with one call, and the contact carries name, e-mail and phone', async ({ page }) => {
  const email = `ada.${Date.now()}@example.com`;
  const creates: string[] = [];
  page.on('request', (request) => isConversationCreate(request.method(), request.url()) && creates.push(request.url()));
  const { widget, form } = await openForm(page);

  await form.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('Email Address', { exact: true }).fill(email);
  // The dial code, by keyboard alone: open the list, search, choose; the number comes next.
  await form.getByRole('button', { name: /^Country code/ }).press('ArrowDown');
  const search = form.getByRole('combobox', { name: 'Search country' });
  await expect(search).toBeFocused();
  await search.fill('germ');
  await expect(form.getByRole('option', { name: /Germany/ })).toBeVisible();
  await search.press('Enter');
  await expect(form.getByRole('button', { name: 'Country code: Germany +49' })).toBeVisible();
  const phone = form.getByLabel('Phone Number', { exact: true });
  await expect(phone).toBeFocused();
  await phone.fill('0151 2345 6789');
  await form.getByLabel('Order number', { exact: true }).fill('AB1234');
  await form.getByLabel('Plan', { exact: true }).selectOption('Pro');
  await form.getByLabel('Message', { exact: true }).fill('Where is my order?');

  const answered = page.waitForResponse((response) => isConversationCreate(response.request().method(), response.url()));
  await submitButton(form).click();
  const created = await (await answered).json();
  await expect(widget.getByRole('log').getByText('Where is my order?')).toBeVisible();
  await expect(widget.getByRole('textbox', { name: 'Type your message' })).toBeVisible();
  expect(creates).toHaveLength(1);

  // The agent's side: the contact…
  const found = await agentApi<{ payload: Record<string, unknown>[] }>(
    'GET',
    `/api/v1/accounts/1/contacts/search?q=${encodeURIComponent(email)}`,
  );
  expect(found.payload).toHaveLength(1);
  expect(found.payload[0]).toMatchObject({
    name: 'Ada Lovelace',
    email,
    phone_number: '+4915123456789',
    custom_attributes: { plan: 'Pro' },
  });
  const listed = await agentApi<{ payload: { email: string }[] }>('GET', '/api/v1/accounts/1/contacts');
  expect(listed.payload.map((contact) => contact.email)).toContain(email);
  // …and the conversation, its attributes and first message.
  const conversation = await agentApi<{ custom_attributes: Record<string, unknown>; meta: { sender: { email: string } } }>(
    'GET',
    `/api/v1/accounts/1/conversations/${created.id}`,
  );
  expect(conversation.custom_attributes).toEqual({ order_id: 'AB1234' });
  expect(conversation.meta.sender.email).toBe(email);
});

test('a campaign click goes through the form, which asks for name and e-mail, then starts with the campaign', async ({ page }) => {
  const message = `Questions about sizes? Ask us (${Date.now()})`;
  const email = `grace.${Date.now()}@example.com`;
  const id = await createCampaign({ title: 'Size help', message, url: `${E2E.hostOrigin}/landing*`, timeOnPage: 1 });
  try {
    await page.goto(`${E2E.hostOrigin}/landing`);
    const widget = page.frameLocator('#chatwoot_live_chat_widget');
    await widget.locator('.compact').getByText(message).click({ timeout: 15_000 });
    const form = widget.getByRole('form', { name: 'Please provide your name and email before starting the conversation' });
    await expect(form).toBeVisible();
    await expect(widget.getByText(message)).toBeVisible();
    await expect(form.getByLabel('Message', { exact: true })).toHaveCount(0);
    await saveScreenshot(page, 'prechat-campaign');

    await form.getByLabel('Full Name', { exact: true }).fill('Grace Hopper');
    await form.getByLabel('Email Address', { exact: true }).fill(email);
    await form.getByLabel('Phone Number', { exact: true }).fill('+44 7700 900123');
    await form.getByLabel('Order number', { exact: true }).fill('GH1906');
    await form.getByLabel('Plan', { exact: true }).selectOption('Free');
    await submitButton(form).click();

    await expect(widget.getByRole('log').getByText(message)).toBeVisible();
    await expect
      .poll(async () => (await agentApi('GET', `/api/v1/accounts/1/contacts/search?q=${encodeURIComponent(email)}`)).payload[0])
      .toMatchObject({ name: 'Grace Hopper', email, phone_number: '+447700900123', custom_attributes: { plan: 'Free' } });
  } finally {
    await deleteCampaign(id);
  }
});

// Its axe, focus and target-size checks in every look are e2e/wcag.spec.ts's (the help-centre
// and pre-chat journey).

test('3.3.7 redundant entry: after setUser with a name and an e-mail, the form asks only for what is left', async ({ page }) => {
  const email = `known.${Date.now()}@example.com`;
  await page.goto(`${E2E.hostOrigin}/`);
  // As a site calls it for a signed-in customer, before the chat is ever opened.
  await page.evaluate((address) => window.$chatwoot!.setUser(`known-${address}`, { email: address, name: 'Known Visitor' }), email);
  const widget = await openChat(page);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const form = widget.getByRole('form', { name: INTRO });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Phone Number', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Full Name', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Email Address', { exact: true })).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Nothing in the frame is wider than the screen. */
  const fitsTheScreen = (widget: FrameLocator) =>
    widget.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth && document.body.scrollWidth <= html.clientWidth);

  test('the form fits the screen, the dial-code list included', async ({ page }) => {
    const { widget, form } = await openForm(page);
    await submitButton(form).click();
    expect(await fitsTheScreen(widget)).toBe(true);
    await saveScreenshot(page, 'prechat-phone');
    await form.getByRole('button', { name: /^Country code/ }).click();
    await expect(form.getByRole('listbox')).toBeVisible();
    expect(await fitsTheScreen(widget)).toBe(true);
    await saveScreenshot(page, 'prechat-phone-countries');
  });

  test('right to left in Arabic, the phone number still reading left to right', async ({ page }) => {
    await hostSettings(page, { locale: 'ar' });
    const { widget, form } = await openForm(page, 'ابدأ المحادثة', INTRO, 'تحدث معنا');
    await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
    await form.getByRole('button', { name: 'ابدأ المحادثة' }).click();
    // The inbox labelled the name field in English: its error names it as the label does.
    await expect(form.getByText('حقل Full Name مطلوب')).toBeVisible();
    await expect(form.getByText('حقل الرسالة مطلوب')).toBeVisible();
    const phone = form.getByLabel('Phone Number', { exact: true });
    await expect(phone).toHaveAttribute('dir', 'ltr');
    // The picker sits at the start of the row, which is the right in Arabic.
    const picker = (await form.getByRole('button', { name: /^رمز الدولة/ }).boundingBox())!;
    const number = (await phone.boundingBox())!;
    expect(picker.x).toBeGreaterThan(number.x);
    expect(await fitsTheScreen(widget)).toBe(true);
    await form.getByRole('button', { name: /^رمز الدولة/ }).click();
    await form.getByRole('combobox', { name: 'ابحث عن دولة' }).fill('مصر');
    await expect(form.getByRole('option', { name: /مصر/ })).toBeVisible();
    await saveScreenshot(page, 'prechat-rtl-phone');
    expect(await axeViolations(page)).toEqual([]);
  });
});
