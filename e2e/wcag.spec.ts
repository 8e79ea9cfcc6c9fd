import { expect, type FileChooser, type FrameLocator, type Page, test } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { axeViolations, LAUNCHER } from './support/axe';
import { controlProblems } from './support/controls';
import { textProblems, textSpacing } from './support/textFit';
import { solidPng, tinyPdf } from './support/files';
import { changeInbox, conversationWithMessage, createCampaign, deleteCampaign } from './support/settings';
import { chatFrame, launcherRoot, openChat } from './support/widget';
import { agentMessage, composerOf } from './support/widgetSession';

// The claims of docs/accessibility.md, screen by screen: every screen and state a visitor can
// meet (the launcher and prompts on the host page, and each screen of the widget) is checked
// with axe's WCAG 2.2 A/AA rules, and for 2.4.11 Focus Not Obscured and 2.5.8 Target Size across
// the frame's boundary (support/controls.ts), in light and dark, left to right and right to left,
// on a 320 px phone and a 1280 px desktop: 0 violations. A violation is fixed in the widget,
// never silenced here.
//
// Each screen's text is checked too (support/textFit.ts): at 320 px nothing scrolls sideways or
// is cut off (1.4.10 Reflow); at 320 px with the text-spacing bookmarklet's CSS, nothing is cut
// off or overlaps (1.4.12); and at 200 % zoom of the 1280 × 800 window, a 640 × 400 CSS px
// viewport, nothing is lost (1.4.4, as Chromium zooms: every length scales, so text at 200 % is
// the window at half its CSS size).
//
// The table is journeys of screens: each journey is one page that goes from screen to screen as
// a visitor would, and each screen is checked in the four looks by switching the look in place
// (`setColorScheme`, `setLocale`, the viewport), so no look costs a reload.

interface Look {
  scheme: 'light' | 'dark';
  dir: 'ltr' | 'rtl';
  width: 320 | 1280;
}

/**
 * The looks: every pair of values of the three dimensions (each scheme with each direction, each
 * direction with each width, each width with each scheme) meets on every screen, in four looks
 * rather than all eight; what a look can break comes from one dimension (contrast from the
 * scheme, wrapping and overlap from the width, mirroring from the direction) or from two of them
 * together (a mirrored layout at 320 px), which the pairs cover.
 */
const LOOKS: Look[] = [
  { width: 1280, dir: 'ltr', scheme: 'light' },
  { width: 1280, dir: 'rtl', scheme: 'dark' },
  { width: 320, dir: 'ltr', scheme: 'dark' },
  { width: 320, dir: 'rtl', scheme: 'light' },
];
const BASE = LOOKS[0];
const SIZES = { 320: { width: 320, height: 640 }, 1280: { width: 1280, height: 800 } };
/** The 1280 × 800 window zoomed to 200 %. */
const ZOOMED = { width: 640, height: 400 };

const lookName = ({ scheme, dir, width }: Look) => `${scheme}, ${dir}, ${width} px`;

/** What a screen's steps work with. */
interface Visit {
  page: Page;
  widget: FrameLocator;
  /** The visitor's conversation, once they have one. */
  conversationId?: number;
}

interface Screen {
  name: string;
  /** Brings the page to this screen from the journey's previous one, in the base look. */
  reach(visit: Visit): Promise<void>;
  /** Brings a passing state back before each look (the alert banner lasts 3 s). */
  renew?(visit: Visit): Promise<void>;
}

interface Journey {
  name: string;
  /** Before the page opens (inbox settings); returns what undoes it. */
  arrange?(): Promise<() => Promise<void>>;
  screens: Screen[];
}

/** Whether the chat frame is on the page (the launcher alone has none). */
const hasChat = (page: Page) =>
  page
    .locator('#chatwoot_live_chat_widget')
    .count()
    .then((n) => n > 0);

/** Switches the page from one look to the next, and waits until both sides show it. */
async function applyLook(page: Page, from: Look, to: Look): Promise<void> {
  if (from.width !== to.width) await page.setViewportSize(SIZES[to.width]);
  const chat = (await hasChat(page)) ? chatFrame(page).locator('html') : null;
  if (from.scheme !== to.scheme) {
    await page.evaluate((scheme) => window.$chatwoot!.setColorScheme(scheme), to.scheme);
    if (chat) await expect(chat).toHaveClass(to.scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  }
  if (from.dir !== to.dir) {
    await page.evaluate((locale) => window.$chatwoot!.setLocale(locale), to.dir === 'rtl' ? 'ar' : 'en');
    await expect(launcherRoot(page)).toHaveAttribute('dir', to.dir);
    if (chat) await expect(chat).toHaveAttribute('dir', to.dir);
  }
}

/** Everything wrong on the screen as it shows now: axe's violations, then the controls'. */
async function screenProblems(page: Page): Promise<string[]> {
  // The launcher's shadow root and the chat frame in it: the host page's own content is not Wren's.
  const axe = await axeViolations(page, LAUNCHER);
  return [...axe, ...(await controlProblems(page))];
}

async function checkEveryLook(visit: Visit, screen: Screen): Promise<void> {
  const { page } = visit;
  let look = BASE;
  for (const next of LOOKS) {
    await applyLook(page, look, next);
    look = next;
    await screen.renew?.(visit);
    const problems = await screenProblems(page);
    if (next.width === 320) {
      problems.push(...(await textProblems(page)).map((line) => `1.4.10: ${line}`));
      if (next.dir === 'ltr') {
        await textSpacing(page, true);
        problems.push(...(await textProblems(page)).map((line) => `1.4.12: ${line}`));
        await textSpacing(page, false);
      }
    }
    expect.soft(problems, `${screen.name} (${lookName(next)})`).toEqual([]);
  }
  // The next screen is reached in the base look: its steps find controls by their English names.
  await applyLook(page, look, BASE);
  await page.setViewportSize(ZOOMED);
  await screen.renew?.(visit);
  expect.soft(await textProblems(page), `${screen.name} (200 %)`).toEqual([]);
  await page.setViewportSize(SIZES[BASE.width]);
  await settled(visit, screen);
}

/**
 * Waits until the chat shows the base look as its own layout has it, so the next screen's first
 * click lands where its target is: a click computed before a layout shift and dispatched after it
 * hits what moved there (twice, under load, a Start or a rating went nowhere). Shifts come from
 * the host's word that the frame is no longer on a phone (`toggle-close-button`, which re-renders
 * the header), the frame's height following the resize, and a renewed alert banner, which sits in
 * the flow under the header and goes after 3 s.
 */
async function settled({ page }: Visit, screen: Screen): Promise<void> {
  if (!(await hasChat(page))) return;
  const chat = chatFrame(page);
  await expect(chat.locator('header').getByRole('button', { name: 'Close chat window' })).toHaveCount(0);
  await expect
    .poll(() =>
      chat
        .locator('html')
        .evaluate((html) => !visualViewport || html.style.getPropertyValue('--app-height') === `${Math.round(visualViewport.height)}px`),
    )
    .toBe(true);
  if (screen.renew) await expect(chat.locator('.banner')).toHaveCount(0, { timeout: 10_000 });
}

/** Picks files with the composer's attach button, as a visitor would. */
async function attach({ page, widget }: Visit, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  // By its place, not its English name: a renewed state is brought back in every language.
  await widget.locator('.composer__attach').click();
  await (await chooser).setFiles(files);
}

/** The visitor's first message, and their conversation's id once the server has it. */
async function startConversation(visit: Visit, text: string): Promise<void> {
  await visit.widget.getByRole('button', { name: 'Start Conversation' }).click();
  await composerOf(visit.widget).fill(text);
  await composerOf(visit.widget).press('Enter');
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  visit.conversationId = (await conversationWithMessage(text))!.id;
}

/**
 * Every kind of message a visitor can meet: an agent's markdown, a bot's quick replies, form,
 * cards, articles, text question, e-mail capture, survey and video call; the visitor's picture
 * and file; then a message the server refuses (failed, with why and a retry) and one the
 * network drops (waiting to go by itself); the agent typing.
 */
async function everyKindOfMessage(visit: Visit): Promise<void> {
  const { page, widget } = visit;
  await startConversation(visit, `My parcel is late (${Date.now()})`);
  const id = visit.conversationId!;
  const say = (body: Record<string, unknown>) => agentMessage(id, body);
  await say({ content: 'Hi! Our **returns policy** is in [the help centre](https://example.com/returns).' });
  await say({
    content: 'How can we help?',
    content_type: 'input_select',
    content_attributes: {
      items: [
        { title: 'Track my order', value: 'track' },
        { title: 'Talk to a human', value: 'human' },
      ],
    },
  });
  await say({
    content: 'A few details, please',
    content_type: 'form',
    content_attributes: {
      items: [
        { name: 'order', label: 'Order number', type: 'text', required: true },
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
  await say({
    content: 'Our favourites',
    content_type: 'cards',
    content_attributes: {
      items: [
        {
          title: 'Wren T-shirt',
          description: 'Organic cotton',
          actions: [
            { type: 'link', text: 'View details', uri: 'https://example.com/shirt' },
            { type: 'postback', text: 'Buy now', payload: 'BUY' },
          ],
        },
      ],
    },
  });
  await say({
    content: 'These may help',
    content_type: 'article',
    content_attributes: { items: [{ title: 'Returns', description: 'How to send a parcel back', link: 'https://example.com/returns' }] },
  });
  await say({ content: 'What is your order number?', content_type: 'input_text' });
  await say({ content: 'Where can we reach you?', content_type: 'input_email' });
  await say({
    content: 'Join the call',
    content_type: 'integrations',
    content_attributes: { type: 'video_call', data: { join_url: 'https://meet.example/abc' } },
  });
  await say({ content: 'How did we do?', content_type: 'input_csat', content_attributes: { display_type: 'emoji' } });
  const log = widget.getByRole('log');
  await expect(log.getByRole('group', { name: 'Rate your conversation' })).toBeVisible();

  await attach(visit, [
    { name: 'parcel.png', mimeType: 'image/png', buffer: solidPng(40, 30, [31, 147, 255]) },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Invoice 42') },
  ]);
  await expect(log.getByRole('img', { name: 'parcel.png' }).or(log.locator('img')).first()).toBeVisible();

  let posts = 0;
  await page.route('**/api/v1/widget/messages*', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    // The first is refused; the next (and its tries again) find no network.
    return posts++ === 0 ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"no"}' }) : route.abort();
  });
  await composerOf(widget).fill('This one is refused');
  await composerOf(widget).press('Enter');
  await expect(log.getByRole('button', { name: 'Send message again' })).toBeVisible();
  await composerOf(widget).fill('This one waits');
  await composerOf(widget).press('Enter');
  await expect(log.getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
  await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_typing_status`, { typing_status: 'on' });
  await expect(widget.getByRole('status').filter({ hasText: 'is typing' })).toBeAttached();
}

/** A pre-chat form with a field of every standard kind, all required, and a custom list. */
const PRE_CHAT = {
  pre_chat_message: 'Tell us who you are and we will get right back to you.',
  pre_chat_fields: [
    { field_type: 'standard', name: 'fullName', label: 'Full Name', type: 'text', required: true, enabled: true },
    { field_type: 'standard', name: 'emailAddress', label: 'Email Address', type: 'email', required: true, enabled: true },
    { field_type: 'standard', name: 'phoneNumber', label: 'Phone Number', type: 'text', required: true, enabled: true },
    { field_type: 'contact_attribute', name: 'plan', label: 'Plan', type: 'list', values: ['Free', 'Pro'], required: true, enabled: true },
  ],
};

const CAMPAIGN = 'Questions about sizes? Ask us.';

const JOURNEYS: Journey[] = [
  {
    name: 'a first-time visitor through a conversation to its end',
    screens: [
      {
        name: 'the launcher on the host page',
        async reach({ page }) {
          await page.goto(`${E2E.hostOrigin}/`);
          await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
        },
      },
      {
        name: 'home',
        async reach(visit) {
          visit.widget = await openChat(visit.page);
          await expect(visit.widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
        },
      },
      { name: 'a conversation with every kind of message, a failed and a waiting one, the agent typing', reach: everyKindOfMessage },
      {
        name: 'the emoji picker',
        async reach({ page }) {
          await page.unrouteAll();
        },
        // Checking focus on the controls behind it closes it (Tab out of the composer does).
        // In any language: found by where they are, not by their English names.
        async renew({ widget }) {
          const picker = widget.locator('.composer').getByRole('dialog');
          if (!(await picker.isVisible())) await widget.locator('.composer button[aria-expanded]').click();
          await expect(picker.getByRole('gridcell').first()).toBeVisible();
        },
      },
      {
        name: 'a reply over the length limit',
        async reach({ widget }) {
          const picker = widget.getByRole('dialog', { name: 'Insert emoji' });
          if (await picker.isVisible()) await picker.press('Escape');
          await expect(picker).toHaveCount(0);
          await widget
            .getByRole('log')
            .getByRole('button', { name: /^Reply/ })
            .last()
            .focus();
          await widget
            .getByRole('log')
            .getByRole('button', { name: /^Reply/ })
            .last()
            .press('Enter');
          await composerOf(widget).fill('x'.repeat(10_050));
          await expect(widget.getByText('Too long by 50')).toBeVisible();
        },
      },
      {
        name: 'a refused upload',
        async reach({ widget }) {
          await composerOf(widget).fill('');
          await expect(widget.locator('.composer__limit')).toHaveCount(0);
        },
        async renew(visit) {
          await attach(visit, { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
          await expect(visit.widget.locator('.banner')).toBeVisible();
        },
      },
      {
        name: 'a rating submitted',
        async reach({ widget }) {
          const log = widget.getByRole('log');
          const ratings = log.getByRole('group', { name: 'Rate your conversation' });
          await ratings.locator('label').filter({ hasText: 'Excellent' }).click();
          await log.getByRole('textbox', { name: 'Tell us more...' }).fill('Quick and kind');
          await log.getByRole('button', { name: 'Submit' }).last().click();
          await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();
        },
      },
      {
        name: 'the End Conversation confirmation',
        async reach({ widget }) {
          await widget.getByRole('button', { name: 'End Conversation' }).click();
          await expect(widget.getByRole('dialog', { name: 'End this conversation?' })).toBeVisible();
        },
      },
      {
        name: 'the resolved conversation and its footer, asking for an address for the transcript',
        async reach({ widget }) {
          await widget.getByRole('dialog').getByRole('button', { name: 'End Conversation' }).click();
          // The inbox takes messages after resolving (Chatwoot's default): the composer stays, and
          // the footer offers the transcript rather than a new conversation.
          await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
          await widget.getByRole('button', { name: 'Request a conversation transcript' }).click();
          // Asked for an address only when the visitor has not given one.
          const footer = widget.locator('.resolved-footer');
          await expect(footer.getByRole('textbox').or(footer.getByRole('status')).or(footer.getByRole('alert')).first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'a visitor who reads the help centre, then fills in the pre-chat form',
    async arrange() {
      const slug = `wcag-${Date.now().toString(36)}`;
      const portal = await agentApi<{ id: number }>('POST', '/api/v1/accounts/1/portals', {
        portal: { name: 'Acme Help Centre', slug, config: { allowed_locales: ['en'], default_locale: 'en' } },
      });
      await agentApi('POST', `/api/v1/accounts/1/portals/${slug}/articles`, {
        article: {
          title: 'Returns and refunds',
          content: '## How to return\n\nSend it back within **30 days**.\n\n| Item | Days |\n| --- | ---: |\n| Shoes | 30 |',
          status: 'published',
        },
      });
      await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { portal_id: portal.id });
      const restoreInbox = await changeInbox({ pre_chat_form_enabled: true, pre_chat_form_options: PRE_CHAT });
      return async () => {
        await restoreInbox();
        await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { portal_id: null });
      };
    },
    screens: [
      {
        name: 'home with the popular articles',
        async reach(visit) {
          await visit.page.goto(`${E2E.hostOrigin}/`);
          visit.widget = await openChat(visit.page);
          await expect(visit.widget.getByRole('region', { name: 'Popular Articles' })).toBeVisible();
        },
      },
      {
        name: 'the article viewer',
        async reach({ widget }) {
          await widget.getByRole('region', { name: 'Popular Articles' }).getByRole('button', { name: 'Returns and refunds' }).click();
          await expect(widget.locator('iframe.article-viewer__frame:not(.article-viewer__frame--loading)')).toBeVisible();
          await expect(widget.frameLocator('iframe.article-viewer__frame').getByRole('heading', { name: 'How to return' })).toBeVisible();
        },
      },
      {
        name: 'the pre-chat form',
        async reach({ widget }) {
          await widget.getByRole('button', { name: 'Back' }).click();
          await widget.getByRole('button', { name: 'Start Conversation' }).click();
          await expect(widget.getByRole('form', { name: PRE_CHAT.pre_chat_message })).toBeVisible();
        },
      },
      {
        name: 'the pre-chat form with its errors and the dial-code list open',
        async reach({ widget }) {
          const form = widget.getByRole('form', { name: PRE_CHAT.pre_chat_message });
          await form.getByRole('button', { name: 'Start Conversation' }).click();
          await expect(form.getByLabel('Full Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
        },
        // Checking focus on the controls closes the list (focus leaves it): open it again.
        async renew({ widget }) {
          const form = widget.locator('form.prechat');
          if (!(await form.getByRole('listbox').isVisible())) await form.locator('.country__trigger').click();
          await expect(form.getByRole('listbox')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'the prompts on the host page and the "chat unavailable" notice',
    async arrange() {
      const campaign = await createCampaign({ title: 'WCAG', message: CAMPAIGN, url: `${E2E.hostOrigin}/landing*`, timeOnPage: 1 });
      return () => deleteCampaign(campaign);
    },
    screens: [
      {
        name: 'a campaign prompt',
        async reach({ page, widget }) {
          await page.goto(`${E2E.hostOrigin}/landing`);
          await expect(widget.locator('.compact').getByText(CAMPAIGN)).toBeVisible({ timeout: 15_000 });
        },
      },
      {
        name: 'the unread-messages prompt',
        async reach(visit) {
          const { page } = visit;
          await page.goto(`${E2E.hostOrigin}/`);
          visit.widget = await openChat(page);
          await startConversation(visit, `Is it in stock? (${Date.now()})`);
          await page.getByRole('button', { name: 'Close chat window' }).click();
          await agentMessage(visit.conversationId!, { content: 'Yes, in every size.' });
          await expect(launcherRoot(page)).toHaveClass(/(^|\s)unread-view(\s|$)/);
          await expect(visit.widget.locator('.compact').getByText('Yes, in every size.')).toBeVisible();
        },
      },
      {
        name: 'the "chat unavailable" notice',
        async reach({ page }) {
          await page.goto(`${E2E.hostOrigin}/unknown-token`);
          await page.getByRole('button', { name: 'Chat with us' }).click();
          // A second after the frame's error page, after a request to the server and the notice's own part.
          await expect(page.locator('#wren-chat').getByRole('alert')).toContainText('Chat unavailable', { timeout: 15_000 });
        },
      },
    ],
  },
];

for (const journey of JOURNEYS)
  test(`WCAG 2.2 AA in every look: ${journey.name}`, async ({ page }) => {
    // A give-up limit for many screens in four looks each on a shared machine, not a speed claim.
    test.setTimeout(600_000);
    await page.setViewportSize(SIZES[BASE.width]);
    const undo = await journey.arrange?.();
    try {
      const visit: Visit = { page, widget: chatFrame(page) };
      for (const screen of journey.screens)
        await test.step(screen.name, async () => {
          await screen.reach(visit);
          await checkEveryLook(visit, screen);
        });
    } finally {
      await undo?.();
    }
  });
