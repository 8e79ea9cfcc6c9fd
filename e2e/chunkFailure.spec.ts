import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { openChat } from './support/widget';

// A lazy part that does not arrive (docs/architecture.md, loading strategy): the visitor sees a
// short message with a retry in place of the feature, the rest of the widget keeps working, and
// the retry loads the part once the network lets it through.

const CONVERSATION_CHUNK = /\/js\/widget-[^/]+\/Messages\.js(\?.*)?$/;

test('a conversation chunk that fails to load shows a retry, and the retry loads it once the network is back', async ({ page }) => {
  let blocked = 0;
  await page.route(CONVERSATION_CHUNK, (route) => {
    blocked += 1;
    return route.abort('failed');
  });

  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();

  // The shell's banner alerts stay on the page, empty: this is the part's own.
  const alert = widget.getByRole('alert').filter({ hasText: 'Part of the chat failed to load.' });
  await expect(alert).toContainText('Part of the chat failed to load.');
  expect(blocked).toBeGreaterThan(0);
  // The shell around the failed part keeps working: the header's Back button goes home.
  await widget.getByRole('button', { name: 'Back' }).click();
  await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(alert).toContainText('Part of the chat failed to load.');

  await page.unroute(CONVERSATION_CHUNK);
  const retry = widget.getByRole('button', { name: 'Try again' });
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('textbox', { name: 'Type your message' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
