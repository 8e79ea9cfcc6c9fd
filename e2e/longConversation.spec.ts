import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { hostSettings, saveScreenshot } from './support/widget';
import { agentMessage, openConversation, sendVisitorMessage, WIDGET_FRAME } from './support/widgetSession';

/**
 * A conversation of 2,000 agent messages (docs/architecture.md#long-conversations): the widget
 * opens at the newest, keeps only a window of them in the DOM, pages older ones in as the
 * visitor scrolls up without moving what they read, follows the newest again at the bottom,
 * and jumps to a reply's quoted message far above.
 */
const MESSAGES = 2000;
const FIRST = 'Hello, I have a long question';

/** The agent's messages, one after the other (so their ids follow their numbers), a few at a time. */
async function postMessages(conversationId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n++) ids.push((await agentMessage(conversationId, { content: `Message ${n}` })).id);
  return ids;
}

/** What the list holds in the DOM, and where its first visible message sits. */
const listState = (widget: FrameLocator) =>
  widget.locator('.messages__scroller').evaluate((scroller) => {
    const rows = [...scroller.querySelectorAll<HTMLElement>('.message-list > .message-row')];
    const top = scroller.getBoundingClientRect().top;
    const first = rows.find((row) => row.getBoundingClientRect().bottom > top);
    return {
      rows: rows.length,
      texts: rows.map((row) => row.querySelector('.bubble')?.textContent ?? ''),
      firstVisible: first?.querySelector('.bubble')?.textContent ?? '',
      firstVisibleTop: first ? first.getBoundingClientRect().top - top : NaN,
      scrollTop: scroller.scrollTop,
      atBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2,
    };
  });

/** Where a message's row sits relative to the top of the scroller's viewport (NaN when not in the DOM). */
const rowTop = (widget: FrameLocator, text: string) =>
  widget.locator('.messages__scroller').evaluate((scroller, wanted) => {
    const row = [...scroller.querySelectorAll('.message-list > .message-row')].find(
      (r) => r.querySelector('.bubble')?.textContent === wanted,
    );
    return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : Number.NaN;
  }, text);

async function reopen(page: Page): Promise<FrameLocator> {
  // No unread prompt over the page: the visitor comes back by opening the chat.
  await hostSettings(page, { showUnreadMessagesDialog: false });
  await page.goto(`${E2E.hostOrigin}/`);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  return page.frameLocator(WIDGET_FRAME);
}

test('a 2,000-message conversation opens at the newest, pages older messages in without a jump, and stays live', async ({ page }) => {
  test.setTimeout(600_000);
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, FIRST);
  // The visitor leaves while the agent writes 2,000 messages, and comes back to them.
  await page.goto('about:blank');
  const ids = await postMessages(conversationId, MESSAGES);

  const reopened = await reopen(page);
  const log = reopened.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(`Message ${MESSAGES}`, { exact: true })).toBeVisible();

  await test.step('it opens at the newest message, with far fewer than 2,000 in the DOM', async () => {
    const state = await listState(reopened);
    expect(state.atBottom).toBe(true);
    expect(state.texts.at(-1)).toBe(`Message ${MESSAGES}`);
    expect(state.rows).toBeLessThan(60);
    await saveScreenshot(page, 'long-conversation-open');
  });

  await test.step('scrolling to the top pages older messages in, and what the visitor read stays where it was', async () => {
    let most = 0;
    for (let step = 0; step < 200; step++) {
      const before = await listState(reopened);
      most = Math.max(most, before.rows);
      if (before.texts[0] === FIRST) break;
      // To the top, as a visitor dragging the scrollbar would; what is at the top then is what they read.
      const anchor = await reopened.locator('.messages__scroller').evaluate((scroller) => {
        scroller.scrollTop = 0;
        const top = scroller.getBoundingClientRect().top;
        const first = [...scroller.querySelectorAll('.message-list > .message-row')].find(
          (row) => row.getBoundingClientRect().bottom > top,
        );
        return {
          firstVisible: first?.querySelector('.bubble')?.textContent ?? '',
          firstVisibleTop: (first?.getBoundingClientRect().top ?? 0) - top,
        };
      });
      // Older messages arrive (from the server, or from those held) above it…
      await expect.poll(async () => (await listState(reopened)).texts[0]).not.toBe(before.texts[0]);
      await expect(reopened.locator('.message-list__older')).toHaveCount(0);
      // …and the message at the top of the viewport has not moved.
      expect(Math.abs((await rowTop(reopened, anchor.firstVisible)) - anchor.firstVisibleTop)).toBeLessThanOrEqual(1);
    }
    const top = await listState(reopened);
    expect(top.texts.slice(0, 2)).toEqual([FIRST, 'Message 1']);
    expect(most).toBeLessThan(200);
    await saveScreenshot(page, 'long-conversation-top');
  });

  await test.step('a reply quoting a message far above jumps to it', async () => {
    // Back to the newest first: End, as a keyboard user would, from 2,000 messages up.
    await log.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await listState(reopened)).atBottom).toBe(true);
    expect((await listState(reopened)).texts.at(-1)).toBe(`Message ${MESSAGES}`);
    await agentMessage(conversationId, { content: 'About your first question', content_attributes: { in_reply_to: ids[4] } });
    const reply = log.getByText('About your first question', { exact: true });
    await expect(reply).toBeVisible();
    await log.getByRole('button', { name: /Message 5$/ }).click();
    await expect(log.getByText('Message 5', { exact: true })).toBeInViewport();
    expect((await listState(reopened)).rows).toBeLessThan(200);
  });

  await test.step('a new agent message appears live at the bottom', async () => {
    await log.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await listState(reopened)).atBottom).toBe(true);
    await agentMessage(conversationId, { content: 'Still there?' });
    await expect(log.getByText('Still there?', { exact: true })).toBeInViewport();
    expect((await listState(reopened)).atBottom).toBe(true);
    await saveScreenshot(page, 'long-conversation-live');
  });
});

test("a conversation's history ends at an empty page, as Chatwoot's does: scrolled to its top, a short one asks once more, then no more", async ({
  page,
}) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, FIRST);
  await page.goto('about:blank');
  // Fewer than a page (20), but taller than the chat: the visitor can scroll to the top.
  const long = 'A long answer that takes several lines in the chat window, so that the conversation scrolls. '.repeat(3);
  for (let n = 1; n <= 10; n++) await agentMessage(conversationId, { content: `Answer ${n}: ${long}` });

  const older: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/widget/messages' && url.searchParams.has('before')) older.push(url.searchParams.get('before') ?? '');
  });
  const reopened = await reopen(page);
  const log = reopened.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(`Answer 10: ${long.trim()}`)).toBeVisible();
  expect((await listState(reopened)).atBottom).toBe(true);
  expect(older).toEqual([]);

  // To the top, as a visitor dragging the scrollbar would, until the oldest message held is there
  // (the list renders the rows above as they near, and keeps what the visitor read in place).
  const toTop = () => reopened.locator('.messages__scroller').evaluate((scroller) => void (scroller.scrollTop = 0));
  for (let step = 0; step < 10 && (await listState(reopened)).scrollTop > 0; step++) {
    await toTop();
    await page.waitForTimeout(300);
  }
  expect((await listState(reopened)).texts[0]).toBe(FIRST);
  await expect.poll(() => older.length).toBe(1);
  await expect(reopened.locator('.message-list__older')).toHaveCount(0);
  // The answer was empty: that was the start, and the history asks no more.
  await reopened.locator('.messages__scroller').evaluate((scroller) => void (scroller.scrollTop = 40));
  await toTop();
  await page.waitForTimeout(500);
  expect(older).toHaveLength(1);
  expect((await listState(reopened)).texts[0]).toBe(FIRST);
});
