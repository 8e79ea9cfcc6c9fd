// @vitest-environment happy-dom
import type { Runtime } from '../../src/sdk/chatwoot';
import { run } from '../../src/sdk/index';
import type { RuntimeContext } from '../../src/sdk/runtimeContext';
import { clearCookies } from './runtime/harness';
import { renderDemoSnippet, STUB_METHODS } from '../../server/views/demoPage';

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
    },
  };
  return { calls, contexts, importRuntime: vi.fn(async (_url: string) => module) };
}

function start(settings = {}, campaigns: unknown = []) {
  window.chatwootSettings = settings;
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ({ json: async () => campaigns }));
  vi.stubGlobal('fetch', fetch);
  const runtime = fakeRuntime();
  run({ websiteToken: TOKEN, baseUrl: `${BASE}/` }, runtime.importRuntime);
  const bubble = document.getElementById('wren-chat')!.shadowRoot!.querySelector('button')!;
  return { ...runtime, fetch, bubble, chatwoot: window.$chatwoot! };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('__WREN_RUNTIME__', 'js/sdk-runtime-test.js');
});
afterEach(() => {
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
  it('paints the launcher and defines $chatwoot at once, and runs only once per page', () => {
    const { chatwoot } = start();
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
    run({ websiteToken: 'other', baseUrl: BASE }, vi.fn());
    expect(window.$chatwoot).toBe(chatwoot);
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
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

describe('a returning visitor or an eager site', () => {
  it.each([
    ['a conversation cookie', () => (document.cookie = 'cw_conversation=jwt-1; path=/'), {}],
    ['loadEagerly', () => undefined, { loadEagerly: true }],
  ])('with %s loads the frame when idle, without asking for campaigns', async (_what, arrange, settings) => {
    arrange();
    const { fetch, importRuntime, calls } = start(settings);
    expect(importRuntime).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(fetch).not.toHaveBeenCalled();
    expect(importRuntime).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([['preload', []]]);
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

describe('the recommended snippet (docs/protocol.md#recommended-snippet)', () => {
  /** Runs the snippet the demo page serves: it defines the stub and waits for the page to load. */
  const runSnippet = () => new Function(renderDemoSnippet(BASE, TOKEN))();
  type Stub = { q: [string, unknown[]][] } & Record<(typeof STUB_METHODS)[number], (...args: unknown[]) => void>;

  it('gives $chatwoot at once, queueing every call until sdk.js loads', () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setLocale('fr');
    stub.setUser('u-1', { name: 'Ana' });
    expect(stub.q).toEqual([
      ['setLocale', ['fr']],
      ['setUser', ['u-1', { name: 'Ana' }]],
    ]);
    expect(Object.keys(stub).filter((key) => key !== 'q')).toEqual([...STUB_METHODS]);
    // Nothing of Wren's yet: sdk.js comes after the page's load, when the browser is idle.
    expect(document.getElementById('wren-chat')).toBeNull();
  });

  it('sdk.js adopts the stub: the real $chatwoot replaces it and the queued calls run in order', async () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setLocale('fr');
    stub.toggle('open');
    const { chatwoot, importRuntime } = start();
    expect(chatwoot).not.toBe(stub);
    expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(chatwoot.locale).toBe('fr');
    expect(chatwoot.isOpen).toBe(true);
    expect(importRuntime).toHaveBeenCalledOnce();
  });

  it('a queued call with bad arguments throws on its own, and the calls after it still run', async () => {
    runSnippet();
    const stub = window.$chatwoot as unknown as Stub;
    stub.setCustomAttributes({});
    stub.setLocale('de');
    const { chatwoot } = start();
    await expect(vi.advanceTimersByTimeAsync(0)).rejects.toThrow('Custom attributes should have at least one key');
    await vi.advanceTimersByTimeAsync(0);
    expect(chatwoot.locale).toBe('de');
  });

  it('leaves a $chatwoot that is already running alone', () => {
    const { chatwoot } = start();
    runSnippet();
    expect(window.$chatwoot).toBe(chatwoot);
  });
});
