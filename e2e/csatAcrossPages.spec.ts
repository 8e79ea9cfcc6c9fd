import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.mjs';
import { agentMessage, conversationMessages, openConversation, sendVisitorMessage } from './support/widgetSession';

// Issue 35: Chatwoot's widget keeps a chosen face (it sends it at once); Wren, which sends it with
// the comment on Submit, keeps it in the frame until then (docs/behaviour.md#csat). Debian's
// Chromium runs Chrome's third-party-cookie test mode, which denies the cross-site chat frame any
// storage; Chrome, Firefox and Safari give it its own partitioned storage, and so does this run.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-features=TrackingProtection3pcd'] } });

/** The stored answer to one message, as the agent sees it. */
const submittedValues = async (conversationId: number, messageId: number) =>
  (await conversationMessages(conversationId)).find((m) => m.id === messageId)?.content_attributes.submitted_values ?? null;

test('a rating chosen and not sent is still chosen after a reload, and goes on Submit', async ({ page }) => {
  const widget = await openConversation(page);
  const { conversationId } = await sendVisitorMessage(page, widget, 'All sorted, thanks');
  const survey = await agentMessage(conversationId, {
    content: 'How did we do?',
    content_type: 'input_csat',
    content_attributes: { display_type: 'emoji' },
  });
  const log = widget.getByRole('log');
  const ratings = log.getByRole('group', { name: 'Rate your conversation' });
  // Chosen as a visitor does: by clicking the face, whose label holds the hidden radio button.
  await ratings.locator('label').filter({ hasText: 'Good' }).click();
  await expect(ratings.getByRole('radio', { name: 'Good' })).toBeChecked();

  // The next page of the site: the chat opened again, the face still chosen, nothing sent yet.
  await page.reload();
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(ratings.getByRole('radio', { name: 'Good' })).toBeChecked();
  expect(await submittedValues(conversationId, survey.id)).toBeNull();
  await log.getByRole('button', { name: 'Submit' }).click();
  await expect(log.getByText('Thank you for submitting the rating')).toBeVisible();
  await expect.poll(() => submittedValues(conversationId, survey.id)).toMatchObject({ csat_survey_response: { rating: 4 } });
});
