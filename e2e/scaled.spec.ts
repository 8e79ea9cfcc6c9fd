import { mkdirSync } from 'node:fs';
import { expect, test, type Response } from '@playwright/test';
import pg from 'pg';
import { E2E } from './ports';
import { prepareNginx, type Nginx } from './support/nginx.mjs';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { startPostgres, startRedis, type Postgres, type Redis } from './support/services.mjs';
import { agentApiAt, withoutEmailCollect } from './support/agentApi';
import { agentMessage, conversationMessages, openConversation, sendVisitorMessage } from './support/widgetSession';

// The scaled mode end to end (docs/architecture.md#modes): two Wren processes on one PostgreSQL
// and one Redis (Debian's packages, started here on free ports), behind deploy/nginx/wren.conf
// as committed (round robin, failover), and a customer page that embeds the widget from nginx.
// The processes run with a 3-second presence window (PRESENCE_WINDOW_S), so an agent who goes
// quiet is offline for visitors within seconds instead of Chatwoot's 20.
const PROCESS_PORTS = [E2E.widgetPort + 20, E2E.widgetPort + 21];
const HOST_PAGE_PORT = E2E.widgetPort + 22;
const ARTIFACTS = 'e2e-artifacts/screenshots';

let postgres: Postgres;
let redis: Redis;
let nginx: Nginx;
let processes: OwnServer[];
let hostPage: Awaited<ReturnType<typeof serveHostPage>>;

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [postgres, redis, nginx] = await Promise.all([startPostgres(), startRedis(), prepareNginx()]);
  const admin = new pg.Client(postgres.url());
  await admin.connect();
  await admin.query('create database wren');
  await admin.end();
  const env = {
    DATABASE_URL: postgres.url('wren'),
    REDIS_URL: redis.url,
    PUBLIC_URL: nginx.origin,
    TRUST_PROXY: 'true',
    PRESENCE_WINDOW_S: '3',
  };
  processes = await Promise.all(PROCESS_PORTS.map((port) => ownWrenServer(port, { env })));
  // Both at once, as a deploy would: migrations and the seed run once between them.
  await Promise.all(processes.map((process) => process.start()));
  await nginx.start(PROCESS_PORTS);
  await withoutEmailCollect(processes[0].origin);
  hostPage = await serveHostPage(HOST_PAGE_PORT, nginx.origin);
  mkdirSync(ARTIFACTS, { recursive: true });
});

test.afterAll(async () => {
  await hostPage?.close();
  for (const process of processes ?? []) await process.dispose();
  await nginx?.stop();
  await redis?.stop();
  postgres?.stop();
});

/** Open cable sockets of a process, from its own `/metrics` (not through nginx). */
async function socketsOf(process: OwnServer): Promise<number> {
  const text = await (await fetch(`${process.origin}/metrics`)).text();
  return Number(/^wren_cable_sockets (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

/** The process holding the page's one socket, and the other one. */
async function whereIsTheVisitor(): Promise<{ visitorOn: OwnServer; other: OwnServer }> {
  let counts: number[] = [];
  await expect
    .poll(async () => {
      counts = await Promise.all(processes.map(socketsOf));
      return counts.reduce((a, b) => a + b, 0);
    })
    .toBe(1);
  const index = counts.indexOf(1);
  return { visitorOn: processes[index], other: processes[1 - index] };
}

test('an agent message through the other process arrives once, and stopping the visitor’s process loses nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const gapFills: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/v1/widget/messages' && url.searchParams.has('after')) gapFills.push(response);
  });

  const widget = await openConversation(page, hostPage.url);
  const log = widget.getByRole('log');
  const { conversationId } = await sendVisitorMessage(page, widget, 'Hello from the visitor');
  const { visitorOn, other } = await whereIsTheVisitor();

  await test.step('the agent answers through the process the visitor is not connected to', async () => {
    await agentMessage(conversationId, { content: 'Answered by the other process' }, other.origin);
    await expect(log.getByText('Answered by the other process')).toHaveCount(1);
  });

  await test.step("the visitor's process stops (SIGTERM): the widget moves to the other through nginx", async () => {
    const stopping = visitorOn.stop();
    // Written while the widget is between processes: it comes with the gap fill.
    await agentMessage(conversationId, { content: 'Written during the handover' }, other.origin);
    await stopping;
    await expect(log.getByText('Written during the handover')).toHaveCount(1, { timeout: 30_000 });
    await expect.poll(() => socketsOf(other), { timeout: 30_000 }).toBe(1);
    await agentMessage(conversationId, { content: 'Live from the process still up' }, other.origin);
    await expect(log.getByText('Live from the process still up')).toHaveCount(1);
    await expect(widget.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0);
  });

  await test.step('the visitor writes on, and the stopped process comes back into the rotation', async () => {
    await sendVisitorMessage(page, widget, 'Still here after the move');
    await visitorOn.start();
    await agentMessage(conversationId, { content: 'Both processes are up again' }, visitorOn.origin);
    await expect(log.getByText('Both processes are up again')).toHaveCount(1);
  });

  const expected = [
    'Hello from the visitor',
    'Answered by the other process',
    'Written during the handover',
    'Live from the process still up',
    'Still here after the move',
    'Both processes are up again',
  ];
  await test.step('every message is stored and shown exactly once, in order', async () => {
    expect((await conversationMessages(conversationId, other.origin)).map((m) => m.content)).toEqual(expected);
    for (const text of expected) await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    const filled = await Promise.all(gapFills.map(async (r) => (await r.json()).payload.map((m: { content: string }) => m.content)));
    expect(filled.flat()).toContain('Written during the handover');
    await page.screenshot({ path: `${ARTIFACTS}/scaled-handover.png` });
  });
});

test('an agent who stops showing signs of life is shown offline to visitors on every process, without a reload', async ({ page }) => {
  test.setTimeout(90_000);
  // The demo agent a new install seeds keeps its status whether or not it is there (auto-offline
  // off, docs/protocol.md#presence); a working team's agent has it on.
  await agentApiAt(processes[0].origin, 'POST', '/api/v1/profile/auto_offline', { profile: { account_id: 1, auto_offline: true } });
  // The agent works through one process (any Application API call refreshes presence).
  await agentApiAt(processes[0].origin, 'POST', '/api/v1/profile/availability', { profile: { account_id: 1, availability: 'online' } });
  await page.goto(hostPage.url);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const widget = page.frameLocator('#chatwoot_live_chat_widget');
  const card = widget.locator('.availability');
  await expect(card.getByRole('heading', { name: 'We are online' })).toBeVisible();

  // Then nothing more from them: within the 3 s window and one sweep, visitors are told.
  await expect(card.getByRole('heading', { name: 'We are away at the moment' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${ARTIFACTS}/scaled-presence-expired.png` });

  // The agent is back (a call through the other process): the widget follows, still live.
  await agentApiAt(processes[1].origin, 'GET', '/api/v1/accounts/1/conversations');
  await expect(card.getByRole('heading', { name: 'We are online' })).toBeVisible();
});
