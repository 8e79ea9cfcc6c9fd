import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { saveScreenshot } from './support/widget';
import { agentMessage, openConversation, sendVisitorMessage } from './support/widgetSession';

/**
 * An agent's markdown in the widget as Chatwoot's formatter renders it
 * (docs/protocol.md#differences-from-chatwoot): headings written one after the other, an image
 * sized by `cw_image_height` and loaded from the widget's own server, the help centre's column
 * widths marker hidden over its table, and the one deliberate difference, a `javascript:` link
 * shown as its text.
 */
test('an agent’s markdown renders as Chatwoot renders it', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'How do returns work?');
  await agentMessage(conversationId, {
    content: [
      '### Returns \n ## Within 30 days',
      '![Wren](/favicon.svg?cw_image_height=24px)',
      '<!--cw-colwidths:120,200-->\n| Plan | Days |\n| --- | ---: |\n| Basic | 30 |',
      '[click](javascript:alert(1)) or [read the policy](https://example.com/returns)',
    ].join('\n\n'),
  });

  const log = widget.getByRole('log');
  await expect(log.getByRole('heading', { level: 3, name: 'Returns' })).toBeVisible();
  await expect(log.getByRole('heading', { level: 2, name: 'Within 30 days' })).toBeVisible();
  const image = log.getByRole('img', { name: 'Wren' });
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((img: HTMLImageElement) => [img.src, img.complete && img.naturalWidth > 0, img.getBoundingClientRect().height]),
  ).toEqual([`${E2E.widgetOrigin}/favicon.svg?cw_image_height=24px`, true, 24]);
  await expect(log.getByRole('table')).toBeVisible();
  await expect(log.getByRole('cell', { name: '30' })).toBeVisible();
  await expect(log).not.toContainText('cw-colwidths');
  await expect(log.getByRole('link', { name: 'read the policy' })).toHaveAttribute('href', 'https://example.com/returns');
  await expect(log.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(log.getByText('click or', { exact: false })).toBeVisible();
  await saveScreenshot(page, 'markdown-chatwoot-vectors');
});
