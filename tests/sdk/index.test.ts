// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import type { Chatwoot, Runtime } from '../../src/sdk/chatwoot';
import { run } from '../../src/sdk/index';
import type { HostSettings } from '../../src/sdk/settings';
import type { RuntimeContext } from '../../src/sdk/runtimeContext';
import { clearCookies } from './runtime/harness';
import { renderDemoSnippet } from '../../server/views/demoPage';
import { HOST_API_METHODS, type HostApiMethod } from '../../src/shared/hostApi';

const BASE = 'https://chat.example';
const TOKEN = 'web tok';
const RUNTIME_URL = `${BASE}/packs/js/sdk-runtime-test.js`;
// happy-dom has no requestIdleCallback, so the loader's fallback delay applies.
const IDLE_MS = 1500;

/** A runtime module that records what the loader hands it and every call it gets. */
function fakeRuntime() {
  const calls: [string, unknown[]][] = [];
  const contexts: RuntimeContext[] = [];
  const module = {
    installRuntime(context: RuntimeContext) {
      contexts.push(context);
      context.chatwoot.attach({ call: (method, args) => calls.push([method, args]) } satisfies Runtime);
      // As the real one: it takes over the calls that waited for it.
      calls.push(...context.queue.splice(0));
    },
  };
  return { calls, contexts, importRuntime: vi.fn(async (_url: string) => module) };
}

/** Every widget a test started: each is destroyed after it, so the next test's `run` starts anew. */
const started: Chatwoot[] = [];

function start(settings: HostSettings = {}, campaigns: unknown = [], headers: HeadersInit = {}) {
  window.chatwootSettings = settings;
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ({ headers: new Headers(headers), json: async () => campaigns }));
  vi.stubGlobal('fetch', fetch);
  const runtime = fakeRuntime();
  const chatwoot = run({ websiteToken: TOKEN, baseUrl: `${BASE}/` }, runtime.importRuntime);
  started.push(chatwoot);
  const bubble = document.getElementById('wren-chat')!.shadowRoot!.querySelector('button')!;
  return { ...runtime, fetch, bubble, chatwoot };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('__WREN_RUNTIME__', 'js/sdk-runtime-test.js');
});
afterEach(() => {
  for (const chatwoot of started.splice(0)) chatwoot.destroy();
  delete window.$chatwoot;
  delete window.chatwootSettings;
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  document.head.replaceChildren();
  clearCookies();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sdk.js on page load', () => {
  it('paints the launcher and defines $chatwoot at once, and answers the same widget when the snippet runs again', () => {
    const { chatwoot } = start();
    expect(window.$chatwoot).toBe(chatwoot);
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
    // Turbo re-runs a page's scripts on navigation: the snippet's `run` again starts nothing.
    expect(run({ websiteToken: TOKEN, baseUrl: `${BASE}/` }, vi.fn())).toBe(chatwoot);
    expect(document.querySelectorAll('[id^="wren-chat"]')).toHaveLength(1);
  });

  it('fires chatwoot:ready after run returns, so calls made right after run come first', async () => {
    const order: string[] = [];
    addEventListener('chatwoot:ready', () => order.push('ready'), { once: true });
    const { chatwoot } = start();
    chatwoot.setUser('u-1', { name: 'Ana' });
    order.push('setUser');
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['setUser', 'ready']);
  });
});

describe('a first-time visitor', () => {
  it('makes no request, writes nothing and loads no runtime before the page is idle', () => {
    const { fetch, importRuntime } = start();
    expect(fetch).not.toHaveBeenCalled();
    expect(importRuntime).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('asks once for the campaigns when idle, without credentials', async () => {
    const { fetch } = start();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(fetch).toHaveBeenCalledExactlyOnceWith(`${BASE}/api/v1/widget/campaigns?website_token=web%20tok`, { credentials: 'omit' });
  });

  it('loads nothing more when the inbox has no campaigns', async () => {
    const { importRuntime } = start({}, []);
    await vi.advanceTimersByTimeAsync(IDLE_MS * 10);
    expect(importRuntime).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
  });

  it('loads nothing more when the campaigns request fails or answers an error', async () => {
    const failing = start({}, { error: 'web widget does not exist' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(failing.importRuntime).not.toHaveBeenCalled();
  });

  it('loads the runtime and hands it the campaigns when the inbox has some', async () => {
    const campaigns = [{ id: 1, trigger_rules: { url: 'https://shop.example/*', time_on_page: 5 } }];
    const { importRuntime, calls } = start({}, campaigns);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(importRuntime).toHaveBeenCalledExactlyOnceWith(RUNTIME_URL);
    expect(calls).toEqual([['preload', [campaigns]]]);
  });

  it('loads the runtime once on hover or focus, and nothing of a session: no frame, no request, nothing stored', async () => {
    const { bubble, fetch, importRuntime, calls } = start();
    bubble.dispatchEvent(new Event('pointerenter'));
    bubble.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(importRuntime).toHaveBeenCalledExactlyOnceWith(RUNTIME_URL);
    expect(calls).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('loads the runtime on click and opens the chat', async () => {
    const { bubble, importRuntime, calls, contexts, chatwoot } = start();
    bubble.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(importRuntime).toHaveBeenCalledTimes(1);
    expect(chatwoot.isOpen).toBe(true);
    expect(calls).toEqual([['toggle', [true]]]);
    expect(contexts[0].settings.position).toBe('right');
  });
});

describe("a site in a language but English (its launcher's words come with the runtime)", () => {
  it('loads the runtime once the page is idle, and nothing of a session: no frame, no request but the campaigns check, nothing stored', async () => {
    const { importRuntime, calls, fetch } = start({ locale: 'ar' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(importRuntime).toHaveBeenCalledExactlyOnceWith(RUNTIME_URL);
    expect(calls).toEqual([]);
    expect(fetch.mock.calls.map(([url]) => new URL(url).pathname)).toEqual(['/api/v1/widget/campaigns']);
    expect(document.cookie).toBe('');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('does not for English, in any form, or a site that names no language', async () => {
    for (const locale of ['en', 'en_GB', 'en-US', '', undefined]) {
      const { importRuntime, chatwoot } = start({ locale });
      await vi.advanceTimersByTimeAsync(IDLE_MS);
      expect(importRuntime, String(locale)).not.toHaveBeenCalled();
      chatwoot.destroy();
    }
  });
});

describe('a returning visitor or an eager site', () => {
  it.each([
    ['a conversation cookie', () => (document.cookie = 'cw_conversation=jwt-1; path=/'), {}],
    ['loadEagerly', () => undefined, { loadEagerly: true }],
  ])(
    'with %s loads the frame when idle, without asking for campaigns: the widget tells whether the team is away',
    async (_what, arrange, settings) => {
      arrange();
      const { fetch, importRuntime, calls, chatwoot } = start(settings, [{ id: 1 }], { 'X-Wren-Away': 'hide_launcher' });
      expect(importRuntime).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(IDLE_MS);
      expect(fetch).not.toHaveBeenCalled();
      expect(importRuntime).toHaveBeenCalledTimes(1);
      // The frame loads anyway: its campaigns are the widget's.
      expect(calls).toEqual([['preload', []]]);
      expect(chatwoot.isTeamAvailable).toBeUndefined();
    },
  );
});

describe('the team’s availability (docs/behaviour.md#away-mode)', () => {
  const availability = () => {
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    addEventListener('chatwoot:team-availability', listener);
    return { seen, stop: () => removeEventListener('chatwoot:team-availability', listener) };
  };

  it('is unknown until the campaigns check answers, then available without the away header', async () => {
    const events = availability();
    const { chatwoot } = start();
    expect(chatwoot.isTeamAvailable).toBeUndefined();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(chatwoot.isTeamAvailable).toBe(true);
    expect(events.seen).toEqual([{ available: true }]);
    events.stop();
  });

  it.each(['chat', 'email_form'])('is away with the header (%s), and the launcher stays', async (mode) => {
    const events = availability();
    const { chatwoot, bubble } = start({}, [], { 'X-Wren-Away': mode });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(chatwoot.isTeamAvailable).toBe(false);
    expect(events.seen).toEqual([{ available: false }]);
    expect(bubble.parentElement!.classList).not.toContain('hidden-bubble');
    events.stop();
  });

  it('hides the launcher for an inbox whose away mode is hide_launcher; the chat still opens from the page', async () => {
    const { chatwoot, bubble, calls } = start({}, [], { 'X-Wren-Away': 'hide_launcher' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(bubble.parentElement!.classList).toContain('hidden-bubble');
    chatwoot.toggle('open');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['toggle', [true]]]);
  });
});

describe('keepOpen', () => {
  it('reopens the chat on load when the page before left it open', async () => {
    sessionStorage.setItem(`wren:open:${TOKEN}`, '1');
    const { chatwoot, importRuntime } = start({ keepOpen: true });
    expect(chatwoot.isOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(importRuntime).toHaveBeenCalledOnce();
    sessionStorage.clear();
  });

  it('loads nothing for a visitor whose chat was closed', async () => {
    const { chatwoot, importRuntime } = start({ keepOpen: true });
    expect(chatwoot.isOpen).toBe(false);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(importRuntime).not.toHaveBeenCalled();
  });

  it('is off unless the site sets it', () => {
    sessionStorage.setItem(`wren:open:${TOKEN}`, '1');
    expect(start().chatwoot.isOpen).toBe(false);
    sessionStorage.clear();
  });
});

describe('a runtime that cannot load', () => {
  it('closes the chat, warns, fires chatwoot:error, and a later click tries again', async () => {
    const errors: unknown[] = [];
    addEventListener('chatwoot:error', (e) => errors.push((e as CustomEvent).detail), { once: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { bubble, importRuntime, chatwoot } = start();
    const blocked = new Error('blocked');
    importRuntime.mockRejectedValueOnce(blocked);
    bubble.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(chatwoot.isOpen).toBe(false);
    expect(warn).toHaveBeenCalledExactlyOnceWith('Wren:', blocked);
    expect(errors).toEqual([{ error: 'Error: blocked' }]);
    bubble.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(importRuntime).toHaveBeenCalledTimes(2);
    expect(chatwoot.isOpen).toBe(true);
  });
});

describe('destroy()', () => {
  it('removes the launcher and $chatwoot, tears the runtime down, and run() can start over', async () => {
    const { bubble, calls, chatwoot } = start();
    bubble.click();
    await vi.advanceTimersByTimeAsync(0);
    chatwoot.destroy();
    expect(calls.at(-1)).toEqual(['destroy', []]);
    expect(document.getElementById('wren-chat')).toBeNull();
    expect(window.$chatwoot).toBeUndefined();
    run({ websiteToken: TOKEN, baseUrl: BASE }, vi.fn());
    expect(window.$chatwoot).not.toBe(chatwoot);
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
  });
});

describe('several widgets on one page (docs/architecture.md#several-widgets-on-one-page)', () => {
  const sales = (settings?: HostSettings, importRuntime = fakeRuntime().importRuntime) => {
    const chatwoot = run({ websiteToken: 'sales tok', baseUrl: BASE, settings }, importRuntime);
    started.push(chatwoot);
    return chatwoot;
  };
  /** The launchers' hosts, in the order they were painted (each is appended to <html>). */
  const hosts = () => [...document.documentElement.children].filter((element) => element.shadowRoot);
  const launchers = () => hosts().map((host) => host.id);

  it('starts one more widget for other options, with a launcher of its own; $chatwoot stays the first', () => {
    const { chatwoot } = start();
    const second = sales({ position: 'left', launcherTitle: 'Talk to sales' });
    expect(second).not.toBe(chatwoot);
    expect(window.$chatwoot).toBe(chatwoot);
    // Only the snippet's launcher is `#wren-chat`: an app's widgets are its handles'.
    expect(launchers()).toEqual(['wren-chat', '']);
    expect(second).toMatchObject({ websiteToken: 'sales tok', position: 'left' });
    const bubble = hosts()[1].shadowRoot!.querySelector('button')!;
    expect(bubble.getAttribute('aria-label')).toBe('Talk to sales');
  });

  it('answers the running widget when the snippet runs again, as Turbo re-runs scripts, even for another token', () => {
    const { chatwoot } = start();
    expect(run({ websiteToken: 'sales tok', baseUrl: BASE }, vi.fn())).toBe(chatwoot);
    expect(launchers()).toEqual(['wren-chat']);
  });

  it('gives a widget started with its own settings no window.$chatwoot, and leaves the stub’s calls to the snippet', async () => {
    const stub = { q: [['setLocale', ['fr']]], setLocale: vi.fn() };
    window.$chatwoot = stub as never;
    window.chatwootSettings = { position: 'left' };
    const app = sales({ locale: 'de' });
    expect(window.$chatwoot).toBe(stub);
    expect(app).toMatchObject({ position: 'right', locale: 'de' });
    const { chatwoot } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.$chatwoot).toBe(chatwoot);
    expect(chatwoot.setLocale).not.toBe(stub.setLocale);
    expect(stub.setLocale).not.toHaveBeenCalled();
    expect(app.locale).toBe('de');
  });

  it('names the widget each event comes from', async () => {
    const { chatwoot } = start();
    const second = sales({});
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as Event & { chatwoot: unknown }).chatwoot);
    addEventListener('chatwoot:opened', listener);
    second.toggle('open');
    chatwoot.toggle('open');
    removeEventListener('chatwoot:opened', listener);
    expect(seen).toEqual([second, chatwoot]);
  });

  it('asks for each widget’s campaigns, and for none of a widget destroyed before the page was idle', async () => {
    const { fetch } = start();
    sales({}).destroy();
    const importRuntime = vi.fn();
    sales({ position: 'left' }, importRuntime);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(fetch.mock.calls.map(([url]) => new URL(url).searchParams.get('website_token'))).toEqual(['web tok', 'sales tok']);
    expect(importRuntime).not.toHaveBeenCalled();
  });

  it('destroys one widget alone: $chatwoot goes with its own widget only', () => {
    const { chatwoot } = start();
    const second = sales({});
    second.destroy();
    expect(window.$chatwoot).toBe(chatwoot);
    expect(launchers()).toEqual(['wren-chat']);
    chatwoot.destroy();
    sales({});
    expect(window.$chatwoot).toBeUndefined();
    expect(launchers()).toEqual(['']);
  });
});

describe('the recommended snippet (docs/embedding.md#the-recommended-snippet)', () => {
  /** Runs the snippet the demo page serves: it defines the stub and waits for the page to load. */
  const runSnippet = () => new Function(renderDemoSnippet(BASE, TOKEN))();
  type Stub = { q: [string, unknown[]][] } & Record<HostApiMethod, (...args: unknown[]) => void>;

  it('gives $chatwoot at once, queueing every call until sdk.js loads', () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setLocale('fr');
    stub.setUser('u-1', { name: 'Ana' });
    expect(stub.q).toEqual([
      ['setLocale', ['fr']],
      ['setUser', ['u-1', { name: 'Ana' }]],
    ]);
    expect(Object.keys(stub).filter((key) => key !== 'q')).toEqual(HOST_API_METHODS);
    // Nothing of Wren's yet: sdk.js comes after the page's load, when the browser is idle.
    expect(document.getElementById('wren-chat')).toBeNull();
  });

  it('sdk.js adopts the stub: the real $chatwoot replaces it and the queued calls run in order', async () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setLocale('fr');
    stub.toggle('open');
    const { chatwoot, importRuntime, calls } = start();
    expect(chatwoot).not.toBe(stub);
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(chatwoot.isOpen).toBe(true);
    expect(importRuntime).toHaveBeenCalledOnce();
    expect(calls).toEqual([
      ['setLocale', ['fr']],
      ['toggle', [true]],
    ]);
  });

  it('a queued call with bad arguments throws on its own, and the calls after it still run', async () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setCustomAttributes({});
    stub.setLocale('de');
    stub.toggle('open');
    const { calls } = start();
    await expect(vi.advanceTimersByTimeAsync(0)).rejects.toThrow('Custom attributes should have at least one key');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      ['setLocale', ['de']],
      ['toggle', [true]],
    ]);
  });

  it('is documented in docs/embedding.md with a stub for every method', () => {
    const text = readFileSync('docs/embedding.md', 'utf8');
    const listed = /"(toggle [\w ]+)"\.split/.exec(text)![1].split(' ');
    expect(listed).toEqual(HOST_API_METHODS);
  });

  it('leaves a $chatwoot that is already running alone', () => {
    const { chatwoot } = start();
    runSnippet();
    expect(window.$chatwoot).toBe(chatwoot);
  });
});
