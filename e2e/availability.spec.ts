import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { changeInbox, setAgentAvailability, weekOpenOnlyIn3Days } from './support/settings';
import { openChat } from './support/widget';

// Who is there and how soon they answer (docs/behaviour.md#availability, #time-until-back), as the
// agent sets it through the Application API. Each test leaves the agent as the run has them, at
// work and online (e2e/support/startServer.mjs): what the inbox's member list showed before is
// presence, not a choice, and setting it back as a choice could leave every later spec's team
// away (an agent not seen yet reads offline).
const atWork = () => setAgentAvailability('online');

test('outside working hours the widget says the team is away and when it is back', async ({ page }) => {
  // Open only on the day three days from now (UTC), so closed now at any time of day.
  const { workingHours, openDay } = weekOpenOnlyIn3Days();
  const restoreInbox = await changeInbox({ working_hours_enabled: true, working_hours: workingHours, timezone: 'UTC' });
  try {
    // An agent is online, so "away" comes from the working hours alone.
    await setAgentAvailability('online');
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);

    // Home: the availability card.
    const card = widget.getByRole('region', { name: 'We are away at the moment' });
    await expect(card.getByRole('heading', { name: 'We are away at the moment' })).toBeVisible();
    await expect(card.getByText(`We will be back online on ${openDay}`)).toBeVisible();
    await expect(card.getByText('We are online')).toHaveCount(0);

    // The conversation's header says the same, with no online dot.
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    const header = widget.locator('header.header');
    await expect(header.getByText(`We will be back online on ${openDay}`)).toBeVisible();
    await expect(header.locator('.online-dot')).toHaveCount(0);
  } finally {
    await atWork();
    await restoreInbox();
  }
});

test('with an agent online the widget says so, and follows the agent going offline live', async ({ page }) => {
  const restoreInbox = await changeInbox({ working_hours_enabled: false, reply_time: 'in_a_few_minutes' });
  try {
    await setAgentAvailability('online');
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);

    const card = widget.locator('.availability');
    await expect(card.getByRole('heading', { name: 'We are online' })).toBeVisible();
    await expect(card.getByText('Typically replies in a few minutes')).toBeVisible();

    // The conversation's header: the green dot and the reply time.
    await widget.getByRole('button', { name: 'Start Conversation' }).click();
    const header = widget.locator('header.header');
    await expect(header.locator('.online-dot')).toBeVisible();
    await expect(header.getByText('Typically replies in a few minutes')).toBeVisible();

    // The agent goes offline while the window is open: presence.update over the cable.
    await setAgentAvailability('offline');
    await expect(header.locator('.online-dot')).toHaveCount(0);
    await expect(header.getByText('We are away at the moment')).toBeVisible();
    await widget.getByRole('button', { name: 'Back' }).click();
    await expect(card.getByRole('heading', { name: 'We are away at the moment' })).toBeVisible();

    // …and back online, still without a reload.
    await setAgentAvailability('online');
    await expect(card.getByRole('heading', { name: 'We are online' })).toBeVisible();
  } finally {
    await atWork();
    await restoreInbox();
  }
});
