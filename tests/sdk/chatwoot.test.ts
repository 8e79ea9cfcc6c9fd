// @vitest-environment happy-dom
import { createChatwoot, type Runtime } from '../../src/sdk/chatwoot';
import type { Launcher } from '../../src/sdk/launcher';
import { loaderSettings, type HostSettings } from '../../src/sdk/settings';
import { clearCookies } from './runtime/harness';

const TOKEN = 'web-tok';
const BASE = 'https://chat.example';

/** A launcher that records what the API asks of it. */
function fakeLauncher() {
  return {
    shadow: { activeElement: null as Element | null },
    root: document.createElement('div'),
    bubble: { focus: vi.fn() },
    setLabel: vi.fn(),
    setColor: vi.fn(),
    toggleClass: vi.fn(),
  };
}

/** Records every `document.cookie` write, so removals can be checked whatever the DOM's jar does. */
function recordCookieWrites() {
  const writes: string[] = [];
  let proto = Object.getPrototypeOf(document);
  while (!Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  return writes;
}

function setup(raw: HostSettings = {}) {
  const launcher = fakeLauncher();
  const loadRuntime = vi.fn();
  const onDestroy = vi.fn();
  const chatwoot = createChatwoot(TOKEN, BASE, loaderSettings(raw), launcher as unknown as Launcher, loadRuntime, onDestroy);
  const runtime = { call: vi.fn() } satisfies Runtime;
  const windowEvents: string[] = [];
  for (const name of ['chatwoot:opened', 'chatwoot:closed']) {
    const listener = () => windowEvents.push(name);
    window.addEventListener(name, listener);
    cleanups.push(() => window.removeEventListener(name, listener));
  }
  return { chatwoot, launcher, loadRuntime, onDestroy, runtime, windowEvents };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  delete (document as { cookie?: string }).cookie;
  clearCookies();
  vi.restoreAllMocks();
});

describe('validating calls', () => {
  it.each([
    ['an object', {}],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
  ])('throws at once when setUser gets %s as identifier', (_what, identifier) => {
    const { chatwoot, loadRuntime } = setup();
    expect(() => chatwoot.setUser(identifier as never, { name: 'Ana' })).toThrow('Identifier should be a string or a number');
    expect(loadRuntime).not.toHaveBeenCalled();
  });

  it.each([
    ['no user', undefined],
    ['an empty user', {}],
    ['a user with only a phone number', { phone_number: '+15550100' }],
    ['a user with only an identifier hash', { identifier_hash: 'abc' }],
  ])('throws at once when setUser gets %s', (_what, user) => {
    const { chatwoot } = setup();
    expect(() => chatwoot.setUser('u-1', user as never)).toThrow('User object should have one of the keys [avatar_url, email, name]');
  });

  it.each([{ name: 'Ana' }, { email: 'ana@example.com' }, { avatar_url: 'https://cdn.example/a.png' }])(
    'accepts a user with %j',
    (user) => {
      const { chatwoot } = setup();
      expect(() => chatwoot.setUser('u-1', user)).not.toThrow();
      expect(() => chatwoot.setUser(42, user)).not.toThrow();
    },
  );

  it.each([
    ['an empty object', {}],
    ['a string', 'plan'],
    ['null', null],
    ['an array', [1]],
    ['a number', 7],
  ])('throws at once when custom attributes are %s', (_what, value) => {
    const { chatwoot } = setup();
    expect(() => chatwoot.setCustomAttributes(value as never)).toThrow('Custom attributes should have at least one key');
    expect(() => chatwoot.setConversationCustomAttributes(value as never)).toThrow('Custom attributes should have at least one key');
  });

  it.each([
    ['an empty string', ''],
    ['undefined', undefined],
    ['a number', 42],
    ['an object', { key: 'plan' }],
  ])('throws at once when the attribute to delete is %s', (_what, value) => {
    const { chatwoot } = setup();
    expect(() => chatwoot.deleteCustomAttribute(value as never)).toThrow('Custom attribute is required');
    expect(() => chatwoot.deleteConversationCustomAttribute(value as never)).toThrow('Custom attribute is required');
  });

  it.each([
    ['a number', 42],
    ['an unknown locale', 'xx_YY'],
    ['an unknown language', 'klingon'],
    ['an empty string', ''],
    ['null', null],
    ['a language in capitals', 'FR'],
  ])('throws at once when setLocale gets %s, and keeps the locale', (_what, value) => {
    const { chatwoot } = setup({ locale: 'de' });
    expect(() => chatwoot.setLocale(value as string)).toThrow(/locale/);
    expect(chatwoot.locale).toBe('de');
  });

  it.each(['fr', 'pt_BR', 'pt-BR', 'fr_CA', 'zh', 'zh_TW'])('accepts %s as a locale', (value) => {
    const { chatwoot } = setup();
    chatwoot.setLocale(value);
    expect(chatwoot.locale).toBe(value);
  });

  it.each([
    ['a number', 42],
    ['an object', { text: 'hi' }],
  ])('throws at once when showNewMessage gets %s', (_what, value) => {
    const { chatwoot, loadRuntime } = setup();
    expect(() => chatwoot.showNewMessage(value as unknown as string)).toThrow('Message should be a string');
    expect(chatwoot.isOpen).toBe(false);
    expect(loadRuntime).not.toHaveBeenCalled();
  });

  it('queues nothing for a call that threw', () => {
    const { chatwoot, runtime } = setup();
    expect(() => chatwoot.setCustomAttributes({})).toThrow();
    expect(() => chatwoot.deleteCustomAttribute('')).toThrow();
    expect(() => chatwoot.setUser('u-1', {})).toThrow();
    expect(() => chatwoot.setLocale('xx')).toThrow();
    expect(() => chatwoot.showNewMessage(1 as unknown as string)).toThrow();
    chatwoot.attach(runtime);
    expect(runtime.call).not.toHaveBeenCalled();
  });
});

describe('calls before the runtime has loaded', () => {
  it('are queued and replayed in order when it attaches', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.setLabel('vip');
    chatwoot.setCustomAttributes({ plan: 'pro' });
    chatwoot.setUser('u-1', { name: 'Ana' });
    chatwoot.deleteConversationCustomAttribute('order');
    expect(runtime.call).not.toHaveBeenCalled();
    chatwoot.attach(runtime);
    expect(runtime.call.mock.calls).toEqual([
      ['setLabel', ['vip']],
      ['setCustomAttributes', [{ plan: 'pro' }]],
      ['setUser', ['u-1', { name: 'Ana' }]],
      ['deleteConversationCustomAttribute', ['order']],
    ]);
  });

  it('are replayed once only', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.setLabel('vip');
    chatwoot.attach(runtime);
    const second = { call: vi.fn() };
    chatwoot.attach(second);
    expect(runtime.call).toHaveBeenCalledTimes(1);
    expect(second.call).not.toHaveBeenCalled();
  });

  it('go straight to the runtime once it has attached', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.removeLabel('vip');
    expect(runtime.call).toHaveBeenCalledExactlyOnceWith('removeLabel', ['vip']);
  });

  it('include every public call with its argument, by its method’s name (the runtime words them for the widget)', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.deleteCustomAttribute('plan');
    chatwoot.setConversationCustomAttributes({ order: 1 });
    chatwoot.setLocale('fr');
    chatwoot.setLocale();
    chatwoot.preload();
    expect(runtime.call.mock.calls).toEqual([
      ['deleteCustomAttribute', ['plan']],
      ['setConversationCustomAttributes', [{ order: 1 }]],
      ['setLocale', ['fr']],
      ['setLocale', ['en']],
      ['preload', []],
    ]);
  });
});

describe('showNewMessage', () => {
  it('opens the chat with the message for the composer, the message first', () => {
    const { chatwoot, runtime, loadRuntime, windowEvents } = setup();
    chatwoot.attach(runtime);
    chatwoot.showNewMessage('I have a question about order #1234');
    expect(chatwoot.isOpen).toBe(true);
    expect(loadRuntime).toHaveBeenCalled();
    expect(runtime.call.mock.calls).toEqual([
      ['showNewMessage', ['I have a question about order #1234']],
      ['toggle', [true]],
    ]);
    expect(windowEvents).toEqual(['chatwoot:opened']);
  });

  it('without a message opens an empty composer', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.showNewMessage();
    expect(runtime.call.mock.calls[0]).toEqual(['showNewMessage', ['']]);
  });
});

describe('identifying the visitor', () => {
  it('loads the runtime at once', () => {
    const { chatwoot, loadRuntime } = setup();
    chatwoot.setUser('u-1', { email: 'ana@example.com' });
    expect(loadRuntime).toHaveBeenCalledTimes(1);
  });
});

describe('opening and closing', () => {
  it('opens on toggle("open"), loads the runtime and fires chatwoot:opened', () => {
    const { chatwoot, launcher, loadRuntime, windowEvents } = setup();
    chatwoot.toggle('open');
    expect(chatwoot.isOpen).toBe(true);
    expect(launcher.toggleClass).toHaveBeenCalledWith('open', true);
    expect(loadRuntime).toHaveBeenCalledTimes(1);
    expect(windowEvents).toEqual(['chatwoot:opened']);
  });

  it('closes on toggle("close") and fires chatwoot:closed', () => {
    const { chatwoot, launcher, windowEvents } = setup();
    chatwoot.toggle('open');
    chatwoot.toggle('close');
    expect(chatwoot.isOpen).toBe(false);
    expect(launcher.toggleClass).toHaveBeenLastCalledWith('open', false);
    expect(windowEvents).toEqual(['chatwoot:opened', 'chatwoot:closed']);
  });

  it('flips on toggle() without a state, and on an unknown state', () => {
    const { chatwoot, windowEvents } = setup();
    chatwoot.toggle();
    expect(chatwoot.isOpen).toBe(true);
    chatwoot.toggle();
    expect(chatwoot.isOpen).toBe(false);
    chatwoot.toggle('sideways' as 'open');
    expect(chatwoot.isOpen).toBe(true);
    expect(windowEvents).toEqual(['chatwoot:opened', 'chatwoot:closed', 'chatwoot:opened']);
  });

  it('does nothing when asked for the state it is already in', () => {
    const { chatwoot, launcher, windowEvents, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    chatwoot.toggle('open');
    expect(windowEvents).toEqual(['chatwoot:opened']);
    expect(launcher.toggleClass).toHaveBeenCalledTimes(1);
    expect(runtime.call.mock.calls).toEqual([['toggle', [true]]]);
  });

  it('passes open and close to the runtime', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.toggle('open');
    chatwoot.toggle('close');
    chatwoot.attach(runtime);
    expect(runtime.call.mock.calls).toEqual([
      ['toggle', [true]],
      ['toggle', [false]],
    ]);
  });

  it('does not load the runtime on close', () => {
    const { chatwoot, loadRuntime } = setup();
    chatwoot.toggle('open');
    chatwoot.toggle('close');
    expect(loadRuntime).toHaveBeenCalledTimes(1);
  });
});

describe('the colour scheme', () => {
  it.each([
    ['dark', 'dark'],
    ['auto', 'auto'],
    ['light', 'light'],
    ['sepia', 'light'],
    [undefined, 'light'],
  ])('normalises setColorScheme(%j) to %j', (mode, expected) => {
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.setColorScheme(mode);
    expect(chatwoot.darkMode).toBe(expected);
    expect(runtime.call).toHaveBeenCalledExactlyOnceWith('setColorScheme', [expected]);
  });
});

describe('the bubble visibility', () => {
  it('hides and shows the bubble, on the page alone (the widget draws nothing differently)', () => {
    const { chatwoot, launcher, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.toggleBubbleVisibility('hide');
    expect(chatwoot.hideMessageBubble).toBe(true);
    expect(launcher.toggleClass).toHaveBeenLastCalledWith('hidden-bubble', true);
    chatwoot.toggleBubbleVisibility('show');
    expect(chatwoot.hideMessageBubble).toBe(false);
    expect(launcher.toggleClass).toHaveBeenLastCalledWith('hidden-bubble', false);
    expect(runtime.call).not.toHaveBeenCalled();
  });
});

describe('resetting', () => {
  it('drops queued calls and asks the runtime only to reset', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.setLabel('vip');
    chatwoot.setUser('u-1', { name: 'Ana' });
    chatwoot.reset();
    chatwoot.attach(runtime);
    expect(runtime.call.mock.calls).toEqual([['reset', []]]);
  });

  it("removes the inbox's conversation and user cookies, and Chatwoot's conversation cookie for the site", () => {
    const writes = recordCookieWrites();
    document.cookie = `cw_conversation_${TOKEN}=jwt-1; path=/`;
    document.cookie = 'cw_conversation=jwt-0; path=/';
    document.cookie = `cw_user_${TOKEN}=abc; path=/`;
    writes.length = 0;
    const { chatwoot } = setup();
    chatwoot.reset();
    const removals = writes.filter((w) => /max-age=0\b/.test(w)).map((w) => w.split('=')[0]);
    expect(removals).toEqual(expect.arrayContaining([`cw_conversation_${TOKEN}`, 'cw_conversation', `cw_user_${TOKEN}`]));
  });

  it("leaves another inbox's visitor alone", () => {
    const writes = recordCookieWrites();
    setup().chatwoot.reset();
    expect(writes.filter((w) => w.includes('sales-tok'))).toEqual([]);
    expect(writes.length).toBeGreaterThan(0);
  });

  it('also removes the copies scoped to baseDomain', () => {
    const writes = recordCookieWrites();
    const { chatwoot } = setup({ baseDomain: '.example.com' });
    chatwoot.reset();
    const scoped = writes.filter((w) => /max-age=0\b/.test(w) && w.includes('domain=.example.com')).map((w) => w.split('=')[0]);
    expect(scoped).toEqual(expect.arrayContaining([`cw_conversation_${TOKEN}`, 'cw_conversation', `cw_user_${TOKEN}`]));
  });

  it('closes the chat (the runtime forgets the identity it was given)', () => {
    const { chatwoot, windowEvents } = setup();
    chatwoot.toggle('open');
    chatwoot.reset();
    expect(chatwoot.isOpen).toBe(false);
    expect(windowEvents).toEqual(['chatwoot:opened', 'chatwoot:closed']);
  });
});

describe('the public state', () => {
  it('exposes the settings, the token and the base URL', () => {
    const { chatwoot } = setup({ position: 'left', showPopoutButton: true, darkMode: 'bogus' } as never);
    expect(chatwoot).toMatchObject({
      baseUrl: BASE,
      websiteToken: TOKEN,
      position: 'left',
      showPopoutButton: true,
      darkMode: 'light',
      hasLoaded: false,
      isOpen: false,
    });
  });
});

describe('the popout window', () => {
  const opened = () => {
    const focus = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus } as unknown as Window);
    return { open, focus };
  };

  it("opens at once, before any runtime has loaded: a site's own button works on a page where the chat was never opened", () => {
    const { open, focus } = opened();
    document.cookie = `cw_conversation_${TOKEN}=jwt-9; path=/`;
    const { chatwoot, loadRuntime } = setup({ locale: 'fr' });
    chatwoot.popoutChatWindow();
    // Synchronously, inside the caller's click: popup blockers allow nothing later.
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${BASE}/widget?cw_conversation=jwt-9&website_token=${TOKEN}&locale=fr`,
      `webwidget_session_${TOKEN}`,
      'resizable=off,width=400,height=600',
    );
    expect(focus).toHaveBeenCalled();
    expect(loadRuntime).not.toHaveBeenCalled();
  });

  it('closes the chat and opens the window itself after the runtime has loaded too', () => {
    const { open } = opened();
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.toggle('open');
    chatwoot.popoutChatWindow();
    expect(chatwoot.isOpen).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${BASE}/widget?cw_conversation=&website_token=${TOKEN}&locale=en`,
      `webwidget_session_${TOKEN}`,
      'resizable=off,width=400,height=600',
    );
    expect(runtime.call.mock.calls).toEqual([
      ['toggle', [true]],
      ['toggle', [false]],
    ]);
  });
});
