import { utcOffset } from '../../server/presenters/inbox';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const patchInbox = (body: unknown) => fx.agent('/inboxes/1', { method: 'PATCH', body });
const channel = async () => (await fx.visit()).config.chatwootWebChannel;

const WEEK = [
  { day_of_week: 0, closed_all_day: true, open_all_day: false },
  { day_of_week: 1, open_all_day: true, closed_all_day: false },
  ...[2, 3, 4, 5].map((day) => ({
    day_of_week: day,
    closed_all_day: false,
    open_all_day: false,
    open_hour: 8,
    open_minutes: 30,
    close_hour: 18,
    close_minutes: 0,
  })),
  { day_of_week: 6, closed_all_day: false, open_all_day: false, open_hour: 10, open_minutes: 0, close_hour: 23, close_minutes: 59 },
];

describe('inbox settings reach the /widget page', () => {
  it('round-trips every widget setting into chatwootWebChannel', async () => {
    const res = await patchInbox({
      working_hours_enabled: true,
      working_hours: WEEK,
      timezone: 'Asia/Kathmandu',
      out_of_office_message: 'We are away',
      csat_survey_enabled: true,
      csat_config: { display_type: 'star', message: 'Rate us' },
      allow_messages_after_resolved: false,
      avatar_url: 'https://cdn.example/logo.png',
      channel: {
        reply_time: 'in_a_few_hours',
        widget_color: '#112233',
        welcome_title: 'Hi!',
        welcome_tagline: 'Ask anything',
        selected_feature_flags: ['emoji_picker', 'use_inbox_avatar_for_bot'],
        pre_chat_form_enabled: true,
        pre_chat_form_options: {
          pre_chat_message: 'Tell us who you are',
          pre_chat_fields: [{ field_type: 'standard', name: 'emailAddress', label: 'Email', type: 'email', required: true, enabled: true }],
        },
        hmac_mandatory: true,
        allowed_domains: 'https://shop.example',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      hmac_mandatory: true,
      allowed_domains: 'https://shop.example',
      csat_config: { display_type: 'star', message: 'Rate us' },
    });
    const config = await channel();
    expect(config).toMatchObject({
      workingHoursEnabled: true,
      timezone: 'Asia/Kathmandu',
      utcOffset: '+05:45',
      outOfOfficeMessage: 'We are away',
      allowMessagesAfterResolved: false,
      avatarUrl: 'https://cdn.example/logo.png',
      replyTime: 'in_a_few_hours',
      widgetColor: '#112233',
      welcomeTitle: 'Hi!',
      welcomeTagline: 'Ask anything',
      enabledFeatures: ['emoji_picker', 'use_inbox_avatar_for_bot'],
      preChatFormEnabled: true,
      preChatFormOptions: {
        pre_chat_message: 'Tell us who you are',
        pre_chat_fields: [expect.objectContaining({ name: 'emailAddress', enabled: true })],
      },
    });
    // Entries merge by day: an all-day flag leaves that day's earlier hours in place, unused.
    expect(config.workingHours).toMatchObject(WEEK);
    // The survey arrives as a message: the widget does not read that flag.
    expect(config).not.toHaveProperty('csatSurveyEnabled');
    // Chatwoot's page global, which names the inbox's agent bot: none is ever connected here.
    expect(config).toHaveProperty('hasAConnectedAgentBot', '');
  });

  it("gives the timezone's offset at the current moment, daylight saving included", () => {
    expect(utcOffset('America/New_York', new Date('2024-01-15T12:00:00Z'))).toBe('-05:00');
    expect(utcOffset('America/New_York', new Date('2024-07-15T12:00:00Z'))).toBe('-04:00');
    expect(utcOffset('Asia/Kolkata')).toBe('+05:30');
    expect(utcOffset('UTC')).toBe('+00:00');
  });

  it("keeps a pre-chat field's bounds (min, max) for the widget's form rules", async () => {
    const seats = { field_type: 'conversation_attribute', name: 'seats', label: 'Seats', type: 'number', enabled: true, min: 2, max: 50 };
    expect((await patchInbox({ channel: { pre_chat_form_options: { pre_chat_fields: [seats] } } })).status).toBe(200);
    expect((await channel()).preChatFormOptions.pre_chat_fields).toEqual([expect.objectContaining({ name: 'seats', min: 2, max: 50 })]);
  });

  it('clears the avatar with an empty string', async () => {
    await patchInbox({ avatar_url: 'https://cdn.example/a.png' });
    await patchInbox({ avatar_url: '' });
    expect((await channel()).avatarUrl).toBe('');
  });

  it.each([
    ['an hour of 24', { working_hours: [{ day_of_week: 1, open_hour: 9, close_hour: 24 }] }],
    ['minutes of 60', { working_hours: [{ day_of_week: 1, open_minutes: 60 }] }],
    ['a day that closes before it opens', { working_hours: [{ day_of_week: 1, open_hour: 17, close_hour: 9 }] }],
    ['a day open and closed all day', { working_hours: [{ day_of_week: 1, open_all_day: true, closed_all_day: true }] }],
    ['an unknown timezone', { timezone: 'Europe/Atlantis' }],
    ['an unknown CSAT display type', { csat_config: { display_type: 'thumbs' } }],
    ['a CSAT rule with an unknown operator', { csat_config: { survey_rules: { operator: 'near', values: [] } } }],
    ['a javascript: avatar', { avatar_url: 'javascript:alert(1)' }],
    ['an unknown reply time', { channel: { reply_time: 'in_a_week' } }],
    ['a pre-chat bound that is no number', { channel: { pre_chat_form_options: { pre_chat_fields: [{ name: 'seats', min: '2' }] } } }],
    ['a pre-chat min above its max', { channel: { pre_chat_form_options: { pre_chat_fields: [{ name: 'seats', min: 9, max: 3 }] } } }],
  ])('refuses %s with 422 and keeps the settings', async (_name, body) => {
    const res = await patchInbox(body);
    expect(res.status).toBe(422);
    expect((await res.json()).error).toEqual(expect.any(String));
    expect(await channel()).toMatchObject({ timezone: 'UTC', avatarUrl: '' });
    expect((await channel()).workingHours[1]).toMatchObject({ open_hour: 9, close_hour: 17 });
  });
});

describe('CSAT survey rules', () => {
  it('sends the survey only to conversations with (or without) the listed labels', async () => {
    await fx.agent('/labels', { method: 'POST', body: { title: 'sales' } });
    await patchInbox({ csat_survey_enabled: true, csat_config: { survey_rules: { operator: 'contains', values: ['sales'] } } });
    const surveys = async (label: boolean) => {
      const visitor = await fx.visit();
      const { conversation_id: id } = await sendMessage(fx, visitor, 'hi');
      if (label) await fx.agent(`/conversations/${id}/labels`, { method: 'POST', body: { labels: ['sales'] } });
      const events = fx.listen(visitor.pubsubToken);
      await fx.agent(`/conversations/${id}/toggle_status`, { method: 'POST', body: { status: 'resolved' } });
      return events.filter((e) => e.event === 'message.created').length;
    };
    expect(await surveys(true)).toBe(1);
    expect(await surveys(false)).toBe(0);
    await patchInbox({ csat_config: { survey_rules: { operator: 'does_not_contain', values: ['sales'] } } });
    expect(await surveys(true)).toBe(0);
    expect(await surveys(false)).toBe(1);
  });
});
