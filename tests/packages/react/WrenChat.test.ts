// @vitest-environment happy-dom
/**
 * The package's React components under React itself (the `react` project of vitest.config.mjs:
 * no Preact aliases), through react-dom's client and server renderers.
 */
import { act, createElement, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { WrenHandle } from 'wren-chat';

// A fresh package per test, as a page would load it.
let react: typeof import('../../../packages/wren-chat/src/react');
let core: typeof import('wren-chat');

const OPTIONS = { baseUrl: 'https://chat.example', websiteToken: 'support-tok' };

/** The page's sdk.js, as a snippet would have brought it: records the widgets it starts. */
function pageSdk() {
  const widgets: { destroyed: boolean }[] = [];
  const run = vi.fn(() => {
    const widget = { destroyed: false, destroy: () => (widget.destroyed = true) };
    widgets.push(widget);
    return widget;
  });
  (window as { chatwootSDK?: unknown }).chatwootSDK = { run };
  return { run, widgets };
}

/** A child that shows what `useWren()` gave it. */
const seen: (WrenHandle | null)[] = [];
function Probe() {
  seen.push(react.useWren());
  return null;
}

const app = (children: ReactNode = createElement(Probe)) =>
  createElement(react.WrenChat, OPTIONS, createElement('p', null, 'Acme Store'), children);

beforeEach(async () => {
  vi.resetModules();
  react = await import('../../../packages/wren-chat/src/react');
  core = await import('wren-chat');
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  seen.length = 0;
});
afterEach(() => {
  delete (window as { chatwootSDK?: unknown }).chatwootSDK;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Lets the page become idle, so the package starts its widget. */
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

describe('<WrenChat>', () => {
  it('starts one widget under StrictMode, whose double effects keep it, and gives its children the handle', async () => {
    const { run, widgets } = pageSdk();
    // Loaded before the component: a component that destroyed it on StrictMode's first cleanup
    // would hand its children another.
    const loaded = core.loadWren(OPTIONS);
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(() => root.render(createElement(StrictMode, null, app())));
    await idle();
    expect(run).toHaveBeenCalledOnce();
    expect(widgets[0].destroyed).toBe(false);
    const handles = seen.filter(Boolean);
    expect(handles.length).toBeGreaterThan(0);
    expect(new Set(handles)).toEqual(new Set([loaded]));
    await act(() => root.unmount());
  });

  it('destroys the widget when unmounted, and a remount starts it again', async () => {
    const { run, widgets } = pageSdk();
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(() => root.render(app()));
    await idle();
    await act(() => root.unmount());
    await idle();
    expect(widgets[0].destroyed).toBe(true);
    const again = createRoot(document.body.appendChild(document.createElement('div')));
    await act(() => again.render(app()));
    await idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(widgets[1].destroyed).toBe(false);
    await act(() => again.unmount());
  });

  it('hydrates what the server rendered without a mismatch: it renders its children and nothing else', async () => {
    const html = renderToString(app());
    expect(html).toBe('<p>Acme Store</p>');
    pageSdk();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(() => {
      hydrateRoot(container, app(), { onRecoverableError: (error) => errors.push(error) });
    });
    await idle();
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe('<p>Acme Store</p>');
    expect(seen.at(-1)).not.toBeNull();
  });
});
