// @vitest-environment happy-dom
import { watchUrl } from '../../../src/sdk/runtime/urlWatch';

const microtasks = () => new Promise((resolve) => setTimeout(resolve));
const stops: (() => void)[] = [];
function watch() {
  const onChange = vi.fn();
  stops.push(watchUrl(onChange));
  return onChange;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  // Wrappers stay on `history` by design; drop them so each test wraps the prototype's own.
  delete (history as Partial<History>).pushState;
  delete (history as Partial<History>).replaceState;
  history.replaceState(null, '', '/');
  delete (window as { navigation?: unknown }).navigation;
});

describe('watching the page address of a single-page app', () => {
  it('reports history.pushState and replaceState navigations once each', async () => {
    const onChange = watch();
    history.pushState({ page: 1 }, '', '/pricing');
    await microtasks();
    history.replaceState({ page: 1 }, '', '/pricing?plan=pro');
    await microtasks();
    expect(onChange.mock.calls).toEqual([[`${location.origin}/pricing`], [`${location.origin}/pricing?plan=pro`]]);
  });

  it('keeps pushState working for the host: same state, same address, same return value', async () => {
    const original = vi.spyOn(History.prototype, 'pushState');
    watch();
    const result = history.pushState({ cart: 3 }, '', '/cart');
    expect(result).toBeUndefined();
    expect(original).toHaveBeenCalledWith({ cart: 3 }, '', '/cart');
    expect(history.state).toEqual({ cart: 3 });
    expect(location.pathname).toBe('/cart');
  });

  it('does not report a pushState that keeps the address (state-only updates)', async () => {
    const onChange = watch();
    history.pushState({ scroll: 10 }, '', location.href);
    await microtasks();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports hashchange and popstate', async () => {
    const onChange = watch();
    History.prototype.pushState.call(history, null, '', '/#faq');
    dispatchEvent(new HashChangeEvent('hashchange'));
    History.prototype.pushState.call(history, null, '', '/back');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(onChange.mock.calls).toEqual([[`${location.origin}/#faq`], [`${location.origin}/back`]]);
  });

  it('reports nothing after it was stopped', async () => {
    const onChange = vi.fn();
    watchUrl(onChange)();
    history.pushState(null, '', '/later');
    dispatchEvent(new PopStateEvent('popstate'));
    await microtasks();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('wraps history once for every widget of the page, and reports to the watchers of the moment', async () => {
    const support = watch();
    const stopSales = watchUrl(vi.fn());
    const wrapped = history.pushState;
    stopSales();
    const later = watch();
    expect(history.pushState).toBe(wrapped);
    history.pushState(null, '', '/checkout');
    await microtasks();
    expect(support).toHaveBeenCalledExactlyOnceWith(`${location.origin}/checkout`);
    expect(later).toHaveBeenCalledExactlyOnceWith(`${location.origin}/checkout`);
  });

  it('uses the Navigation API instead of wrapping history where the browser has it', async () => {
    const navigation = new EventTarget();
    (window as { navigation?: unknown }).navigation = navigation;
    const pushState = history.pushState;
    const onChange = watch();
    expect(history.pushState).toBe(pushState);
    History.prototype.pushState.call(history, null, '', '/via-navigation');
    navigation.dispatchEvent(new Event('currententrychange'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(`${location.origin}/via-navigation`);
  });
});
