import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { createScratchApp, typecheck, type ScratchApp } from './support/scratchApp';
import { saveScreenshot } from './support/widget';

// The npm package in an app (issue 25): packed, installed offline into a scratch app, type-checked
// against its declarations, bundled, and used on a page of that app on another origin.

const APP_PORT = E2E.widgetPort + 30;
const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
const CSP = `default-src 'self'; script-src 'self' ${E2E.widgetOrigin}; style-src 'self'; frame-src ${E2E.widgetOrigin}; connect-src 'self' ${E2E.widgetOrigin}`;

let app: ScratchApp;
let server: Server;
let salesToken: string;
let salesInbox: number;

const page = (script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Scratch app</title></head>
<body><h1>Scratch app</h1><button id="ask" type="button">Ask support</button><ul id="replies"></ul><div id="root"></div>
<script type="module" src="/${script}"></script></body></html>`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await createScratchApp({ widgetOrigin: E2E.widgetOrigin, websiteToken: E2E.websiteToken });
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', APP_ORIGIN).pathname;
    const script = app.scripts[path.slice(1)];
    if (script) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (path === '/' || path === '/react')
      res
        .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': CSP })
        .end(page(path === '/' ? 'app.js' : 'reactApp.js'));
    else res.writeHead(404).end();
  }).listen(APP_PORT, '127.0.0.1');
  await once(server, 'listening');
  ({ id: salesInbox, website_token: salesToken } = await agentApi<{ id: number; website_token: string }>(
    'POST',
    '/api/v1/accounts/1/inboxes',
    {
      name: 'Sales',
      // Nobody works this inbox: no e-mail ask after the first message (docs/behaviour.md#away-visitors).
      enable_email_collect: false,
      channel: { type: 'web_widget', website_url: APP_ORIGIN },
    },
  ));
});

test.afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** The chat frame of the inbox with `websiteToken`, inside its launcher's shadow root. */
const chatOf = (page: Page, websiteToken: string): FrameLocator => page.frameLocator(`iframe[src*="website_token=${websiteToken}"]`);

/** Starts a conversation in an open chat frame and waits until the message shows as sent. */
async function say(widget: FrameLocator, text: string): Promise<void> {
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(widget.getByRole('log').getByText(text)).toBeVisible();
}

/** The newest conversation of an inbox, with its messages' contents. */
async function conversationIn(inboxId: number): Promise<{ id: number; messages: string[] }> {
  const list = await agentApi<{ data: { payload: { id: number; inbox_id: number }[] } }>(
    'GET',
    '/api/v1/accounts/1/conversations?status=all',
  );
  const [conversation] = list.data.payload.filter((c) => c.inbox_id === inboxId).sort((a, b) => b.id - a.id);
  if (!conversation) throw new Error(`no conversation in inbox ${inboxId} yet`);
  const messages = await agentApi<{ payload: { content: string }[] }>(
    'GET',
    `/api/v1/accounts/1/conversations/${conversation.id}/messages`,
  );
  return { id: conversation.id, messages: messages.payload.map((m) => m.content) };
}

const reply = (conversationId: number, content: string) =>
  agentApi('POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, { content, message_type: 'outgoing' });

test('the packed package type-checks in an app: what it accepts, and what it refuses', () => {
  const { ok, output } = typecheck(app.dir);
  expect(output).toBe('');
  expect(ok).toBe(true);
  // And the check is real: code the declarations refuse fails it.
  writeFileSync(
    join(app.dir, 'src/wrong.ts'),
    "import { loadWren } from 'wren-chat';\nloadWren({ baseUrl: 'x', websiteToken: 't' }).toggle('sideways');\n",
  );
  const wrong = typecheck(app.dir);
  expect(wrong.ok).toBe(false);
  expect(wrong.output).toContain('"sideways"');
});

test('an app opens the chat from its handle, sends, and hears the agent’s reply through a typed event', async ({ page }) => {
  await page.goto(`${APP_ORIGIN}/`);
  await page.getByRole('button', { name: 'Ask support' }).click();
  const widget = chatOf(page, E2E.websiteToken);
  await say(widget, 'Is the blue kettle in stock?');
  const { id } = await conversationIn(1);
  await reply(id, 'Yes, three left.');
  await expect(widget.getByRole('log').getByText('Yes, three left.')).toBeVisible();
  // On the app's own page, from `on('chatwoot:on-message')`.
  await expect(page.locator('#replies')).toHaveText('support: Yes, three left.');
});

test('two inboxes on one page hold two independent conversations, one window at a time', async ({ page, context }) => {
  await page.goto(`${APP_ORIGIN}/?sales=${salesToken}`);
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const support = chatOf(page, E2E.websiteToken);
  await say(support, 'Where is my order 1042?');
  await page.getByRole('button', { name: 'Talk to sales' }).click();
  const sales = chatOf(page, salesToken);
  await say(sales, 'Do you ship to Norway?');
  // Opening sales closed support.
  await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveAttribute('aria-expanded', 'false');
  await saveScreenshot(page, 'package-two-inboxes');

  const supportConversation = await conversationIn(1);
  const salesConversation = await conversationIn(salesInbox);
  expect(supportConversation.id).not.toBe(salesConversation.id);
  expect(supportConversation.messages).toContain('Where is my order 1042?');
  expect(supportConversation.messages).not.toContain('Do you ship to Norway?');
  expect(salesConversation.messages).toContain('Do you ship to Norway?');
  expect(salesConversation.messages).not.toContain('Where is my order 1042?');

  await reply(salesConversation.id, 'We do, in five days.');
  await reply(supportConversation.id, 'It left the warehouse today.');
  await expect(sales.getByRole('log').getByText('We do, in five days.')).toBeVisible();
  // Two sockets, so the two replies may reach the app in either order.
  await expect
    .poll(async () => (await page.locator('#replies li').allTextContents()).sort(), { timeout: 10_000 })
    .toEqual(['sales: We do, in five days.', 'support: It left the warehouse today.']);
  await expect(sales.getByRole('log').getByText('It left the warehouse today.')).toHaveCount(0);

  // A visitor per inbox: each widget comes back to its own conversation.
  const cookies = Object.fromEntries((await context.cookies(APP_ORIGIN)).map((c) => [c.name, c.value]));
  expect(cookies[`cw_conversation_${E2E.websiteToken}`]).toBeTruthy();
  expect(cookies[`cw_conversation_${salesToken}`]).toBeTruthy();
  expect(cookies[`cw_conversation_${E2E.websiteToken}`]).not.toBe(cookies[`cw_conversation_${salesToken}`]);
  await page.reload();
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(support.getByRole('log').getByText('It left the warehouse today.')).toBeVisible();
  await expect(support.getByRole('log').getByText('Do you ship to Norway?')).toHaveCount(0);
});

test('React: <WrenChat> under StrictMode starts one widget; leaving and coming back keeps the conversation', async ({ page }) => {
  await page.goto(`${APP_ORIGIN}/react`);
  await page.getByRole('button', { name: 'Ask us' }).click();
  const widget = chatOf(page, E2E.websiteToken);
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Close chat window' })).toHaveCount(1);
  await say(widget, 'Hello from the React shop');
  await page.setViewportSize({ width: 320, height: 640 });
  await saveScreenshot(page, 'package-react-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Leave the shop' }).click();
  // Unmounted: the launcher, the frame and the socket are gone.
  await expect(page.getByRole('button', { name: /Chat with us|Close chat window/ })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the shop' }).click();
  await page.getByRole('button', { name: 'Ask us' }).click();
  await expect(widget.getByRole('log').getByText('Hello from the React shop')).toBeVisible();
});
