// @vitest-environment happy-dom
import { clearCookies, destroyWidgets, fakeCreateFrame, frames, setupRuntime, TOKEN } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

afterEach(() => {
  destroyWidgets();
  frames.length = 0;
  clearCookies();
  sessionStorage.clear();
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const messages = (sent: { event: string }[], event: string) => sent.filter((m) => m.event === event);

describe("Wren's stricter checks, run by the runtime", () => {
  it.each([
    ['setLocale', 'xx_YY', 'Unsupported locale: xx_YY'],
    ['setLocale', 42, 'Unsupported locale: 42'],
    ['showNewMessage', 42, 'Message should be a string'],
    ['prefillMessage', { text: 'hi' }, 'Message should be a string'],
    ['sendMessage', '   ', 'Message should not be empty'],
    ['sendMessage', 7, 'Message should be a string'],
    ['setConsent', 'yes', 'Consent should be true or false'],
  ] as const)('%s(%j) throws at the call once the runtime has loaded', (method, value, error) => {
    const { chatwoot } = setupRuntime();
    expect(() => (chatwoot[method] as (arg: unknown) => void)(value)).toThrow(error);
  });

  it('keeps the locale when setLocale throws, and takes a good one', () => {
    const { chatwoot } = setupRuntime({ locale: 'de' });
    expect(() => chatwoot.setLocale('xx')).toThrow();
    expect(chatwoot.locale).toBe('de');
    chatwoot.setLocale('pt-BR');
    expect(chatwoot.locale).toBe('pt-BR');
    chatwoot.setLocale(undefined as never);
    expect(chatwoot.locale).toBe('en');
  });

  it.each([
    ['dark', 'dark'],
    ['sepia', 'light'],
    [undefined, 'light'],
  ])('normalises setColorScheme(%j) to %j and tells the widget', (mode, expected) => {
    const { chatwoot, frame, load } = setupRuntime();
    chatwoot.preload();
    load();
    chatwoot.setColorScheme(mode as never);
    expect(chatwoot.darkMode).toBe(expected);
    expect(messages(frame()!.sent, 'set-color-scheme')).toEqual([{ event: 'set-color-scheme', darkMode: expected }]);
  });

  it('normalises the colour scheme and locale the site wrote once it loads', () => {
    const { chatwoot } = setupRuntime({ darkMode: 'night' as never, locale: 'fr' });
    expect(chatwoot.darkMode).toBe('light');
    expect(chatwoot.locale).toBe('fr');
  });
});

describe('the one queue', () => {
  it('runs the calls made before the runtime loaded, in order, then keeps the frame’s messages until it has loaded', () => {
    const { frame, load, sentEvents } = setupRuntime({}, (chatwoot) => {
      chatwoot.setLabel('vip');
      chatwoot.setLocale('fr');
      chatwoot.toggle('open');
    });
    expect(frame()!.sent).toEqual([]);
    load();
    expect(sentEvents()).toEqual([
      'config-set',
      'toggle-open',
      'toggle-close-button',
      'change-url',
      'set-label',
      'set-locale',
      'push-event',
    ]);
  });

  it('throws a bad call made before in a task of its own, and runs the calls after it', () => {
    vi.useFakeTimers();
    const { chatwoot, frame, load } = setupRuntime({ locale: 'de' }, (early) => {
      early.setLocale('xx_YY');
      early.showNewMessage('Hello');
    });
    expect(chatwoot.locale).toBe('de');
    expect(chatwoot.isOpen).toBe(true);
    expect(() => vi.runOnlyPendingTimers()).toThrow('Unsupported locale: xx_YY');
    load();
    expect(messages(frame()!.sent, 'show-new-message')).toEqual([{ event: 'show-new-message', message: 'Hello' }]);
  });
});

describe('prefillMessage and sendMessage, before the chat was ever opened', () => {
  it('prefillMessage opens the chat with the text in the composer, not sent', () => {
    const { chatwoot, frame, load } = setupRuntime();
    chatwoot.prefillMessage('About order #1234');
    expect(chatwoot.isOpen).toBe(true);
    load();
    expect(messages(frame()!.sent, 'show-new-message')).toEqual([{ event: 'show-new-message', message: 'About order #1234' }]);
    expect(messages(frame()!.sent, 'send-message')).toEqual([]);
  });

  it('sendMessage loads the frame hidden and has the widget send it; the chat stays closed', () => {
    const { chatwoot, frame, load, classes } = setupRuntime();
    chatwoot.sendMessage('Where is my order?');
    expect(frame()).toBeDefined();
    expect(chatwoot.isOpen).toBe(false);
    expect(classes()).not.toContain('open');
    load();
    expect(messages(frame()!.sent, 'send-message')).toEqual([{ event: 'send-message', message: 'Where is my order?' }]);
    expect(messages(frame()!.sent, 'toggle-open')).toEqual([{ event: 'toggle-open', isOpen: false }]);
  });

  it('sendMessage counts as engagement: the visitor keeps the conversation it started', () => {
    const { chatwoot, load } = setupRuntime();
    chatwoot.sendMessage('Hello');
    load('jwt-sent');
    expect(document.cookie).toContain(`cw_conversation_${TOKEN}=jwt-sent`);
  });
});

describe('team availability from the widget', () => {
  it('sets isTeamAvailable and fires chatwoot:team-availability when it changes', () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    addEventListener('chatwoot:team-availability', listener);
    const { chatwoot, fromWidget } = setupRuntime();
    chatwoot.preload();
    fromWidget('team-availability', { available: false });
    fromWidget('team-availability', { available: false });
    fromWidget('team-availability', { available: 'yes' });
    fromWidget('team-availability', { available: true });
    removeEventListener('chatwoot:team-availability', listener);
    expect(seen).toEqual([{ available: false }, { available: true }]);
    expect(chatwoot.isTeamAvailable).toBe(true);
  });
});

describe('keepOpen', () => {
  const KEY = `wren:open:${TOKEN}`;

  it('remembers an open chat for the next page of the tab, and forgets it on close', () => {
    const { chatwoot } = setupRuntime({ keepOpen: true });
    chatwoot.toggle('open');
    expect(sessionStorage.getItem(KEY)).toBe('1');
    chatwoot.toggle('close');
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('writes nothing without the setting', () => {
    setupRuntime().chatwoot.toggle('open');
    expect(sessionStorage.length).toBe(0);
  });

  it('writes nothing before consent where the site requires it', () => {
    setupRuntime({ keepOpen: true, consent: 'required' }).chatwoot.toggle('open');
    expect(sessionStorage.length).toBe(0);
  });
});
