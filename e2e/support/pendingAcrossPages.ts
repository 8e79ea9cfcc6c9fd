/**
 * Messages still waiting when the page goes (docs/behaviour.md#the-outbox-across-pages): the
 * visitor sends three the server has not acknowledged, a text whose answer was lost on the way
 * back (stored, as far as the server knows), then a picture and a text behind it that never left,
 * then reloads the page or closes the tab and opens the site in a new one. The next page must
 * deliver all three, each stored exactly once, in the order sent, and show each once. Run against
 * each of the chaos spec's setups (e2e/chaos.spec.ts).
 */
import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import { agentApiAt } from './agentApi';
import type { ChaosSetup } from './chaos';
import { solidPng } from './files';
import { composerOf, isVisitorSend, WIDGET_FRAME, type AgentViewMessage } from './widgetSession';

const SENDS = '**/api/v1/widget/messages*';

export async function pendingAcrossPages(context: BrowserContext, setup: ChaosSetup, leave: 'reload' | 'newTab') {
  let conversationId: number | undefined;
  context.on('response', (response) => {
    if (!isVisitorSend(response.request()) || !response.ok()) return;
    response.json().then(
      (created: { conversation_id: number }) => (conversationId ??= created.conversation_id),
      () => undefined,
    );
  });
  const stamp = Date.now().toString(36);
  const [first, answerLost, neverArrived, afterwards] = ['first', 'answer-lost', 'never-arrived', 'afterwards'].map((n) => `${n}-${stamp}`);
  const picture = solidPng(3, 2, [200, 40, 90]);
  // How the agent's list shows the picture: a message without text, with its attachment.
  const pictureSent = `a picture of ${picture.length} bytes`;

  // While `deaf`, the widget hears nothing on its socket: it cannot learn from the message's echo
  // that the server stored it, as a page that goes at that moment does not.
  let deaf = false;
  await context.routeWebSocket(/\/cable/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => deaf || socket.send(message));
    socket.onMessage((message) => server.send(message));
  });

  let page: Page = await context.newPage();
  await page.goto(setup.hostUrl);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  let widget = page.frameLocator(WIDGET_FRAME);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await composerOf(widget).fill(first);
  await composerOf(widget).press('Enter');
  await expect.poll(() => conversationId, { message: 'the first message starts the conversation' }).toBeDefined();

  // A send the server stores but whose answer is lost, then a picture and a text behind it that
  // never leave (the outbox sends one at a time): all three wait.
  const sent: string[] = [];
  deaf = true;
  await context.route(SENDS, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const multipart = route.request().headers()['content-type']?.startsWith('multipart/');
    const content = multipart ? pictureSent : (route.request().postDataJSON() as { message: { content: string } }).message.content;
    if (content === answerLost && !sent.includes(content)) await route.fetch();
    sent.push(content);
    await route.abort('connectionreset');
  });
  await composerOf(widget).fill(answerLost);
  await composerOf(widget).press('Enter');
  await expect.poll(() => sent).toContain(answerLost);
  const chooser = page.waitForEvent('filechooser');
  await widget.getByRole('button', { name: 'Add an attachment' }).click();
  // Picked, it goes at once, behind the text.
  await (await chooser).setFiles({ name: 'kept.png', mimeType: 'image/png', buffer: picture });
  await expect(widget.getByRole('log').getByText('kept.png', { exact: true })).toBeVisible();
  await composerOf(widget).fill(neverArrived);
  await composerOf(widget).press('Enter');
  await expect(widget.getByText('Not sent yet', { exact: false })).toHaveCount(3);
  expect(sent).not.toContain(neverArrived);
  expect(sent).not.toContain(pictureSent);

  // The page goes before anything gets through; the next one has the server back.
  deaf = false;
  if (leave === 'reload') {
    await context.unroute(SENDS);
    await page.reload();
  } else {
    await page.close();
    await context.unroute(SENDS);
    page = await context.newPage();
    await page.goto(setup.hostUrl);
  }
  // The chat stays closed: the widget's hidden frame sends them by itself.
  const origin = setup.agentOrigin(new Set());
  if (!origin || conversationId === undefined) throw new Error('no agent origin or conversation');
  const visitorTexts = async () =>
    (
      await agentApiAt<{ payload: AgentViewMessage[] }>(origin, 'GET', `/api/v1/accounts/1/conversations/${conversationId}/messages`)
    ).payload
      .filter((message) => message.message_type === 0)
      .map((message) => message.content || message.attachments?.map((file) => `a picture of ${file.file_size} bytes`).join());
  await expect.poll(visitorTexts, { timeout: 30_000 }).toEqual([first, answerLost, pictureSent, neverArrived]);

  // Opened, the conversation shows each once, none waiting, and takes the next message after them.
  await page.getByRole('button', { name: 'Chat with us' }).click();
  widget = page.frameLocator(WIDGET_FRAME);
  await composerOf(widget).fill(afterwards);
  await composerOf(widget).press('Enter');
  await expect.poll(visitorTexts, { timeout: 30_000 }).toEqual([first, answerLost, pictureSent, neverArrived, afterwards]);
  for (const text of [first, answerLost, neverArrived, afterwards]) await expect(widget.getByText(text, { exact: true })).toHaveCount(1);
  await expect(widget.getByRole('log').getByRole('img', { name: 'Picture message' })).toHaveCount(1);
  await expect(widget.getByText('Not sent yet', { exact: false })).toHaveCount(0);
}
