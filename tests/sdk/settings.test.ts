import { colorScheme, loaderSettings, widgetSettings, type HostSettings } from '../../src/sdk/settings';
import { DEFAULT_WIDGET_SETTINGS } from '../../src/shared/widgetSettings';

afterEach(() => vi.unstubAllGlobals());

describe('the loader settings', () => {
  it("uses Chatwoot's defaults when the site sets nothing", () => {
    expect(loaderSettings()).toEqual({
      position: 'right',
      type: 'standard',
      hideMessageBubble: false,
      widgetStyle: 'standard',
      darkMode: 'light',
      locale: undefined,
    });
  });

  it('puts the launcher on the left only for "left"', () => {
    expect(loaderSettings({ position: 'left' }).position).toBe('left');
    expect(loaderSettings({ position: 'right' }).position).toBe('right');
  });

  it.each(['Left', 'center', 'bottom-left', ''])('puts the launcher on the right for %j', (position) => {
    expect(loaderSettings({ position } as never).position).toBe('right');
  });

  it('accepts the expanded bubble type', () => {
    expect(loaderSettings({ type: 'expanded_bubble' }).type).toBe('expanded_bubble');
  });

  it.each(['standard', 'expanded', 'bubble', ''])('uses the standard bubble for type %j', (type) => {
    expect(loaderSettings({ type } as never).type).toBe('standard');
  });

  it('accepts the flat widget style, and anything else is standard', () => {
    expect(loaderSettings({ widgetStyle: 'flat' }).widgetStyle).toBe('flat');
    expect(loaderSettings({ widgetStyle: 'rounded' } as never).widgetStyle).toBe('standard');
  });

  it.each([
    ['dark', 'dark'],
    ['auto', 'auto'],
    ['light', 'light'],
    ['Dark', 'light'],
    ['night', 'light'],
    ['', 'light'],
  ])('normalises darkMode %j to %j', (darkMode, expected) => {
    expect(loaderSettings({ darkMode } as never).darkMode).toBe(expected);
  });

  it('keeps the launcher title and the hidden-bubble flag', () => {
    const settings = loaderSettings({ launcherTitle: 'Talk to us', hideMessageBubble: true });
    expect(settings.launcherTitle).toBe('Talk to us');
    expect(settings.hideMessageBubble).toBe(true);
  });

  it('uses the configured locale', () => {
    expect(loaderSettings({ locale: 'fr' }).locale).toBe('fr');
  });

  it('uses the browser language, in Chatwoot form, when useBrowserLanguage is set', () => {
    vi.stubGlobal('navigator', { language: 'pt-BR' });
    expect(loaderSettings({ useBrowserLanguage: true, locale: 'fr' }).locale).toBe('pt_BR');
  });

  it('ignores the browser language when useBrowserLanguage is not set', () => {
    vi.stubGlobal('navigator', { language: 'pt-BR' });
    expect(loaderSettings({ locale: 'fr' }).locale).toBe('fr');
  });

  it('falls back to the configured locale when the browser reports no language', () => {
    vi.stubGlobal('navigator', { language: '' });
    expect(loaderSettings({ useBrowserLanguage: true, locale: 'fr' }).locale).toBe('fr');
  });

  it('keeps the cookie domain, colour and eager-load wish', () => {
    const settings = loaderSettings({ baseDomain: '.example.com', widgetColor: '#ff0000', loadEagerly: true });
    expect(settings).toMatchObject({ baseDomain: '.example.com', widgetColor: '#ff0000', loadEagerly: true });
  });
});

describe('the settings sent to the widget', () => {
  const forWidget = (raw: HostSettings) => widgetSettings(raw, loaderSettings(raw));

  it("uses Chatwoot's defaults when the site sets nothing", () => {
    expect(forWidget({})).toEqual({
      locale: undefined,
      position: 'right',
      showPopoutButton: false,
      showUnreadMessagesDialog: true,
      widgetStyle: 'standard',
      darkMode: 'light',
      welcomeTitle: '',
      welcomeDescription: '',
      availableMessage: '',
      unavailableMessage: '',
      enableFileUpload: undefined,
      enableEmojiPicker: true,
      enableEndConversation: true,
      consent: 'granted',
      consentDeclined: 'session',
      storage: 'persistent',
    });
  });

  it('asks for consent when the site requires it, and passes its consent and storage choices', () => {
    expect(forWidget({ consent: 'required', consentDeclined: 'none', storage: 'session' })).toMatchObject({
      consent: 'ask',
      consentDeclined: 'none',
      storage: 'session',
    });
  });

  it('reads unknown consent and storage values as the defaults', () => {
    expect(forWidget({ consent: 'yes', consentDeclined: 'never', storage: 'disk' } as never)).toMatchObject({
      consent: 'granted',
      consentDeclined: 'session',
      storage: 'persistent',
    });
  });

  // The loader spells the defaults out for its size budget; this keeps them the shared ones.
  it('sends exactly the defaults the widget starts from when the site sets nothing', () => {
    expect(forWidget({})).toEqual(DEFAULT_WIDGET_SETTINGS);
  });

  it('carries the normalised loader values', () => {
    expect(forWidget({ position: 'left', widgetStyle: 'flat', darkMode: 'purple' } as never)).toMatchObject({
      position: 'left',
      widgetStyle: 'flat',
      darkMode: 'light',
    });
  });

  it("leaves the bubble out: hiding it is the loader's alone", () => {
    expect(forWidget({ hideMessageBubble: true })).not.toHaveProperty('hideMessageBubble');
  });

  it('turns the emoji picker, end-conversation button and unread dialog off only when set to false', () => {
    expect(forWidget({ enableEmojiPicker: false, enableEndConversation: false, showUnreadMessagesDialog: false })).toMatchObject({
      enableEmojiPicker: false,
      enableEndConversation: false,
      showUnreadMessagesDialog: false,
    });
  });

  it('passes enableFileUpload through, including false', () => {
    expect(forWidget({ enableFileUpload: false }).enableFileUpload).toBe(false);
    expect(forWidget({ enableFileUpload: true }).enableFileUpload).toBe(true);
  });

  it('passes the site texts through', () => {
    expect(
      forWidget({
        welcomeTitle: 'Hi',
        welcomeDescription: 'Ask away',
        availableMessage: 'Here',
        unavailableMessage: 'Gone',
        showPopoutButton: true,
      }),
    ).toMatchObject({
      welcomeTitle: 'Hi',
      welcomeDescription: 'Ask away',
      availableMessage: 'Here',
      unavailableMessage: 'Gone',
      showPopoutButton: true,
    });
  });
});

describe('the colour scheme', () => {
  it.each([
    ['dark', 'dark'],
    ['auto', 'auto'],
    ['light', 'light'],
    [undefined, 'light'],
    [null, 'light'],
    [1, 'light'],
    ['DARK', 'light'],
  ])('normalises %j to %j', (value, expected) => {
    expect(colorScheme(value)).toBe(expected);
  });
});
