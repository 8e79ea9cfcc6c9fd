import { afterEach, describe, expect, it } from 'vitest';
import { bootConfigFromChatwoot } from '../../../server/presenters/widgetConfig';
import { createFixture, type Fixture } from '../helpers';

const context = {
  origin: 'https://chatwoot.example',
  defaults: {
    LOGO_THUMBNAIL: '',
    BRAND_NAME: 'Wren',
    WIDGET_BRAND_URL: 'https://wren.example',
    MAXIMUM_FILE_UPLOAD_SIZE: 40,
    INSTALLATION_NAME: 'Wren',
  },
  awayMode: 'email_form',
} as const;

/** `POST /api/v1/widget/config` as Chatwoot answers it (docs/protocol.md#config). */
function chatwootAnswer() {
  return {
    website_channel_config: {
      allow_messages_after_resolved: false,
      api_host: 'https://chatwoot.example',
      auth_token: 'h.p.s',
      avatar_url: '/rails/active_storage/blobs/avatar.png',
      csat_survey_enabled: true,
      disable_branding: false,
      enabled_features: ['attachments', 'end_conversation', 'channel_email'],
      enabled_languages: [
        { name: 'English (en)', iso_639_1_code: 'en' },
        { name: 'Klingon (tlh)', iso_639_1_code: 'tlh' },
      ],
      locale: 'de',
      out_of_office_message: 'We are closed',
      portal: { id: 1, slug: 'docs', config: { allowed_locales: ['de', 'en'], default_locale: 'de' } },
      pre_chat_form_enabled: true,
      pre_chat_form_options: {
        pre_chat_message: 'Who are you?',
        pre_chat_fields: [{ field_type: 'standard', label: 'Email', name: 'emailAddress', type: 'email', required: true, enabled: true }],
      },
      reply_time: 'in_a_few_hours',
      timezone: 'Europe/Berlin',
      utc_off_set: '+01:00',
      website_name: 'Acme',
      website_token: 'tok',
      welcome_tagline: 'Ask us anything',
      welcome_title: 'Hi there',
      widget_color: '#ff5500',
      working_hours: [
        { day_of_week: 1, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 30, open_all_day: false, closed_all_day: false },
      ],
      working_hours_enabled: true,
    },
    contact: { id: 5, name: 'quiet-moon', email: null, identifier: null, phone_number: null, pubsub_token: 'pubsub-5' },
    global_config: {
      LOGO_THUMBNAIL: '/brand-assets/logo_thumbnail.svg',
      BRAND_NAME: 'Chatwoot',
      WIDGET_BRAND_URL: 'https://www.chatwoot.com',
      MAXIMUM_FILE_UPLOAD_SIZE: '25',
      INSTALLATION_NAME: 'Chatwoot',
    },
  };
}

describe("the data block from Chatwoot's config answer", () => {
  it('maps every channel field to the name the widget reads (docs/protocol.md#the-widget-page)', () => {
    const boot = bootConfigFromChatwoot(chatwootAnswer(), context)!;
    expect(boot.authToken).toBe('h.p.s');
    expect(boot.chatwootPubsubToken).toBe('pubsub-5');
    expect(boot.chatwootWebChannel).toMatchObject({
      avatarUrl: 'https://chatwoot.example/rails/active_storage/blobs/avatar.png',
      locale: 'de',
      websiteName: 'Acme',
      websiteToken: 'tok',
      welcomeTitle: 'Hi there',
      welcomeTagline: 'Ask us anything',
      widgetColor: '#ff5500',
      replyTime: 'in_a_few_hours',
      portal: { slug: 'docs', config: { allowed_locales: ['de', 'en'], default_locale: 'de' } },
      preChatFormEnabled: true,
      workingHoursEnabled: true,
      outOfOfficeMessage: 'We are closed',
      utcOffset: '+01:00',
      timezone: 'Europe/Berlin',
      allowMessagesAfterResolved: false,
      disableBranding: false,
    });
    expect(boot.chatwootWebChannel.preChatFormOptions.pre_chat_fields[0]).toMatchObject({
      name: 'emailAddress',
      type: 'email',
      required: true,
    });
    expect(boot.chatwootWebChannel.workingHours).toEqual(chatwootAnswer().website_channel_config.working_hours);
  });

  it("gives Chatwoot's inbox the gateway's AWAY_MODE and today's file types up to Chatwoot's upload limit, which Chatwoot has no settings for", () => {
    const channel = bootConfigFromChatwoot(chatwootAnswer(), context)!.chatwootWebChannel;
    expect(channel).toMatchObject({ awayMode: 'email_form', consentText: {}, privacyPolicyUrl: null, fileRules: { maxSizeMb: 25 } });
    expect(channel.fileRules.extensions).toEqual(expect.arrayContaining(['png', 'pdf', 'docx']));
    expect(channel.fileRules.extensions).not.toContain('exe');
  });

  it('keeps only the features the widget knows, and offers the languages the widget ships', () => {
    const channel = bootConfigFromChatwoot(chatwootAnswer(), context)!.chatwootWebChannel;
    expect(channel.enabledFeatures).toEqual(['attachments', 'end_conversation']);
    const codes = channel.enabledLanguages.map((l) => l.iso_639_1_code);
    expect(codes).toContain('pt_BR');
    expect(codes).not.toContain('tlh');
  });

  it("takes the installation's global config, with the logo on Chatwoot's origin and no direct uploads", () => {
    expect(bootConfigFromChatwoot(chatwootAnswer(), context)!.globalConfig).toEqual({
      LOGO_THUMBNAIL: 'https://chatwoot.example/brand-assets/logo_thumbnail.svg',
      BRAND_NAME: 'Chatwoot',
      WIDGET_BRAND_URL: 'https://www.chatwoot.com',
      DIRECT_UPLOADS_ENABLED: false,
      MAXIMUM_FILE_UPLOAD_SIZE: 25,
      INSTALLATION_NAME: 'Chatwoot',
    });
  });

  it("falls back to Chatwoot's defaults for optional fields that are missing or odd", () => {
    const answer = chatwootAnswer();
    const partial = {
      ...answer,
      website_channel_config: { auth_token: 'h.p.s', website_token: 'tok', reply_time: 'someday', working_hours: 'none', widget_color: 7 },
      global_config: undefined,
    };
    const boot = bootConfigFromChatwoot(partial, context)!;
    expect(boot.chatwootWebChannel).toMatchObject({
      replyTime: 'in_a_few_minutes',
      workingHours: [],
      widgetColor: '#1f93ff',
      allowMessagesAfterResolved: true,
      enabledFeatures: ['attachments', 'emoji_picker', 'end_conversation'],
      portal: null,
      timezone: 'UTC',
      locale: 'en',
    });
    expect(boot.globalConfig).toMatchObject({ BRAND_NAME: 'Wren', MAXIMUM_FILE_UPLOAD_SIZE: 40 });
  });

  it("carries Chatwoot's portal record to the widget, filling what it left out (docs/protocol.md#help-centre)", () => {
    const answer = chatwootAnswer();
    const withPortal = (portal: unknown) =>
      bootConfigFromChatwoot({ ...answer, website_channel_config: { ...answer.website_channel_config, portal } }, context)!
        .chatwootWebChannel.portal;
    expect(
      withPortal({
        id: 4,
        account_id: 2,
        name: 'Docs',
        slug: 'docs',
        custom_domain: 'help.acme.example',
        color: '#ff5500',
        homepage_link: 'https://acme.example',
        page_title: 'Acme docs',
        header_text: 'Hi',
        created_at: '2024-06-10T12:00:00.000Z',
        updated_at: '2024-06-11T12:00:00.000Z',
        config: { allowed_locales: ['de', 'en'], default_locale: 'de', layout: 'classic' },
        archived: false,
        channel_web_widget_id: 3,
        ssl_settings: {},
        password_digest: null,
      }),
    ).toEqual({
      id: 4,
      account_id: 2,
      name: 'Docs',
      slug: 'docs',
      custom_domain: 'help.acme.example',
      color: '#ff5500',
      homepage_link: 'https://acme.example',
      page_title: 'Acme docs',
      header_text: 'Hi',
      created_at: '2024-06-10T12:00:00.000Z',
      updated_at: '2024-06-11T12:00:00.000Z',
      config: { allowed_locales: ['de', 'en'], default_locale: 'de' },
      archived: false,
      channel_web_widget_id: 3,
      ssl_settings: {},
    });
    // The Application API's locale objects are read as codes; missing fields take defaults.
    expect(withPortal({ slug: 'docs', config: { allowed_locales: [{ code: 'fr' }, 7, ''] } })).toEqual({
      id: 0,
      account_id: 0,
      name: '',
      slug: 'docs',
      custom_domain: null,
      color: null,
      homepage_link: null,
      page_title: null,
      header_text: null,
      created_at: '',
      updated_at: '',
      config: { allowed_locales: ['fr'], default_locale: 'en' },
      archived: false,
      channel_web_widget_id: null,
      ssl_settings: {},
    });
    // Without a slug there is no help centre to show.
    expect(withPortal({ name: 'Docs', config: { allowed_locales: ['en'] } })).toBeNull();
  });

  it('refuses an answer without the visitor token or pubsub token', () => {
    const answer = chatwootAnswer();
    expect(bootConfigFromChatwoot({ ...answer, contact: { id: 5 } }, context)).toBeNull();
    expect(
      bootConfigFromChatwoot({ ...answer, website_channel_config: { ...answer.website_channel_config, auth_token: undefined } }, context),
    ).toBeNull();
    expect(bootConfigFromChatwoot('<html>maintenance</html>', context)).toBeNull();
  });
});

describe('POST /api/v1/widget/config on the reference server', () => {
  let fixture: Fixture;
  afterEach(() => fixture?.close());

  it("answers Chatwoot's shape, which reads back into the same data block as the /widget page's", async () => {
    fixture = await createFixture();
    const visitor = await fixture.visit();
    const res = await fixture.widget('/config', visitor, { method: 'POST' });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(Object.keys(answer).sort()).toEqual(['contact', 'global_config', 'website_channel_config']);
    expect(answer.contact.pubsub_token).toBe(visitor.pubsubToken);
    expect(answer.website_channel_config.csat_survey_enabled).toBe(false);
    const boot = bootConfigFromChatwoot(answer, { ...context, origin: 'http://localhost' })!;
    expect(boot.chatwootPubsubToken).toBe(visitor.pubsubToken);
    const { authToken: _a, ...rest } = boot;
    // The page also carries the first paint's data (docs/protocol.md#the-data-block), which Chatwoot's answer has not.
    const { authToken: _b, initialData: _c, ...fromPage } = visitor.config;
    expect(rest).toEqual(fromPage);
  });

  it('starts a new visitor without a token, and 404s an unknown website token', async () => {
    fixture = await createFixture();
    const visitor = await fixture.visit();
    const fresh = await (await fixture.widget('/config', null, { method: 'POST' })).json();
    expect(fresh.contact.pubsub_token).not.toBe(visitor.pubsubToken);
    const unknown = await fixture.request('/api/v1/widget/config?website_token=nope', { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});
