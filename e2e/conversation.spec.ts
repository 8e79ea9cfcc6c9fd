import { expect, test, type Request } from '@playwright/test';
import { E2E } from './ports';
import { agentApi, latestConversation } from './support/agentApi';

const widgetRequests = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url()))
    .filter((url) => url.origin === E2E.widgetOrigin && /^\/(widget|cable|api\/v1\/widget\/(?!campaigns))/.test(url.pathname));

test('a visitor chats with an agent across origins, and the history survives a reload', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const cspViolations: string[] = [];
  page.on('console', (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()));

  await page.goto(`${E2E.hostOrigin}/`);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  // The launcher is painted by sdk.js alone: no frame, no session, no socket before intent.
  expect(widgetRequests(requests)).toEqual([]);
  expect(await page.context().cookies()).toEqual([]);

  await launcher.click();
  const widget = page.frameLocator('#chatwoot_live_chat_widget');
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await composer.fill('Hello, is anyone there?');
  await composer.press('Enter');
  const log = widget.getByRole('log');
  await expect(log.getByText('Hello, is anyone there?')).toBeVisible();

  // The agent answers through the Application API; the reply arrives over the cable.
  await expect.poll(async () => (await latestConversation().catch(() => null))?.id ?? null).not.toBeNull();
  const conversation = await latestConversation();
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversation.id}/messages`, {
    content: 'Hi! How can I help?',
    message_type: 'outgoing',
  });
  await expect(log.getByText('Hi! How can I help?')).toBeVisible();

  // The visitor's message was stored once, with the agent's reply after it.
  const stored = await agentApi<{ payload: { content: string; message_type: number }[] }>(
    'GET',
    `/api/v1/accounts/1/conversations/${conversation.id}/messages`,
  );
  expect(stored.payload.filter((m) => m.content === 'Hello, is anyone there?')).toHaveLength(1);

  await page.reload();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const reloaded = page.frameLocator('#chatwoot_live_chat_widget');
  // A returning visitor with history lands on the conversation, not on home.
  await expect(reloaded.getByRole('log').getByText('Hello, is anyone there?')).toBeVisible();
  await expect(reloaded.getByRole('log').getByText('Hi! How can I help?')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('Escape in the widget closes the chat window and focus returns to the launcher', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await launcher.click();
  const widget = page.frameLocator('#chatwoot_live_chat_widget');
  await expect(widget.getByRole('button', { name: /Start Conversation|Continue conversation/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close chat window' })).toHaveAttribute('aria-expanded', 'true');
  await widget.getByRole('button', { name: /Start Conversation|Continue conversation/ }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Chat with us' })).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => window.$chatwoot?.isOpen)).toBe(false);
});
