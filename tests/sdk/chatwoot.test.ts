// @vitest-environment happy-dom
import { createChatwoot, type HostCall, type Runtime } from '../../src/sdk/chatwoot';
import type { Launcher } from '../../src/sdk/launcher';
import { loaderSettings, type HostSettings } from '../../src/sdk/settings';
import { clearCookies, recordCookieWrites } from './runtime/harness';

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

function setup(raw: HostSettings = {}) {
  const launcher = fakeLauncher();
  const loadRuntime = vi.fn();
  const onDestroy = vi.fn();
  const queue: HostCall[] = [];
  const chatwoot = createChatwoot(TOKEN, BASE, loaderSettings(raw), launcher as unknown as Launcher, loadRuntime, onDestroy, queue);
  const runtime = { call: vi.fn() } satisfies Runtime;
  const windowEvents: string[] = [];
  for (const name of ['chatwoot:opened', 'chatwoot:closed']) {
    const listener = () => windowEvents.push(name);
    window.addEventListener(name, listener);
    cleanups.push(() => window.removeEventListener(name, listener));
  }
  return { chatwoot, launcher, loadRuntime, onDestroy, runtime, windowEvents, queue };
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

  // Wren's stricter checks (setLocale, showNewMessage, sendMessage, setConsent) are the
  // runtime's: tests/sdk/runtime/hostCalls.test.ts.
  it.each([
    ['setLocale', 'xx_YY'],
    ['showNewMessage', 42],
    ['sendMessage', ''],
    ['setConsent', 'yes'],
  ] as const)('leaves %s’s check to the runtime: sdk.js only queues it', (method, value) => {
    const { chatwoot, queue } = setup();
    expect(() => (chatwoot[method] as (arg: unknown) => void)(value)).not.toThrow();
    expect(queue).toContainEqual([method, [value]]);
  });

  it('queues nothing for a call that threw', () => {
    const { chatwoot, runtime, queue } = setup();
    expect(() => chatwoot.setCustomAttributes({})).toThrow();
    expect(() => chatwoot.deleteCustomAttribute('')).toThrow();
    expect(() => chatwoot.setUser('u-1', {})).toThrow();
    expect(queue).toEqual([]);
    chatwoot.attach(runtime);
    expect(runtime.call).not.toHaveBeenCalled();
  });
});

describe('calls before the runtime has loaded', () => {
  it('wait in the one queue, in order, by their method’s name (the runtime takes them over)', () => {
    const { chatwoot, runtime, queue } = setup();
    chatwoot.setLabel('vip');
    chatwoot.setCustomAttributes({ plan: 'pro' });
    chatwoot.setUser('u-1', { name: 'Ana' });
    chatwoot.deleteConversationCustomAttribute('order');
    chatwoot.setLocale('fr');
    chatwoot.setColorScheme('dark');
    chatwoot.preload();
    expect(queue).toEqual([
      ['setLabel', ['vip']],
      ['setCustomAttributes', [{ plan: 'pro' }]],
      ['setUser', ['u-1', { name: 'Ana' }]],
      ['deleteConversationCustomAttribute', ['order']],
      ['setLocale', ['fr']],
      ['setColorScheme', ['dark']],
      ['preload', []],
    ]);
    expect(runtime.call).not.toHaveBeenCalled();
  });

  it('go straight to the runtime once it has attached', () => {
    const { chatwoot, runtime, queue } = setup();
    chatwoot.attach(runtime);
    chatwoot.removeLabel('vip');
    expect(runtime.call).toHaveBeenCalledExactlyOnceWith('removeLabel', ['vip']);
    expect(queue).toEqual([]);
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

  it('without a message opens an empty composer (the runtime reads a missing one as empty)', () => {
    const { chatwoot, runtime } = setup();
    chatwoot.attach(runtime);
    chatwoot.showNewMessage();
    expect(runtime.call.mock.calls[0]).toEqual(['showNewMessage', [undefined]]);
    expect(chatwoot.isOpen).toBe(true);
  });

  it('is what prefillMessage does', () => {
    const { chatwoot, runtime, windowEvents } = setup();
    chatwoot.attach(runtime);
    chatwoot.prefillMessage('About order #1234');
    expect(runtime.call.mock.calls).toEqual([
      ['showNewMessage', ['About order #1234']],
      ['toggle', [true]],
    ]);
    expect(windowEvents).toEqual(['chatwoot:opened']);
  });
});

describe('sendMessage', () => {
  it('loads the runtime to send it, and leaves the chat closed', () => {
    const { chatwoot, loadRuntime, queue, windowEvents } = setup();
    chatwoot.sendMessage('Where is my order?');
    expect(loadRuntime).toHaveBeenCalledTimes(1);
    expect(queue).toEqual([['sendMessage', ['Where is my order?']]]);
    expect(chatwoot.isOpen).toBe(false);
    expect(windowEvents).toEqual([]);
  });
});

describe('setConsent', () => {
  it('on a withdrawal removes every cookie of the visitor at once, baseDomain copies too, without loading the runtime', () => {
    const writes = recordCookieWrites();
    const { chatwoot, loadRuntime, queue } = setup({ baseDomain: '.example.com' });
    chatwoot.setConsent(false);
    const removed = (scoped: boolean) =>
      writes.filter((w) => /max-age=0\b/.test(w) && w.includes('domain=.example.com') === scoped).map((w) => w.split('=')[0]);
    const all = [`cw_conversation_${TOKEN}`, 'cw_conversation', `cw_user_${TOKEN}`, `cw_consent_${TOKEN}`, 'cw_snooze_campaigns_till'];
    expect(removed(false)).toEqual(all);
    expect(removed(true)).toEqual(all);
    expect(loadRuntime).not.toHaveBeenCalled();
    // The runtime tells the frame, when it loads on this page.
    expect(queue).toEqual([['setConsent', [false]]]);
  });

  it('on a grant writes nothing itself: the runtime does, when it loads', () => {
    const writes = recordCookieWrites();
    const { chatwoot, loadRuntime, queue } = setup({ consent: 'required' });
    chatwoot.setConsent(true);
    expect(writes).toEqual([]);
    expect(loadRuntime).not.toHaveBeenCalled();
    expect(queue).toEqual([['setConsent', [true]]]);
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
    const { chatwoot, queue } = setup();
    chatwoot.toggle('open');
    chatwoot.toggle('close');
    expect(queue).toEqual([
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
    const { chatwoot, queue } = setup();
    chatwoot.setLabel('vip');
    chatwoot.setUser('u-1', { name: 'Ana' });
    chatwoot.reset();
    expect(queue).toEqual([['reset', []]]);
  });

  it("removes the inbox's cookies (conversation, user, consent, snooze) and Chatwoot's conversation cookie for the site", () => {
    const writes = recordCookieWrites();
    document.cookie = `cw_conversation_${TOKEN}=jwt-1; path=/`;
    document.cookie = 'cw_conversation=jwt-0; path=/';
    document.cookie = `cw_user_${TOKEN}=abc; path=/`;
    writes.length = 0;
    const { chatwoot } = setup();
    chatwoot.reset();
    const removals = writes.filter((w) => /max-age=0\b/.test(w)).map((w) => w.split('=')[0]);
    expect(removals).toEqual([
      `cw_conversation_${TOKEN}`,
      'cw_conversation',
      `cw_user_${TOKEN}`,
      `cw_consent_${TOKEN}`,
      'cw_snooze_campaigns_till',
    ]);
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
