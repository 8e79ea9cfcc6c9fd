// @vitest-environment happy-dom
import { BASE, clearCookies, fakeCreateFrame, frames, setupRuntime, TOKEN } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));

// happy-dom keeps an expired cookie as an empty value where browsers drop it: both read as unset.
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) || undefined;
const errors: unknown[] = [];
const onError = (event: Event) => errors.push((event as CustomEvent).detail);

beforeEach(() => addEventListener('chatwoot:error', onError));
afterEach(() => {
  removeEventListener('chatwoot:error', onError);
  errors.length = 0;
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('loading the frame', () => {
  it('creates no frame until the chat is opened', () => {
    const { chatwoot, frame } = setupRuntime();
    expect(frame()).toBeUndefined();
    chatwoot.toggle('open');
    const src = new URL(frame()!.options.src);
    expect(src.origin + src.pathname).toBe(`${BASE}/widget`);
    expect(src.searchParams.get('website_token')).toBe(TOKEN);
    expect(src.searchParams.has('cw_conversation')).toBe(false);
    expect(frame()!.options.origin).toBe(BASE);
  });

  it('passes the conversation cookie and the locale to /widget', () => {
    document.cookie = 'cw_conversation=jwt-old; path=/';
    const { chatwoot, frame } = setupRuntime({ locale: 'pt_BR' });
    chatwoot.preload();
    const src = new URL(frame()!.options.src);
    expect(src.searchParams.get('cw_conversation')).toBe('jwt-old');
    expect(src.searchParams.get('locale')).toBe('pt_BR');
  });

  it('answers "loaded" with config-set, the open state, the layout and the page, then the queued calls in order', () => {
    document.cookie = `cw_snooze_campaigns_till=${Date.now() + 5000}; path=/`;
    const { chatwoot, frame, load, launcher } = setupRuntime({ showPopoutButton: true, welcomeTitle: 'Hi' });
    chatwoot.setCustomAttributes({ plan: 'pro' });
    chatwoot.setColorScheme('dark');
    chatwoot.setUser('u-1', { email: 'ana@example.com' });
    chatwoot.setLabel('vip');
    expect(frame()!.sent).toEqual([]);
    load();
    const [config, open, layout, page, ...rest] = frame()!.sent;
    expect(config).toMatchObject({
      event: 'config-set',
      showPopoutButton: true,
      welcomeTitle: 'Hi',
      darkMode: 'dark',
      position: 'right',
      showUnreadMessagesDialog: true,
    });
    expect(config.campaignsSnoozedTill).toBe(Number(cookie('cw_snooze_campaigns_till')));
    expect(open).toEqual({ event: 'toggle-open', isOpen: false });
    expect(layout).toMatchObject({ event: 'toggle-close-button' });
    expect(page).toEqual({ event: 'change-url', referrerURL: location.href, referrerHost: location.host });
    expect(rest.map((m) => m.event)).toEqual(['set-custom-attributes', 'set-color-scheme', 'set-user', 'set-label']);
    expect(rest[2]).toEqual({ event: 'set-user', identifier: 'u-1', user: { email: 'ana@example.com' } });
    expect(chatwoot.hasLoaded).toBe(true);
    expect(launcher.root.classList.contains('loaded')).toBe(true);
  });

  it("takes the inbox's colour for the launcher unless the site chose one", () => {
    const { chatwoot, launcher, load } = setupRuntime();
    const setColor = vi.spyOn(launcher, 'setColor');
    chatwoot.toggle('open');
    load('jwt-1', { widgetColor: '#ff0000' });
    expect(setColor).toHaveBeenCalledWith('#ff0000');
  });

  it('sends calls straight to a loaded frame', () => {
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    load();
    frame()!.sent.length = 0;
    chatwoot.deleteCustomAttribute('plan');
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    expect(frame()!.sent).toEqual([
      { event: 'delete-custom-attribute', customAttribute: 'plan' },
      { event: 'toggle-open', isOpen: false },
      { event: 'toggle-open', isOpen: true },
      { event: 'push-event', eventName: 'webwidget.triggered' },
    ]);
  });
});

describe('the conversation cookie', () => {
  it('is written on "loaded" after the visitor opened the chat', () => {
    const { chatwoot, load } = setupRuntime();
    chatwoot.toggle('open');
    load('jwt-new');
    expect(cookie('cw_conversation')).toBe('jwt-new');
  });

  it('is held back for a frame loaded for a campaign until the visitor opens the chat', () => {
    const { chatwoot, load } = setupRuntime();
    chatwoot.preload([
      { id: 1, trigger_rules: { url: `${location.origin}/*`, time_on_page: 5 }, trigger_only_during_business_hours: false },
    ]);
    load('jwt-campaign');
    expect(cookie('cw_conversation')).toBeUndefined();
    chatwoot.toggle('open');
    expect(cookie('cw_conversation')).toBe('jwt-campaign');
  });

  it('is refreshed for a returning visitor, and written at once with loadEagerly', () => {
    document.cookie = 'cw_conversation=jwt-old; path=/';
    const returning = setupRuntime();
    returning.chatwoot.preload();
    returning.load('jwt-old-2');
    expect(cookie('cw_conversation')).toBe('jwt-old-2');
    clearCookies();
    const eager = setupRuntime({ loadEagerly: true });
    eager.chatwoot.preload();
    eager.load('jwt-eager');
    expect(cookie('cw_conversation')).toBe('jwt-eager');
  });

  it('is rewritten by setAuthCookie, within baseDomain', () => {
    const writes = vi.spyOn(document, 'cookie', 'set');
    const { chatwoot, load, fromWidget } = setupRuntime({ baseDomain: '.example.com' });
    chatwoot.toggle('open');
    load();
    fromWidget('setAuthCookie', { data: { widgetAuthToken: 'jwt-identified' } });
    expect(writes.mock.calls.at(-1)![0]).toMatch(/^cw_conversation=jwt-identified; .*domain=\.example\.com/);
  });
});

describe('identifying the visitor', () => {
  it('loads the frame, stores the identity and a hash of it', () => {
    const { chatwoot, frame } = setupRuntime();
    chatwoot.setUser(42, { name: 'Ana' });
    expect(frame()).toBeDefined();
    expect(chatwoot.identifier).toBe(42);
    expect(chatwoot.user).toEqual({ name: 'Ana' });
    expect(cookie(`cw_user_${TOKEN}`)).toMatch(/^[0-9a-f]+$/);
  });

  it('sends nothing for an unchanged identity on a known conversation', () => {
    document.cookie = 'cw_conversation=jwt-old; path=/';
    const first = setupRuntime();
    first.chatwoot.setUser('u-1', { name: 'Ana' });
    frames.length = 0;
    const again = setupRuntime();
    again.chatwoot.setUser('u-1', { name: 'Ana' });
    expect(again.frame()).toBeUndefined();
    expect(again.chatwoot.identifier).toBeUndefined();
  });

  it('is sent again when the conversation cookie is gone', () => {
    setupRuntime().chatwoot.setUser('u-1', { name: 'Ana' });
    frames.length = 0;
    const again = setupRuntime();
    again.chatwoot.setUser('u-1', { name: 'Ana' });
    again.load();
    expect(again.sentEvents()).toContain('set-user');
  });

  it('reports a refused identity as chatwoot:error with the server body and forgets the hash', () => {
    const { chatwoot, load, fromWidget } = setupRuntime();
    chatwoot.setUser('u-1', { email: 'ana@example.com', identifier_hash: 'wrong' });
    load();
    fromWidget('error', { errorType: 'SET_USER_ERROR', data: { error: 'HMAC failed: Invalid Identifier Hash Provided' } });
    expect(errors).toEqual([{ error: 'HMAC failed: Invalid Identifier Hash Provided' }]);
    expect(cookie(`cw_user_${TOKEN}`)).toBeUndefined();
  });
});

describe('a frame that fails to load', () => {
  it('is removed, the chat closes, nothing covers the page and chatwoot:error fires', () => {
    const { chatwoot, frame, classes } = setupRuntime();
    chatwoot.toggle('open');
    const failed = frame()!;
    failed.options.onFail('The chat window failed to load');
    expect(failed.disposed).toBe(true);
    expect(chatwoot.isOpen).toBe(false);
    expect(classes()).not.toContain('open');
    expect(errors).toEqual([{ error: 'The chat window failed to load' }]);
  });

  it('is tried again, with the calls it never received, on the next open', () => {
    const { chatwoot, frame, load } = setupRuntime();
    chatwoot.toggle('open');
    chatwoot.setLabel('vip');
    frame()!.options.onFail('x');
    chatwoot.toggle('open');
    expect(frames).toHaveLength(2);
    load();
    expect(frame()!.sent.map((m) => m.event)).toContain('set-label');
  });
});

describe('the popout window', () => {
  it('closes the chat and opens a 400×600 window named after the website token, with the conversation', () => {
    const focus = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus } as unknown as Window);
    document.cookie = 'cw_conversation=jwt-9; path=/';
    const { chatwoot } = setupRuntime({ locale: 'fr' });
    chatwoot.toggle('open');
    chatwoot.popoutChatWindow();
    expect(chatwoot.isOpen).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${BASE}/widget?cw_conversation=jwt-9&website_token=${TOKEN}&locale=fr`,
      `webwidget_session_${TOKEN}`,
      'resizable=off,width=400,height=600',
    );
    expect(focus).toHaveBeenCalled();
  });

  it('only logs when the window cannot be opened', () => {
    vi.spyOn(window, 'open').mockImplementation(() => {
      throw new Error('blocked');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { chatwoot } = setupRuntime();
    expect(() => chatwoot.popoutChatWindow()).not.toThrow();
    expect(error).toHaveBeenCalled();
  });
});

describe('reset and destroy', () => {
  it('reset removes the frame and the next open starts a fresh anonymous session', () => {
    const { chatwoot, frame, load, fromWidget, classes } = setupRuntime();
    chatwoot.toggle('open');
    load('jwt-1');
    fromWidget('handleNotificationDot', { unreadMessageCount: 2 });
    const first = frame()!;
    chatwoot.reset();
    expect(first.disposed).toBe(true);
    expect(chatwoot.hasLoaded).toBe(false);
    expect(cookie('cw_conversation')).toBeUndefined();
    expect(classes()).not.toContain('unread');
    chatwoot.toggle('open');
    expect(frames).toHaveLength(2);
    expect(new URL(frame()!.options.src).searchParams.has('cw_conversation')).toBe(false);
  });

  it('destroy removes the launcher, the frame and $chatwoot, and loads nothing afterwards', () => {
    const { chatwoot, frame, launcher } = setupRuntime();
    window.$chatwoot = chatwoot;
    chatwoot.toggle('open');
    chatwoot.destroy();
    expect(frame()!.disposed).toBe(true);
    expect(launcher.shadow.host.isConnected).toBe(false);
    expect(window.$chatwoot).toBeUndefined();
    chatwoot.preload();
    expect(frames).toHaveLength(1);
  });
});
