// @vitest-environment node
/** Server rendering: no `window`, as in Next.js's server components' pass or any SSR. */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { holdWren, loadWren } from 'wren-chat';
import { useWren, WrenChat } from '../../../packages/wren-chat/src/react';

const OPTIONS = { baseUrl: 'https://chat.example', websiteToken: 'support-tok' };

/** What `useWren()` gave the last `Probe` rendered. */
let handle: unknown = 'unset';
function Probe() {
  handle = useWren();
  return null;
}

describe('on the server', () => {
  it('imports and renders without a window: <WrenChat> renders its children, useWren() gives null', () => {
    expect(typeof window).toBe('undefined');
    expect(renderToString(createElement(WrenChat, OPTIONS, createElement('main', null, 'Shop'), createElement(Probe)))).toBe(
      '<main>Shop</main>',
    );
    expect(handle).toBeNull();
  });

  it('answers handles that do nothing and hold nothing from one request to the next', () => {
    const inert = loadWren(OPTIONS);
    expect(loadWren(OPTIONS)).not.toBe(inert);
    expect(() => {
      inert.toggle('open');
      inert.setUser('u-1', { name: 'Ana' });
      inert.on('chatwoot:opened', () => undefined)();
      inert.destroy();
      holdWren(OPTIONS).release();
    }).not.toThrow();
    expect([inert.isOpen, inert.hasLoaded]).toEqual([false, false]);
  });

  it('says what is wrong when useWren() has no <WrenChat> around it', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('Wren: useWren() needs a <WrenChat> around it');
  });

  it('still refuses options no widget could start from', () => {
    expect(() => loadWren({ baseUrl: 'https://chat.example' } as never)).toThrow('Wren: loadWren needs websiteToken');
  });
});
