import { expect, test, type Page, type Request } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { axeViolations } from './support/axe';
import { solidPng } from './support/files';
import { conversationWithMessage } from './support/settings';
import { openChat, saveScreenshot, startConversation } from './support/widget';

// The evaluator's demo (README, Quick start; docs/operations.md#the-agent-console): the demo page at / is the visitor's
// side, the agent console at /agent the agent's, both on the reference server, no curl needed.

const CONSOLE = `${E2E.widgetOrigin}/agent`;
const BANNER_LINK = `${CONSOLE}#token=${encodeURIComponent(E2E.apiAccessToken)}`;

/** Opens the console through the start banner's link and waits until it is live on the cable. */
async function openConsole(page: Page): Promise<void> {
  await page.goto(BANNER_LINK);
  await expect(page.getByRole('heading', { name: 'Wren agent console', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const conversationList = (page: Page) => page.getByRole('navigation', { name: /Conversations/ });
/** A pattern matching `text` literally (visitor texts end in "?"). */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test('an evaluator answers the demo visitor in the console: live list and conversation, typing both ways, reply, resolve', async ({
  browser,
}) => {
  const visitorContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const agent = await agentContext.newPage();
  const agentRequests: Request[] = [];
  agent.on('request', (request) => agentRequests.push(request));
  const cspViolations: string[] = [];
  agent.on('console', (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()));

  await openConsole(agent);
  // The link's token left the address bar at once, and no request carried it in its URL or Referer.
  await expect(agent).toHaveURL(CONSOLE);
  expect(await agent.evaluate(() => sessionStorage.getItem('wren-agent-token'))).toBe(E2E.apiAccessToken);

  const stamp = Date.now().toString(36);
  const first = `Do you ship to Iceland? ${stamp}`;
  await visitor.goto(`${E2E.widgetOrigin}/`);
  const widget = await openChat(visitor);
  await startConversation(widget, first);

  // Live in the list, without a reload, marked new.
  const arrived = conversationList(agent).getByRole('button', { name: literally(first) });
  await expect(arrived).toBeVisible();
  await expect(arrived).toContainText('new');
  await arrived.click();
  // From here on the preview changes: the conversation is found by its visitor's name.
  const name = (await agent.getByRole('main').getByRole('heading', { level: 2 }).textContent())!;
  const item = conversationList(agent).getByRole('button', { name: new RegExp(`^${literally(name).source}`) });
  await expect(item).toHaveAttribute('aria-current', 'true');
  await expect(item).not.toContainText('new');
  const log = agent.getByRole('log', { name: /^Messages with / });
  await expect(log.getByText(first)).toBeVisible();
  // The agent has it on screen: the visitor reads their message as read.
  const readMarks = widget.getByRole('log').getByText('Read', { exact: true });
  await expect(readMarks).toHaveCount(1);

  // The visitor types and writes again: the console shows both as they happen.
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await composer.pressSequentially('And how long', { delay: 20 });
  await expect(agent.getByRole('status').filter({ hasText: /is typing…$/ })).toBeVisible();
  await composer.fill('And how long does it take?');
  await composer.press('Enter');
  await expect(log.getByText('And how long does it take?')).toBeVisible();
  // Arriving in the open conversation, it is read at once too.
  await expect(readMarks).toHaveCount(2);
  await expect(agent.getByRole('status').filter({ hasText: /is typing…$/ })).toHaveCount(0);

  // The agent types: the visitor sees it; then the reply arrives in both windows.
  const reply = agent.getByRole('textbox', { name: /^Reply to / });
  await reply.pressSequentially('Yes, in 3 to 5 days', { delay: 20 });
  await expect(widget.getByRole('status').filter({ hasText: 'is typing' })).toBeAttached();
  await saveScreenshot(agent, 'agent-console-conversation');
  await reply.press('Enter');
  await expect(reply).toHaveValue('');
  await expect(widget.getByRole('log').getByText('Yes, in 3 to 5 days')).toBeVisible();
  await expect(log.getByText('Yes, in 3 to 5 days')).toHaveCount(1);
  await expect(widget.getByRole('status').filter({ hasText: 'is typing' })).toHaveCount(0);

  // The contact's details are beside the conversation.
  const contact = agent.getByRole('complementary', { name: 'Contact details' });
  await expect(contact.getByText('Not given').first()).toBeVisible();
  await expect(contact.getByRole('link', { name: `${E2E.widgetOrigin}/` })).toBeVisible();

  // Resolve: the visitor is told, the console shows it; reopen puts it back.
  await agent.getByRole('button', { name: 'Resolve' }).click();
  await expect(agent.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(item).toContainText('resolved');
  await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
  await saveScreenshot(visitor, 'agent-console-visitor-resolved');
  await agent.getByRole('button', { name: 'Reopen' }).click();
  await expect(agent.getByRole('button', { name: 'Resolve' })).toBeVisible();
  await expect(item).not.toContainText('resolved');

  const tokenInUrl = agentRequests.filter(
    (r) => r.url().includes(E2E.apiAccessToken) || (r.headers().referer ?? '').includes(E2E.apiAccessToken),
  );
  expect(tokenInUrl.map((r) => r.url())).toEqual([]);
  expect(cspViolations).toEqual([]);
  await visitorContext.close();
  await agentContext.close();
});

test('the sign-in form refuses a wrong token with a clear error and signs in with the right one', async ({ page }) => {
  await page.goto(CONSOLE);
  const token = page.getByLabel('API access token');
  await token.fill('not-the-token');
  await token.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('That token was not accepted. Copy the API access token from the start banner.');
  await expect(token).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
  await saveScreenshot(page, 'agent-console-sign-in');

  await token.fill(E2E.apiAccessToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  // Kept for the tab: a reload stays signed in; signing out forgets it.
  await page.reload();
  await expect(conversationList(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('API access token')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('wren-agent-token'))).toBeNull();
});

/**
 * A conversation with every kind of message the console draws: the visitor's text and picture,
 * a bot's quick replies the visitor answers, a private note, an agent's shared location.
 */
async function conversationWithEveryKind(visitor: Page, text: string): Promise<string> {
  await visitor.goto(`${E2E.widgetOrigin}/`);
  const widget = await openChat(visitor);
  await startConversation(widget, text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  const { id } = (await conversationWithMessage(text))!;
  const chooser = visitor.waitForEvent('filechooser');
  await widget.getByRole('button', { name: 'Add an attachment' }).click();
  await (await chooser).setFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: solidPng(64, 48, [31, 147, 255]) });
  // A picked file is sent at once.
  await expect(widget.getByRole('img', { name: 'Picture message' })).toBeVisible();
  const messages = `/api/v1/accounts/1/conversations/${id}/messages`;
  await agentApi('POST', messages, {
    content: 'How can we help?',
    content_type: 'input_select',
    content_attributes: {
      items: [
        { title: 'Track my order', value: 'track' },
        { title: 'Talk to a human', value: 'human' },
      ],
    },
  });
  await widget.getByRole('button', { name: 'Track my order' }).click();
  await agentApi('POST', messages, { content: 'Ordered twice last month', private: true });
  await agentApi('POST', messages, {
    content: 'Our shop',
    attachments: [{ file_type: 'location', coordinates_lat: 64.1466, coordinates_long: -21.9426, fallback_title: 'Reykjavík' }],
  });
  return (await agentApi<{ meta: { sender: { name: string } } }>('GET', `/api/v1/accounts/1/conversations/${id}`)).meta.sender.name;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the console is axe-clean in ${colorScheme} mode, with every kind of message on screen`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const text = `Checking colours ${colorScheme} ${Date.now().toString(36)}`;
    const name = await conversationWithEveryKind(await context.newPage(), text);
    const agent = await context.newPage();
    await openConsole(agent);
    await conversationList(agent)
      .getByRole('button', { name: new RegExp(`^${literally(name).source}`) })
      .click();
    const log = agent.getByRole('log');
    await expect(log.getByText(text)).toBeVisible();
    // A picture as a thumbnail linking to the file; a bot's question and the answer in a line each; the note marked.
    const picture = log.getByRole('img', { name: 'Image: parcel.png' });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(log.getByText('Options: Track my order, Talk to a human')).toBeVisible();
    await expect(log.getByText('Answer: Track my order')).toBeVisible();
    await expect(log.getByText('Private note')).toBeVisible();
    await expect(log.getByRole('link', { name: 'Location: Reykjavík' })).toBeVisible();
    expect(await axeViolations(agent)).toEqual([]);
    await saveScreenshot(agent, `agent-console-${colorScheme}`);
    await context.close();
  });
}

test('the console works by keyboard alone and on a 390 px phone, one pane at a time', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto(`${E2E.widgetOrigin}/`);
  const text = `From my phone ${Date.now().toString(36)}`;
  await startConversation(await openChat(visitor), text);

  const agent = await context.newPage();
  await openConsole(agent);
  expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(agent, 'agent-console-390-list');

  // Tab to the conversation's button and open it with Enter; the list gives way to the conversation.
  const item = conversationList(agent).getByRole('button', { name: literally(text) });
  for (let i = 0; i < 20 && !(await item.evaluate((el) => el === document.activeElement)); i++) await agent.keyboard.press('Tab');
  await expect(item).toBeFocused();
  await agent.keyboard.press('Enter');
  await expect(agent.getByRole('log').getByText(text)).toBeVisible();
  await expect(conversationList(agent)).toBeHidden();
  // Focus follows to the conversation's name instead of falling back to the page.
  const heading = agent.getByRole('main').getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  const name = (await heading.textContent())!;
  expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Reply by keyboard: focus the box, type, Enter.
  await agent.getByRole('textbox', { name: /^Reply to / }).focus();
  await agent.keyboard.type('Answered from a phone');
  await agent.keyboard.press('Enter');
  await expect(agent.getByRole('log').getByText('Answered from a phone')).toBeVisible();
  await saveScreenshot(agent, 'agent-console-390-conversation');

  // The contact's details take the screen when asked for, and give it back, focus following.
  const toggle = agent.getByRole('button', { name: 'Contact details' });
  await toggle.focus();
  await agent.keyboard.press('Enter');
  const details = agent.getByRole('complementary', { name: 'Contact details' });
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Contact details' })).toBeFocused();
  await expect(agent.getByRole('log')).toBeHidden();
  await saveScreenshot(agent, 'agent-console-390-contact');
  await agent.keyboard.press('Tab');
  await expect(agent.getByRole('button', { name: 'Back to the conversation' })).toBeFocused();
  await agent.keyboard.press('Enter');
  await expect(agent.getByRole('log')).toBeVisible();
  await expect(toggle).toBeFocused();
  await agent.getByRole('button', { name: 'Back to conversations' }).focus();
  await agent.keyboard.press('Enter');
  await expect(conversationList(agent)).toBeVisible();
  // Back in the list, on the conversation just left (its preview is now the reply).
  await expect(conversationList(agent).getByRole('button', { name: new RegExp(`^${literally(name).source}`) })).toBeFocused();
  expect(await axeViolations(agent)).toEqual([]);
  await context.close();
});

test('a long conversation opens on its newest messages and pages back without losing the place', async ({ browser }) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const text = `Long story ${Date.now().toString(36)}`;
  await visitor.goto(`${E2E.widgetOrigin}/`);
  await startConversation(await openChat(visitor), text);
  await expect.poll(() => conversationWithMessage(text)).not.toBeNull();
  const { id } = (await conversationWithMessage(text))!;
  for (let n = 1; n <= 24; n++) await agentApi('POST', `/api/v1/accounts/1/conversations/${id}/messages`, { content: `Step ${n} of 24` });

  const agent = await context.newPage();
  await openConsole(agent);
  await conversationList(agent)
    .getByRole('button', { name: /Step 24 of 24/ })
    .click();
  const log = agent.getByRole('log');
  await expect(log.getByText('Step 24 of 24')).toBeInViewport();
  await expect(log.getByText(text)).toHaveCount(0);
  const fifth = log.getByText('Step 5 of 24', { exact: true });
  await agent.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(log.getByText(text)).toBeAttached();
  await expect(agent.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  // The message read before the click is still in view; the older ones went in above it.
  await expect(fifth).toBeInViewport();
  await context.close();
});

test('the demo page fits a 390 px phone: no sideways scroll, the launcher wholly on screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${E2E.widgetOrigin}/`);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await launcher.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  await saveScreenshot(page, 'demo-page-390');
  await context.close();
});

test('no page of the demo asks for an icon that is not there: demo, widget and popout', async ({ browser }) => {
  const context = await browser.newContext();
  const missing: string[] = [];
  context.on('response', (response) => response.status() === 404 && missing.push(response.url()));
  const page = await context.newPage();
  await page.goto(`${E2E.widgetOrigin}/`);
  await openChat(page);
  const popout = context.waitForEvent('page');
  await page.evaluate(() => window.$chatwoot?.popoutChatWindow());
  const popped = await popout;
  await popped.waitForLoadState('load');
  await expect(popped.getByRole('button', { name: 'Start Conversation' }).or(popped.getByRole('log'))).toBeVisible();
  const icon = await popped.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href);
  expect(icon).toBe(`${E2E.widgetOrigin}/favicon.svg`);
  expect((await context.request.get(icon!)).status()).toBe(200);
  expect(missing).toEqual([]);
  await context.close();
});
