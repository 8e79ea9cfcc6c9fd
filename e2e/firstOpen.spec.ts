import { expect, test, type Request } from '@playwright/test';
import { E2E } from './ports';
import { agentApi, latestConversation } from './support/agentApi';
import { isCampaignsRequest } from './support/loaderProbe';
import { openChat, saveScreenshot } from './support/widget';

// The first open of a first-time visitor (docs/protocol.md#the-lazy-visitor,
// docs/protocol.md#the-data-block): the page brings its data, so the widget asks the API for nothing,
// and nobody is stored until the visitor writes.

const contactsCount = async () => (await agentApi<{ meta: { count: number } }>('GET', '/api/v1/accounts/1/contacts')).meta.count;
const widgetApiGets = (requests: Request[]) =>
  requests.filter((r) => r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/v1/widget/')).map((r) => r.url());

test('a visitor who opens the chat, reads home and leaves is stored nowhere; their first message stores them once', async ({ page }) => {
  const before = await contactsCount();
  // The page view's one credential-less campaigns GET (the loader's, docs/architecture.md#loading-strategy) comes first.
  const campaigns = page.waitForResponse((response) => isCampaignsRequest(response.url()));
  await page.goto(`${E2E.hostOrigin}/`);
  await campaigns;

  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  await expect(widget.getByRole('heading', { name: /We are (online|away)/ })).toBeVisible();
  // Home is painted from the page's data; wait for the idle prefetches and the socket too.
  await page.waitForTimeout(1500);
  await saveScreenshot(page, 'first-open-home');
  await page.getByRole('button', { name: 'Close chat window' }).click();

  expect(widgetApiGets(requests)).toEqual([]);
  expect(await contactsCount()).toBe(before);

  // The first write stores the visitor, once; the agent's reply reaches the socket that
  // subscribed before anything of theirs existed.
  await openChat(page);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await expect(composer).toBeEditable();
  // What the visitor does in the conversation is fetched on their intent to write, not by the
  // open (docs/architecture.md#loading-strategy): a reader never pays for it.
  const flowRequests = () => requests.filter((r) => new URL(r.url()).pathname.endsWith('/flow.js'));
  expect(flowRequests()).toEqual([]);
  await composer.fill('Do you ship to Norway?');
  await expect.poll(() => flowRequests().length).toBe(1);
  await composer.press('Enter');
  const log = widget.getByRole('log');
  await expect(log.getByText('Do you ship to Norway?')).toBeVisible();
  await expect.poll(contactsCount).toBe(before + 1);
  const conversation = await latestConversation();
  const stored = await agentApi<{ payload: { content: string }[] }>('GET', `/api/v1/accounts/1/conversations/${conversation.id}/messages`);
  expect(stored.payload.map((m) => m.content)).toEqual(['Do you ship to Norway?']);
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversation.id}/messages`, { content: 'We do, in 3 days.' });
  await expect(log.getByText('We do, in 3 days.')).toBeVisible();
  // No GET for the conversation the first message created: the realtime event carried it.
  expect(widgetApiGets(requests)).toEqual([]);
  expect(await contactsCount()).toBe(before + 1);
});

test('the first paint is styled by its one script: no stylesheet to fetch, the sheet adopted before the shell renders', async ({
  page,
}) => {
  // In every frame: the document's stylesheets when the widget's shell first puts anything in #app.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('app')?.firstChild) return;
      observer.disconnect();
      const text = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' ');
      document.documentElement.dataset.firstRender = JSON.stringify({
        linked: document.querySelectorAll('link[rel~="stylesheet"], style').length,
        adopted: document.adoptedStyleSheets.map(text),
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${E2E.hostOrigin}/`);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const widget = await openChat(page);
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();

  expect(requests.filter((r) => r.resourceType() === 'stylesheet').map((r) => r.url())).toEqual([]);
  const firstRender = JSON.parse((await widget.locator('html').getAttribute('data-first-render')) ?? '{}');
  expect(firstRender.linked).toBe(0);
  // The first paint's sheet first, as a linked one was: every lazy part's sheet follows it in the cascade.
  expect(firstRender.adopted[0]).toContain('--widget-color');
  // And it applies: the launcher's colour on the start button, the page's own background.
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
});

test('a returning visitor sees their conversation from the page, and what an agent wrote while the socket connected', async ({ page }) => {
  await page.goto(`${E2E.hostOrigin}/`);
  let widget = await openChat(page);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await widget.getByRole('textbox', { name: 'Type your message' }).fill('First visit question');
  await widget.getByRole('textbox', { name: 'Type your message' }).press('Enter');
  await expect(widget.getByRole('log').getByText('First visit question')).toBeVisible();
  const conversation = await latestConversation();
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversation.id}/messages`, { content: 'Answer while you browse' });
  await expect(widget.getByRole('log').getByText('Answer while you browse')).toBeVisible();

  // The next page's socket is held before it subscribes while the agent writes, so the answer
  // misses the page's data and the live subscription alike: only the catch-up can bring it.
  const actions: string[] = [];
  let releaseSubscribe: (() => void) | undefined;
  let subscribeHeld!: () => void;
  const held = new Promise<void>((resolve) => {
    subscribeHeld = resolve;
  });
  await page.context().routeWebSocket(/\/cable$/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (frame) => {
      const { command, data } = JSON.parse(String(frame)) as { command: string; data?: string };
      if (command === 'message' && data) actions.push((JSON.parse(data) as { action: string }).action);
      if (command === 'subscribe' && releaseSubscribe === undefined) {
        await new Promise<void>((release) => {
          releaseSubscribe = release;
          subscribeHeld();
        });
      }
      server.send(frame);
    });
  });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${E2E.hostOrigin}/other`);
  await held;
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversation.id}/messages`, { content: 'Written while you were connecting' });
  releaseSubscribe?.();
  widget = await openChat(page);
  const log = widget.getByRole('log');
  await expect(log.getByText('First visit question')).toBeVisible();
  await expect(log.getByText('Answer while you browse')).toBeVisible();
  await expect(log.getByText('Written while you were connecting')).toBeVisible();
  // The catch-up went over the socket (docs/protocol.md#realtime-catch-up): no widget API GET.
  expect(actions).toContain('catch_up');
  expect(widgetApiGets(requests)).toEqual([]);
  await agentApi('POST', `/api/v1/accounts/1/conversations/${conversation.id}/messages`, { content: 'Still here' });
  await expect(log.getByText('Still here')).toBeVisible();
  await expect(log.getByText('Written while you were connecting')).toHaveCount(1);
});
