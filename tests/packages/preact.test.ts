// @vitest-environment happy-dom
import { createElement, render } from 'preact';
import { act } from 'preact/test-utils';
import type { WrenHandle } from 'wren-chat';

let preact: typeof import('../../packages/wren-chat/src/preact');
let core: typeof import('wren-chat');

const OPTIONS = { baseUrl: 'https://chat.example', websiteToken: 'support-tok' };

/** A child that shows what `useWren()` gave it. */
const seen: (WrenHandle | null)[] = [];
function Probe() {
  seen.push(preact.useWren());
  return null;
}

beforeEach(async () => {
  vi.resetModules();
  preact = await import('../../packages/wren-chat/src/preact');
  core = await import('wren-chat');
});

describe('<WrenChat> for Preact', () => {
  it('holds the widget while mounted and gives its children the handle; unmounting destroys it', async () => {
    vi.useFakeTimers();
    const container = document.createElement('div');
    await act(() =>
      render(createElement(preact.WrenChat, OPTIONS, createElement('p', null, 'Shop'), createElement(Probe, null)), container),
    );
    expect(container.innerHTML).toBe('<p>Shop</p>');
    const handle = seen.at(-1)!;
    expect(handle).toBe(core.loadWren(OPTIONS));
    await act(() => render(null, container));
    await vi.advanceTimersByTimeAsync(10);
    expect(core.loadWren(OPTIONS)).not.toBe(handle);
    vi.useRealTimers();
  });
});
