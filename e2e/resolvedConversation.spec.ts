import { expect, test } from '@playwright/test';
import { agentApi } from './support/agentApi';
import { saveScreenshot } from './support/widget';
import { composerOf, conversationMessages, openConversation, sendVisitorMessage } from './support/widgetSession';

/**
 * The inbox's `allow_messages_after_resolved` (docs/behaviour.md#conversation-status), both ways:
 * on (Chatwoot's default and the seed's), a resolved conversation takes the visitor's next
 * message and reopens; off, the visitor can only start a new conversation.
 */
const INBOX = '/api/v1/accounts/1/inboxes/1';
const conversation = (id: number) => agentApi<{ id: number; status: string }>('GET', `/api/v1/accounts/1/conversations/${id}`);
const resolve = (id: number) => agentApi('POST', `/api/v1/accounts/1/conversations/${id}/toggle_status`, { status: 'resolved' });

let allowedBefore: boolean;
test.beforeEach(async () => {
  allowedBefore = (await agentApi<{ allow_messages_after_resolved: boolean }>('GET', INBOX)).allow_messages_after_resolved;
});
test.afterEach(async () => {
  await agentApi('PATCH', INBOX, { allow_messages_after_resolved: allowedBefore });
});

test('an inbox that takes messages after resolving: the visitor writes on, and the conversation reopens', async ({ page }) => {
  await agentApi('PATCH', INBOX, { allow_messages_after_resolved: true });
  await page.setViewportSize({ width: 320, height: 640 });
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'Is the blue one in stock?');
  await resolve(conversationId);

  await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
  await expect(composerOf(widget)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Request a conversation transcript' })).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Start a new conversation' })).toHaveCount(0);
  await saveScreenshot(page, 'resolved-conversation-writable-320');

  const { conversationId: same } = await sendVisitorMessage(page, widget, 'And in size 38?');
  expect(same).toBe(conversationId);
  await expect.poll(async () => (await conversation(conversationId)).status).toBe('open');
  // The widget hears it reopened: the resolved note goes, the composer stays.
  await expect(widget.getByText('This conversation has been resolved')).toHaveCount(0);
  await expect(composerOf(widget)).toBeVisible();
  expect((await conversationMessages(conversationId)).map((m) => m.content)).toContain('And in size 38?');
});

test('an inbox that does not: no composer on a resolved conversation, only a new conversation', async ({ page }) => {
  await agentApi('PATCH', INBOX, { allow_messages_after_resolved: false });
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'Can I return a gift?');
  await resolve(conversationId);

  await expect(widget.getByText('This conversation has been resolved')).toBeVisible();
  await expect(composerOf(widget)).toHaveCount(0);
  await saveScreenshot(page, 'resolved-conversation-closed');

  await widget.getByRole('button', { name: 'Start a new conversation' }).click();
  // Its first message starts the new conversation, as Chatwoot's widget does (POST /conversations).
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/widget/conversations',
  );
  await composerOf(widget).fill('A question about another order');
  await composerOf(widget).press('Enter');
  const next = (await (await started).json()).id as number;
  await expect(widget.getByRole('log').getByText('A question about another order')).toBeVisible();
  expect(next).not.toBe(conversationId);
  expect((await conversation(conversationId)).status).toBe('resolved');
  expect((await conversation(next)).status).toBe('open');
  expect((await conversationMessages(next)).map((m) => m.content)).toEqual(['A question about another order']);

  // The new conversation goes on as any other: the next message joins it.
  const { conversationId: same } = await sendVisitorMessage(page, widget, 'Order 4471');
  expect(same).toBe(next);
});
