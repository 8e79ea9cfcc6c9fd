// @vitest-environment happy-dom
import type { WrenOptions } from 'wren-chat';

// A fresh package per test: it keeps the page's widgets and sdk.js's loading as a page would.
let { holdWren, loadWren } = await import('wren-chat');

const BASE = 'https://chat.example';
const OPTIONS: WrenOptions = { baseUrl: `${BASE}/`, websiteToken: 'support-tok' };

/** A stand-in for the server's sdk.js: `chatwootSDK.run` starts a recorded widget. */
function fakeSdk() {
  const widgets: {
    options: unknown;
    calls: [string, unknown[]][];
    isOpen: boolean;
    hasLoaded: boolean;
    isTeamAvailable?: boolean;
    fire(name: string, detail?: unknown): void;
  }[] = [];
  const run = vi.fn((options: unknown) => {
    const calls: [string, unknown[]][] = [];
    const widget = new Proxy(
      {
        options,
        calls,
        isOpen: false,
        hasLoaded: false,
        isTeamAvailable: undefined as boolean | undefined,
        fire(name: string, detail: unknown = null) {
          dispatchEvent(Object.assign(new CustomEvent(name, { detail }), { chatwoot: widget }));
        },
      },
      {
        get: (target, key: string) =>
          key in target ? target[key as keyof typeof target] : (...args: unknown[]) => calls.push([key, args]),
      },
    );
    widgets.push(widget);
    return widget;
  });
  return { run, widgets };
}

/**
 * The `<script>`s the package inserted into <head>, kept out of the document (happy-dom would
 * try to fetch them); `loadScript` fires the first one's load as the browser would.
 */
let inserted: HTMLScriptElement[] = [];
const scripts = () => inserted;
function loadScript(sdk = fakeSdk()) {
  (window as { chatwootSDK?: unknown }).chatwootSDK = { run: sdk.run };
  inserted[0].dispatchEvent(new Event('load'));
  return sdk;
}

const handles: { destroy(): void }[] = [];
const load = (options: WrenOptions = OPTIONS) => {
  const handle = loadWren(options);
  handles.push(handle);
  return handle;
};

beforeEach(async () => {
  vi.resetModules();
  ({ holdWren, loadWren } = await import('wren-chat'));
  vi.useFakeTimers();
  // The page has loaded; happy-dom has no requestIdleCallback, so the package's 200 ms stands in.
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  inserted = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void inserted.push(...(nodes as HTMLScriptElement[])));
});
afterEach(() => {
  for (const handle of handles.splice(0)) handle.destroy();
  delete (window as { chatwootSDK?: unknown }).chatwootSDK;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadWren', () => {
  it('answers the same handle for the same options, in any order', () => {
    const handle = load();
    expect(load({ websiteToken: 'support-tok', baseUrl: BASE })).toBe(handle);
  });

  it('refuses other options for a widget already loaded, saying which and what to do', () => {
    load({ ...OPTIONS, position: 'left' });
    expect(() => load({ ...OPTIONS, position: 'right' })).toThrow(
      'Wren: the widget of website token "support-tok" is loaded already, with other options (position: "right" (before: "left")). Destroy its handle first, or give this one another locale.',
    );
  });

  it('starts another widget for another inbox or another language', () => {
    const support = load();
    expect(load({ ...OPTIONS, websiteToken: 'sales-tok' })).not.toBe(support);
    expect(load({ ...OPTIONS, locale: 'fr' })).not.toBe(support);
  });

  it.each([
    ['no options', undefined],
    ['no baseUrl', { websiteToken: 't' }],
    ['no websiteToken', { baseUrl: BASE }],
    ['an empty websiteToken', { baseUrl: BASE, websiteToken: '' }],
  ])('throws a clear error for %s', (_what, options) => {
    expect(() => loadWren(options as never)).toThrow(/^Wren: loadWren needs/);
  });

  it('answers a new widget once the first was destroyed', () => {
    const first = load();
    first.destroy();
    expect(load()).not.toBe(first);
  });
});

describe('what a handle costs the page', () => {
  it('inserts the server’s sdk.js once the page is idle, and nothing before', async () => {
    load();
    expect(scripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(scripts().map((s) => s.src)).toEqual([`${BASE}/packs/js/sdk.js`]);
  });

  it('inserts it at once for a call that opens the chat, and once only for several widgets', () => {
    load().toggle('open');
    load({ ...OPTIONS, websiteToken: 'sales-tok' }).showNewMessage('Hi');
    expect(scripts()).toHaveLength(1);
  });

  it('uses the page’s sdk.js when a snippet brought it', async () => {
    const sdk = fakeSdk();
    (window as { chatwootSDK?: unknown }).chatwootSDK = { run: sdk.run };
    load();
    await vi.advanceTimersByTimeAsync(200);
    expect(scripts()).toEqual([]);
    expect(sdk.run).toHaveBeenCalledExactlyOnceWith({ websiteToken: 'support-tok', baseUrl: BASE, settings: {} });
  });
});

describe('calls on a handle', () => {
  it('wait for the widget, in order, and then go straight to it', async () => {
    const handle = load({ ...OPTIONS, position: 'left' });
    handle.setLocale('fr');
    handle.setCustomAttributes({ plan: 'pro' });
    handle.toggle('open');
    await vi.advanceTimersByTimeAsync(0);
    const { run, widgets } = loadScript();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledExactlyOnceWith({ websiteToken: 'support-tok', baseUrl: BASE, settings: { position: 'left' } });
    handle.setLabel('vip');
    expect(widgets[0].calls).toEqual([
      ['setLocale', ['fr']],
      ['setCustomAttributes', [{ plan: 'pro' }]],
      ['toggle', ['open']],
      ['setLabel', ['vip']],
    ]);
  });

  it('throw at once for arguments the widget would refuse, before it has loaded, and queue nothing', () => {
    const handle = load();
    expect(() => handle.setLocale('klingon')).toThrow('Unsupported locale: klingon');
    expect(() => handle.setUser('u-1', {} as never)).toThrow('User object should have one of the keys [avatar_url, email, name]');
    expect(() => handle.setCustomAttributes({})).toThrow('Custom attributes should have at least one key');
    expect(() => handle.showNewMessage(1 as never)).toThrow('Message should be a string');
    expect(() => handle.prefillMessage(1 as never)).toThrow('Message should be a string');
    expect(() => handle.sendMessage(' ')).toThrow('Message should not be empty');
    expect(() => handle.setConsent('yes' as never)).toThrow('Consent should be true or false');
    expect(scripts()).toEqual([]);
  });

  it('load the widget at once for sendMessage and prefillMessage, which the visitor is to see', async () => {
    const handle = load();
    handle.sendMessage('Hello');
    handle.prefillMessage('About my order');
    expect(scripts()).toHaveLength(1);
    const { widgets } = loadScript();
    await vi.advanceTimersByTimeAsync(0);
    expect(widgets[0].calls).toEqual([
      ['sendMessage', ['Hello']],
      ['prefillMessage', ['About my order']],
    ]);
  });

  it('read the widget’s state', async () => {
    const handle = load();
    expect([handle.isOpen, handle.hasLoaded]).toEqual([false, false]);
    handle.toggle('open');
    const { widgets } = loadScript();
    await vi.advanceTimersByTimeAsync(0);
    expect(handle.isTeamAvailable).toBeUndefined();
    Object.assign(widgets[0], { isOpen: true, hasLoaded: true, isTeamAvailable: false });
    expect([handle.isOpen, handle.hasLoaded, handle.isTeamAvailable]).toEqual([true, true, false]);
  });

  it('open the popout inside the click, before sdk.js has loaded, with the inbox’s conversation', () => {
    document.cookie = 'cw_conversation_support-tok=jwt-1; path=/';
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: vi.fn() } as never);
    load({ ...OPTIONS, locale: 'de' }).popoutChatWindow();
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${BASE}/widget?cw_conversation=jwt-1&website_token=support-tok&locale=de`,
      'webwidget_session_support-tok',
      'resizable=off,width=400,height=600',
    );
    document.cookie = 'cw_conversation_support-tok=; max-age=0; path=/';
  });
});

describe('events', () => {
  it('reach a handle’s handlers for its own widget only, typed, until off', async () => {
    const support = load();
    const sales = load({ ...OPTIONS, websiteToken: 'sales-tok' });
    const unread: number[] = [];
    const onUnread = (count: number) => unread.push(count);
    support.on('chatwoot:unread-count', onUnread);
    const opened = vi.fn();
    const stop = sales.on('chatwoot:opened', opened);
    support.toggle('open');
    const { widgets } = loadScript();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(200);
    const [supportWidget, salesWidget] = widgets;
    supportWidget.fire('chatwoot:unread-count', 2);
    salesWidget.fire('chatwoot:unread-count', 5);
    supportWidget.fire('chatwoot:opened');
    salesWidget.fire('chatwoot:opened');
    stop();
    salesWidget.fire('chatwoot:opened');
    support.off('chatwoot:unread-count', onUnread);
    supportWidget.fire('chatwoot:unread-count', 3);
    expect(unread).toEqual([2]);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('tell the handle’s chatwoot:error handlers when sdk.js cannot load, and a later call tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handle = load();
    const errors: unknown[] = [];
    handle.on('chatwoot:error', (detail) => errors.push(detail));
    handle.toggle('open');
    scripts()[0].dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([{ error: expect.stringContaining(`${BASE}/packs/js/sdk.js did not load`) }]);
    expect(warn).toHaveBeenCalledOnce();
    handle.toggle('open');
    expect(scripts()).toHaveLength(2);
  });
});

describe('destroy()', () => {
  it('destroys the widget and stops every handler and call', async () => {
    const handle = load();
    const opened = vi.fn();
    handle.on('chatwoot:opened', opened);
    handle.toggle('open');
    const { widgets } = loadScript();
    await vi.advanceTimersByTimeAsync(0);
    handle.destroy();
    expect(widgets[0].calls.at(-1)).toEqual(['destroy', []]);
    widgets[0].fire('chatwoot:opened');
    handle.toggle('open');
    expect(opened).not.toHaveBeenCalled();
    expect(widgets[0].calls.at(-1)).toEqual(['destroy', []]);
  });

  it('before sdk.js has loaded: it never starts a widget', async () => {
    const handle = load();
    handle.toggle('open');
    handle.destroy();
    const { run } = loadScript();
    await vi.advanceTimersByTimeAsync(500);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('holdWren (for components)', () => {
  it('keeps the widget through a release and a hold in the same task (StrictMode’s double effect)', async () => {
    const first = holdWren(OPTIONS);
    first.release();
    const second = holdWren(OPTIONS);
    handles.push(second.handle);
    expect(second.handle).toBe(first.handle);
    await vi.advanceTimersByTimeAsync(10);
    expect(loadWren(OPTIONS)).toBe(first.handle);
  });

  it('destroys the widget once nothing holds it, after the task', async () => {
    const hold = holdWren(OPTIONS);
    const other = holdWren(OPTIONS);
    hold.release();
    hold.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(loadWren(OPTIONS)).toBe(hold.handle);
    other.release();
    await vi.advanceTimersByTimeAsync(10);
    const next = load();
    expect(next).not.toBe(hold.handle);
  });

  it('replaces a widget let go in this task when the options changed', () => {
    holdWren({ ...OPTIONS, position: 'left' }).release();
    const hold = holdWren({ ...OPTIONS, position: 'right' });
    handles.push(hold.handle);
    expect(hold.handle.options.position).toBe('right');
  });
});
