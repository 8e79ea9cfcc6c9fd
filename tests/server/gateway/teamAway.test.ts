import { afterEach, describe, expect, it } from 'vitest';
import { AWAY_HEADER } from '../../../src/shared/awayMode';
import { createFixture, type Fixture } from '../helpers';
import { gatewayInFrontOf } from './gatewayFixture';

// Gateway mode's away signal (docs/behaviour.md#away-mode): derived from what Chatwoot says, its
// agents' availability and the inbox's working hours, by the reference server's rule.

const CLOSED_WEEK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, closed_all_day: true, open_all_day: false }));

describe("the gateway's away signal on the loader's campaigns check", () => {
  let upstream: Fixture;
  afterEach(() => upstream?.close());

  const setAvailability = (availability: string) =>
    upstream.request('/api/v1/profile/availability', {
      method: 'POST',
      headers: { api_access_token: upstream.config.apiAccessToken },
      body: { profile: { account_id: 1, availability } },
    });

  it("says the gateway's AWAY_MODE while no agent of Chatwoot's inbox is online, and nothing while one is", async () => {
    upstream = await createFixture();
    await setAvailability('offline');
    const away = await gatewayInFrontOf(upstream, { awayMode: 'hide_launcher' });
    const answer = await away.app.request(`/api/v1/widget/campaigns?website_token=${away.token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(AWAY_HEADER)).toBe('hide_launcher');
    expect(answer.headers.get('access-control-expose-headers')).toBe(AWAY_HEADER);

    await setAvailability('online');
    const present = await gatewayInFrontOf(upstream, { awayMode: 'hide_launcher' });
    expect((await present.app.request(`/api/v1/widget/campaigns?website_token=${present.token}`)).headers.get(AWAY_HEADER)).toBeNull();
  });

  it("goes by Chatwoot's working hours once a visitor's page has read them", async () => {
    upstream = await createFixture();
    await upstream.agent('/inboxes/1', {
      method: 'PATCH',
      body: { working_hours_enabled: true, working_hours: CLOSED_WEEK, away_mode: 'email_form' },
    });
    const { app, token } = await gatewayInFrontOf(upstream, { awayMode: 'hide_launcher' });
    const campaigns = () => app.request(`/api/v1/widget/campaigns?website_token=${token}`);
    // The agent is online; the hours are not known before a config answer.
    expect((await campaigns()).headers.get(AWAY_HEADER)).toBeNull();
    expect((await app.request(`/widget?website_token=${token}`)).status).toBe(200);
    // Closed all week. The upstream names its own away mode; a Chatwoot names none, and AWAY_MODE applies.
    expect((await campaigns()).headers.get(AWAY_HEADER)).toBe('email_form');
  });
});
