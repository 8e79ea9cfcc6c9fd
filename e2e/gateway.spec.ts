import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApiAt, withoutEmailCollect } from './support/agentApi';
import { solidPng } from './support/files';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { contractBreaches, type Exchange } from '../tests/server/contract/widgetApiContract';
import {
  agentMessage,
  composerOf,
  conversationMessages,
  openConversation,
  sendVisitorMessage,
  WIDGET_FRAME,
} from './support/widgetSession';

// Gateway mode end to end: a reference server plays Chatwoot (the upstream), a second Wren
// process runs with CHATWOOT_URL pointing at it and no database, and the host page embeds
// the widget from the gateway. The agent works on the upstream, as they would in Chatwoot.
const UPSTREAM_PORT = E2E.widgetPort + 7;
const GATEWAY_PORT = E2E.widgetPort + 8;
const HOST_PAGE_PORT = E2E.widgetPort + 9;

let upstream: OwnServer;
let gateway: OwnServer;
let hostPage: Awaited<ReturnType<typeof serveHostPage>>;

test.beforeAll(async () => {
  upstream = await ownWrenServer(UPSTREAM_PORT);
  await upstream.start();
  await withoutEmailCollect(upstream.origin);
  gateway = await ownWrenServer(GATEWAY_PORT, { chatwootUrl: upstream.origin });
  await gateway.start();
  hostPage = await serveHostPage(HOST_PAGE_PORT, gateway.origin);
});

test.afterAll(async () => {
  await hostPage?.close();
  await gateway?.dispose();
  await upstream?.dispose();
});

// Every answer of the widget API the gateway passes to the widget keeps the OpenAPI document
// (docs/openapi/widget-api.yaml): read as the browser received it, checked after each test.
let passedThrough: Promise<Exchange | undefined>[] = [];
test.beforeEach(({ page }) => {
  passedThrough = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== gateway.origin || !url.pathname.startsWith('/api/v1/widget/')) return;
    const method = response.request().method();
    passedThrough.push(
      response.text().then(
        (body) => ({ method, url: `${url.pathname}${url.search}`, status: response.status(), body }),
        () => undefined,
      ),
    );
  });
});
test.afterEach(async () => {
  const exchanges = (await Promise.all(passedThrough)).filter((e): e is Exchange => e !== undefined);
  expect(exchanges.length).toBeGreaterThan(0);
  expect((await Promise.all(exchanges.map(contractBreaches))).flat()).toEqual([]);
});

const agent = <T = unknown>(method: string, path: string, body?: unknown) =>
  agentApiAt<T>(upstream.origin, method, `/api/v1/accounts/1${path}`, body);

/** Picks a file with the composer's 'Add an attachment' button. */
async function attachPicture(page: Page, widget: FrameLocator, picture: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await widget.getByRole('button', { name: 'Add an attachment' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: picture });
}

async function rate(log: Locator, rating: 'Poor' | 'Fair' | 'Average' | 'Good' | 'Excellent') {
  const ratings = log.getByRole('group', { name: 'Rate your conversation' });
  await ratings.locator('label').filter({ hasText: rating }).click();
  await expect(ratings.getByRole('radio', { name: rating })).toBeChecked();
}

test("a first open through the gateway asks the API nothing but the loader's campaigns, the data being in the page", async ({ page }) => {
  const gets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.origin === gateway.origin && url.pathname.startsWith('/api/v1/widget/')) gets.push(url.pathname);
  });
  const widget = await openConversation(page, hostPage.url);
  await sendVisitorMessage(page, widget, 'Is this the data block?');
  expect(gets).toEqual(['/api/v1/widget/campaigns']);

  // A returning visitor: the conversation is in the page, and what came after it is asked once.
  gets.length = 0;
  await page.reload();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(widget.getByRole('log').getByText('Is this the data block?')).toBeVisible();
  await expect.poll(() => gets).toEqual(['/api/v1/widget/messages']);
});

test('a visitor chats with an agent on the upstream through the gateway, across an upstream restart', async ({ page }) => {
  // Every request the widget makes goes to the gateway; none to the upstream.
  const upstreamRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(upstream.origin) && !new URL(request.url()).pathname.startsWith('/uploads/'))
      upstreamRequests.push(request.url());
  });

  const widget = await openConversation(page, hostPage.url);
  await expect(page.locator(WIDGET_FRAME)).toHaveAttribute('src', new RegExp(`^${gateway.origin}/widget\\?`));
  const log = widget.getByRole('log');
  let conversationId = 0;

  await test.step('a message and a picture reach the agent; the reply arrives live', async () => {
    ({ conversationId } = await sendVisitorMessage(page, widget, 'Hello through the gateway'));
    const picture = solidPng(4, 3, [31, 147, 255]);
    await attachPicture(page, widget, picture);
    await expect(log.getByRole('img', { name: 'Picture message' })).toBeVisible();
    await expect(log.getByText('Uploading...')).toHaveCount(0);
    await expect
      .poll(async () =>
        (await conversationMessages(conversationId, upstream.origin))
          .flatMap((m) => m.attachments ?? [])
          .map((a) => `${a.file_type} ${a.extension} ${a.file_size}`),
      )
      .toEqual([`image png ${picture.length}`]);

    await agentMessage(conversationId, { content: 'Hi! Nice picture.' }, upstream.origin);
    await expect(log.getByText('Hi! Nice picture.')).toBeVisible();
    // The visitor's own messages show once each: no echo de-duplication is needed upstream for that.
    await expect(log.getByText('Hello through the gateway', { exact: true })).toHaveCount(1);
    await expect(log.getByRole('img', { name: 'Picture message' })).toHaveCount(1);
  });

  await test.step('the upstream stops: the widget shows the lost connection', async () => {
    await upstream.stop();
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost. Reconnecting…' })).toBeVisible();
  });

  await test.step('the upstream is back: what the agent wrote meanwhile arrives, and the visitor writes again', async () => {
    await upstream.start();
    await agentMessage(conversationId, { content: 'Sorry, we were restarting' }, upstream.origin);
    await expect(log.getByText('Sorry, we were restarting')).toBeVisible({ timeout: 30_000 });
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0);
    await sendVisitorMessage(page, widget, 'No problem');
    await expect
      .poll(async () =>
        (await conversationMessages(conversationId, upstream.origin)).map((m) => m.content ?? `[${m.attachments?.[0]?.file_type}]`),
      )
      .toEqual(['Hello through the gateway', '[image]', 'Hi! Nice picture.', 'Sorry, we were restarting', 'No problem']);
  });

  await test.step('after a reload every message is there once', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    for (const text of ['Hello through the gateway', 'Hi! Nice picture.', 'Sorry, we were restarting', 'No problem']) {
      await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    }
  });

  expect(upstreamRequests).toEqual([]);
  // Gateway mode keeps nothing of its own.
  expect(existsSync(join(gateway.dataDir, 'wren.sqlite'))).toBe(false);
});

test('CSAT and the transcript work through the gateway', async ({ page }) => {
  const inboxBefore = await agent<{ csat_survey_enabled: boolean }>('GET', '/inboxes/1');
  await agent('PATCH', '/inboxes/1', { csat_survey_enabled: true });
  try {
    const widget = await openConversation(page, hostPage.url);
    const log = widget.getByRole('log');
    const { conversationId } = await sendVisitorMessage(page, widget, 'Please keep a record of this');
    await agentMessage(conversationId, { content: 'Your return number is R-7731.' }, upstream.origin);
    await expect(log.getByText('Your return number is R-7731.')).toBeVisible();
    await agent('POST', `/conversations/${conversationId}/toggle_status`, { status: 'resolved' });

    await expect(log.getByText('Rate your conversation')).toBeVisible();
    await rate(log, 'Excellent');
    await log.getByRole('textbox', { name: 'Tell us more...' }).fill('Quick, even through a gateway');
    await log.getByRole('button', { name: 'Submit' }).click();
    await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();
    await expect
      .poll(async () =>
        (await agent<{ conversation_id: number; rating: number; feedback_message: string }[]>('GET', '/csat_survey_responses')).find(
          (r) => r.conversation_id === conversationId,
        ),
      )
      .toMatchObject({ rating: 5, feedback_message: 'Quick, even through a gateway' });

    await widget.getByRole('button', { name: 'Request a conversation transcript' }).click();
    await widget.getByRole('textbox', { name: 'Your email address' }).fill('grace@example.com');
    await widget.getByRole('button', { name: 'Send transcript' }).click();
    await expect(widget.getByRole('status').filter({ hasText: 'The chat transcript was sent successfully' })).toBeVisible();
    const outbox = join(upstream.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(outbox)).filter((name) => name.endsWith('.eml')).map((name) => readFile(join(outbox, name), 'utf8')),
    );
    expect(mails.find((text) => /^To: grace@example\.com$/m.test(text) && text.includes('Your return number is R-7731.'))).toBeDefined();
  } finally {
    await agent('PATCH', '/inboxes/1', { csat_survey_enabled: inboxBefore.csat_survey_enabled });
  }
});

test('with the upstream stopped the widget shows the lost connection and recovers when it returns', async ({ page }) => {
  const widget = await openConversation(page, hostPage.url);
  const { conversationId } = await sendVisitorMessage(page, widget, 'Are you there?');
  await upstream.stop();
  try {
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost. Reconnecting…' })).toBeVisible();
    // Calls to the widget API now end in the gateway's JSON 502: the send waits for Chatwoot.
    const composer = composerOf(widget);
    await composer.fill('Sent while Chatwoot was down');
    await composer.press('Enter');
    await expect(widget.getByRole('log').getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
  } finally {
    await upstream.start();
  }
  await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0, { timeout: 30_000 });
  // It goes by itself once Chatwoot is back, with nothing to press.
  await expect(widget.getByRole('log').getByText('Not sent yet')).toHaveCount(0, { timeout: 30_000 });
  await expect(widget.getByRole('log').getByRole('button', { name: 'Send message again' })).toHaveCount(0);
  await expect
    .poll(async () => (await conversationMessages(conversationId, upstream.origin)).map((m) => m.content))
    .toEqual(['Are you there?', 'Sent while Chatwoot was down']);
});
