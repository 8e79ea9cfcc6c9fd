import { expect, test, type Response } from '@playwright/test';
import { E2E } from './ports';
import { withoutEmailCollect } from './support/agentApi';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { agentMessage, composerOf, conversationMessages, openConversation, sendVisitorMessage } from './support/widgetSession';

// This spec restarts a server of its own, so the run's shared server stays up for the others.
const SERVER_PORT = E2E.widgetPort + 5;
const HOST_PAGE_PORT = E2E.widgetPort + 6;

let server: OwnServer;
let hostPage: Awaited<ReturnType<typeof serveHostPage>>;

test.beforeAll(async () => {
  server = await ownWrenServer(SERVER_PORT);
  await server.start();
  await withoutEmailCollect(server.origin);
  hostPage = await serveHostPage(HOST_PAGE_PORT, server.origin);
});

test.afterAll(async () => {
  await hostPage?.close();
  await server?.dispose();
});

test('a server restart mid-conversation loses nothing in either direction', async ({ page }) => {
  // The widget's gap fill after a reconnect: `GET /api/v1/widget/messages?after=…`.
  const gapFills: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === server.origin && url.pathname === '/api/v1/widget/messages' && url.searchParams.has('after'))
      gapFills.push(response);
  });

  const widget = await openConversation(page, hostPage.url);
  const log = widget.getByRole('log');
  const { conversationId } = await sendVisitorMessage(page, widget, 'Hello before the restart');
  await agentMessage(conversationId, { content: 'Hi! How can I help?' }, server.origin);
  await expect(log.getByText('Hi! How can I help?')).toBeVisible();

  await test.step('the server goes down: the visitor sees the connection is lost, and a message waits', async () => {
    await server.stop();
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost. Reconnecting…' })).toBeVisible();
    const composer = composerOf(widget);
    await composer.fill('Sent while the server was down');
    await composer.press('Enter');
    await expect(log.getByText('Sent while the server was down', { exact: true })).toBeVisible();
    await expect(log.getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
  });

  await test.step('the server is back: the agent writes before the widget has reconnected, and it arrives', async () => {
    // The widget waits at least 6 s after a drop before its first reconnect attempt, so the
    // agent's message is stored while the visitor is still disconnected.
    await server.start();
    await agentMessage(conversationId, { content: 'Sorry, we were restarting' }, server.origin);
    await expect(log.getByText('Sorry, we were restarting')).toBeVisible({ timeout: 30_000 });
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0);
    // It came with the gap fill after the reconnect, not as a live event.
    const filled = await Promise.all(
      gapFills.map(async (response) => (await response.json()).payload.map((m: { content: string }) => m.content)),
    );
    expect(filled.flat()).toContain('Sorry, we were restarting');
  });

  await test.step('the waiting message goes by itself, and is stored exactly once', async () => {
    await expect(log.getByText('Not sent yet')).toHaveCount(0, { timeout: 30_000 });
    await expect(log.getByRole('button', { name: 'Send message again' })).toHaveCount(0);
    await expect(log.getByText('Sent while the server was down', { exact: true })).toHaveCount(1);
    await expect
      .poll(async () => (await conversationMessages(conversationId, server.origin)).map((m) => m.content))
      .toEqual(['Hello before the restart', 'Hi! How can I help?', 'Sorry, we were restarting', 'Sent while the server was down']);
  });

  await test.step('after a reload the whole conversation is there, each message once', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    for (const text of ['Hello before the restart', 'Hi! How can I help?', 'Sorry, we were restarting', 'Sent while the server was down']) {
      await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    }
  });
});
