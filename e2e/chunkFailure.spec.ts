import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { openChat, saveScreenshot } from './support/widget';

// A lazy part that does not arrive (docs/architecture.md, loading strategy): the visitor sees a
// short message with a retry in place of the feature, the rest of the widget keeps working, and
// the retry loads the part once the network lets it through.

const CONVERSATION_CHUNK = /\/js\/widget-[^/]+\/messages\.js(\?.*)?$/;

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

const FLOW_CHUNK = /\/js\/widget-[^/]+\/flow\.js(\?.*)?$/;

test('a send whose flow chunk fails keeps the text in the composer, says so, and goes once on the next Send', async ({ page }) => {
  await page.route(FLOW_CHUNK, (route) => route.abort('failed'));
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/widget\/(messages|conversations)$/.test(new URL(request.url()).pathname))
      sends.push(request.postData() ?? '');
  });

  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  await widget.getByRole('button', { name: 'Start Conversation' }).click();
  const composer = widget.getByRole('textbox', { name: 'Type your message' });
  await composer.fill('Is the blue one in stock?');
  await composer.press('Enter');

  await expect(widget.getByRole('alert').filter({ hasText: 'Part of the chat failed to load.' })).toBeVisible();
  await expect(composer).toHaveValue('Is the blue one in stock?');
  await expect(composer).toBeEditable();
  expect(sends).toEqual([]);
  await saveScreenshot(page, 'flow-chunk-failed');

  await page.unroute(FLOW_CHUNK);
  await composer.press('Enter');
  await expect(widget.getByRole('log').getByText('Is the blue one in stock?')).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect.poll(() => sends.length).toBe(1);
  expect(sends[0]).toContain('Is the blue one in stock?');
});
