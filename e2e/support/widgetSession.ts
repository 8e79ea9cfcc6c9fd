import { expect, type FrameLocator, type Page, type Request } from '@playwright/test';
import { E2E } from '../ports';
import { agentApiAt } from './agentApi';

export const WIDGET_FRAME = '#chatwoot_live_chat_widget';

/** A message as the Application API lists it (docs/protocol.md#application-api). */
export interface AgentViewMessage {
  id: number;
  content: string | null;
  message_type: number;
  content_type: string;
  content_attributes: Record<string, any>;
  attachments?: { file_type: string; data_url: string; extension: string | null; file_size: number }[];
}

/** Opens the chat on the host page and goes to the conversation view, composer ready. */
export async function openConversation(page: Page, hostUrl = `${E2E.hostOrigin}/`): Promise<FrameLocator> {
  await page.goto(hostUrl);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const widget = page.frameLocator(WIDGET_FRAME);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(composerOf(widget)).toBeVisible();
  return widget;
}

export const composerOf = (widget: FrameLocator) => widget.getByRole('textbox', { name: 'Type your message' });

/** A visitor's `POST /api/v1/widget/messages` (text or upload). */
export const isVisitorSend = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/widget/messages';

/**
 * Types a message and sends it with Enter; waits until the server has stored it and answers
 * with the conversation's (display) id and the message's id.
 */
export async function sendVisitorMessage(
  page: Page,
  widget: FrameLocator,
  text: string,
): Promise<{ conversationId: number; messageId: number }> {
  const stored = page.waitForResponse((response) => isVisitorSend(response.request()) && response.ok());
  const composer = composerOf(widget);
  await composer.fill(text);
  await composer.press('Enter');
  const created = await (await stored).json();
  await expect(widget.getByRole('log').getByText(text, { exact: true })).toBeVisible();
  return { conversationId: created.conversation_id, messageId: created.id };
}

/** The conversation's messages as the agent sees them. */
export async function conversationMessages(conversationId: number, origin: string = E2E.widgetOrigin): Promise<AgentViewMessage[]> {
  const list = await agentApiAt<{ payload: AgentViewMessage[] }>(
    origin,
    'GET',
    `/api/v1/accounts/1/conversations/${conversationId}/messages`,
  );
  return list.payload;
}

/** Posts an agent (or bot) message to the conversation and returns it. */
export function agentMessage(
  conversationId: number,
  body: Record<string, unknown>,
  origin: string = E2E.widgetOrigin,
): Promise<AgentViewMessage> {
  return agentApiAt<AgentViewMessage>(origin, 'POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, {
    message_type: 'outgoing',
    ...body,
  });
}
