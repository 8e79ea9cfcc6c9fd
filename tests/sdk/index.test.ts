// @vitest-environment happy-dom
import type { Runtime } from '../../src/sdk/chatwoot';
import { run } from '../../src/sdk/index';
import type { RuntimeContext } from '../../src/sdk/runtimeContext';
import { clearCookies } from './runtime/harness';

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

  it('only preloads the runtime file on hover or focus', async () => {
    const { bubble, fetch, importRuntime } = start();
    bubble.dispatchEvent(new Event('pointerenter'));
    bubble.dispatchEvent(new Event('focus'));
    const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.href]);
    expect(links).toEqual([['modulepreload', RUNTIME_URL]]);
    expect(fetch).not.toHaveBeenCalled();
    expect(importRuntime).not.toHaveBeenCalled();
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
  it('closes the chat, fires chatwoot:error, and a later click tries again', async () => {
    const errors: unknown[] = [];
    addEventListener('chatwoot:error', (e) => errors.push((e as CustomEvent).detail), { once: true });
    const { bubble, importRuntime, chatwoot } = start();
    importRuntime.mockRejectedValueOnce(new Error('blocked'));
    bubble.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(chatwoot.isOpen).toBe(false);
    expect(errors).toEqual([{ error: 'The chat could not load: Error: blocked' }]);
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
