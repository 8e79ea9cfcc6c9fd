import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect as expectSoon } from '@playwright/test';
import { outboxPrefix } from '../src/shared/outbox';
import { E2E } from './ports';
import { agentApiAt, withoutEmailCollect } from './support/agentApi';
import { engineTest as test } from './support/engines/engineTest';
import { type BrowserSession, ENGINES, type Target } from './support/engines/engines';
import { ownWrenServer, serveHostPage } from './support/ownServer';

// A message left unsent at a reload, where every real site embeds the widget: cross-site, the host
// page on 127.0.0.1 and Wren on localhost, which are different sites (docs/behaviour.md#the-outbox-across-pages).
// Chromium refuses such a frame its localStorage and Web Locks, Firefox partitions them and WebKit
// keeps them apart too, so the loader keeps the widget's unsent messages in the host page's own
// storage. The server goes down for real (its process stops), the page reloads while it is down,
// the server comes back, the visitor opens the chat on the next page: the message reaches the agent once.

// Give-up limits for a frame and a server that start on a shared, loaded machine, not speed claims.
const expect = expectSoon.configure({ timeout: 30_000 });

const SERVER_PORT = E2E.widgetPort + 46;
const HOST_PAGE_PORT = E2E.widgetPort + 47;

const LAUNCHER: Target = { scope: 'host', css: '.root > button.bubble' };
const START: Target = { scope: 'chat', css: 'button', name: 'Start Conversation' };
const COMPOSER: Target = { scope: 'chat', css: 'textarea.composer__input' };

const logText = () => document.querySelector('[role="log"]')?.textContent ?? '';
/** Whether the frame may use its own localStorage: the reason the loader keeps the outbox. */
const frameStorageRefused = () => {
  try {
    localStorage.getItem('probe');
    return false;
  } catch {
    return true;
  }
};
/** The outbox's entries in the host page's own localStorage. */
const keptOnHost = (prefix: string) =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith(prefix))
    .map((key) => (JSON.parse(localStorage.getItem(key)!) as { content: string }).content);

interface Listed {
  payload: { content: string | null; message_type: number }[];
}

for (const engine of ENGINES)
  test.describe(engine.title, () => {
    test.use({ engine, viewport: { width: 1024, height: 768 } });
    // A give-up limit for a browser, a server started twice and a dozen steps on a shared machine, not a speed claim.
    test.describe.configure({ timeout: 180_000 });

    test('a message left unsent at a reload reaches the agent once the server is back, embedded cross-site', async ({
      session,
    }, testInfo) => {
      const shots = join(testInfo.project.outputDir, 'cross-site-outbox', engine.name);
      mkdirSync(shots, { recursive: true });
      const server = await ownWrenServer(SERVER_PORT);
      const hostPage = await serveHostPage(HOST_PAGE_PORT, server.origin);
      try {
        await server.start();
        await withoutEmailCollect(server.origin);
        await visitAndLeaveOneUnsent(session, hostPage.url, server, (step) => session.screenshot(join(shots, `${step}.png`)));
      } finally {
        await hostPage.close();
        await server.dispose();
      }
    });
  });

async function visitAndLeaveOneUnsent(
  session: BrowserSession,
  hostUrl: string,
  server: Awaited<ReturnType<typeof ownWrenServer>>,
  screenshot: (step: string) => Promise<void>,
): Promise<void> {
  const stamp = Date.now().toString(36);
  const [first, pending] = [`first ${session.engine} ${stamp}`, `left unsent ${session.engine} ${stamp}`];
  const prefix = outboxPrefix(E2E.websiteToken);
  const stored = async () => {
    const list = await agentApiAt<Listed>(server.origin, 'GET', '/api/v1/accounts/1/conversations/1/messages').catch(() => undefined);
    return list?.payload.filter((message) => message.content === pending).length ?? 0;
  };

  await test.step('the visitor starts a conversation on a page of another site', async () => {
    await session.goto(hostUrl);
    await session.click(LAUNCHER);
    await expect.poll(() => session.evaluate('host', () => window.$chatwoot?.hasLoaded === true, null)).toBe(true);
    await session.click(START);
    await session.type(COMPOSER, first);
    await session.press(COMPOSER, 'Enter');
    await expect
      .poll(() =>
        agentApiAt<Listed>(server.origin, 'GET', '/api/v1/accounts/1/conversations/1/messages')
          .then((l) => l.payload.map((m) => m.content))
          .catch(() => []),
      )
      .toContain(first);
  });

  await test.step('with the server down, a message waits: kept in the host page’s storage', async () => {
    await server.stop();
    await session.type(COMPOSER, pending);
    await session.press(COMPOSER, 'Enter');
    await expect.poll(() => session.evaluate('chat', logText, null)).toContain('Not sent yet');
    await expect.poll(() => session.evaluate('host', keptOnHost, prefix)).toEqual([pending]);
    await screenshot('1-waiting');
    if (session.engine === 'chromium') expect(await session.evaluate('chat', frameStorageRefused, null)).toBe(true);
  });

  await test.step('the page reloads while the server is still down: the message is still kept', async () => {
    await session.reload();
    expect(await session.evaluate('host', keptOnHost, prefix)).toEqual([pending]);
  });

  await test.step('the server comes back; on the next page of the site the visitor opens the chat', async () => {
    // The next page rather than the reloaded one: with its server down, a page may have no
    // launcher at all (sdk.js comes from that server, and WebKit revalidates it on a reload).
    await server.start();
    await session.goto(hostUrl);
    await session.click(LAUNCHER);
    await expect.poll(() => session.evaluate('host', () => window.$chatwoot?.hasLoaded === true, null)).toBe(true);
  });

  await test.step('the message reaches the agent once, shows once as sent, and nothing stays kept', async () => {
    await expect.poll(stored).toBe(1);
    await expect.poll(() => session.evaluate('host', keptOnHost, prefix)).toEqual([]);
    await expect.poll(() => session.evaluate('chat', logText, null)).not.toContain('Not sent yet');
    expect((await session.evaluate('chat', logText, null)).split(pending).length - 1).toBe(1);
    await screenshot('2-delivered');
    // Another page view later sends nothing again.
    await session.reload();
    await session.click(LAUNCHER);
    await expect.poll(() => session.evaluate('chat', logText, null)).toContain(pending);
    expect(await stored()).toBe(1);
  });
}
