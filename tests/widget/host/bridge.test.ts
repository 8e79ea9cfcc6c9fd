import { createHostBridge, type HostHandlers } from '../../../src/widget/host/bridge';

type Listener = (event: MessageEvent) => void;

interface FakeWindowOptions {
  /** The host page: a different object from the frame's window, or the window itself when top-level. */
  parent?: object;
  ancestorOrigins?: string[];
  referrer?: string;
  reactNative?: boolean;
}

/** A frame's `window`, reduced to what the bridge reads, with a way to deliver `message` events. */
function fakeWindow({ parent, ancestorOrigins, referrer = '', reactNative = false }: FakeWindowOptions = {}) {
  const listeners = new Set<Listener>();
  const win = {
    location: { ancestorOrigins },
    document: { referrer },
    addEventListener: vi.fn((type: string, listener: Listener) => type === 'message' && listeners.add(listener)),
    removeEventListener: vi.fn((type: string, listener: Listener) => type === 'message' && listeners.delete(listener)),
    ReactNativeWebView: reactNative ? { postMessage: vi.fn() } : undefined,
    parent: undefined as unknown,
  };
  win.parent = parent ?? win;
  const deliver = (event: { data: unknown; source: unknown; origin: string }) => {
    for (const listener of listeners) listener(event as MessageEvent);
  };
  return { win: win as unknown as Window, raw: win, deliver, listeners };
}

const HOST_ORIGIN = 'https://shop.example';
const hostPage = () => ({ postMessage: vi.fn() });
const wire = (object: object) => `chatwoot-widget:${JSON.stringify(object)}`;

/** A bridge inside an iframe whose parent is at HOST_ORIGIN. */
function inIframe(options: FakeWindowOptions = {}) {
  const parent = hostPage();
  const frame = fakeWindow({ parent, ancestorOrigins: [HOST_ORIGIN], ...options });
  const bridge = createHostBridge(frame.win);
  const fromHost = (data: unknown, origin = HOST_ORIGIN, source: unknown = parent) => frame.deliver({ data, origin, source });
  return { ...frame, parent, bridge, fromHost };
}

describe('inside an iframe', () => {
  it('knows it is in an iframe', () => {
    const { bridge } = inIframe();
    expect(bridge.inIframe).toBe(true);
    expect(bridge.inNativeApp).toBe(false);
  });

  it("posts a prefixed JSON message to the parent, addressed to the parent's origin", () => {
    const { bridge, parent } = inIframe();
    bridge.send('setBubbleLabel', { label: 'Chat with us' });
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(wire({ label: 'Chat with us', event: 'setBubbleLabel' }), HOST_ORIGIN);
  });

  it('puts the event name and the payload at the top level of the JSON', () => {
    const { bridge, parent } = inIframe();
    bridge.send('onEvent', { eventIdentifier: 'chatwoot:on-message', data: { id: 1 } });
    const [text] = parent.postMessage.mock.calls[0];
    expect(text.startsWith('chatwoot-widget:')).toBe(true);
    expect(JSON.parse(text.slice('chatwoot-widget:'.length))).toEqual({
      event: 'onEvent',
      eventIdentifier: 'chatwoot:on-message',
      data: { id: 1 },
    });
  });

  it("learns the parent's origin from the referrer when ancestorOrigins is missing", () => {
    const { bridge, parent } = inIframe({ ancestorOrigins: undefined, referrer: 'https://blog.example/post/1?x=2' });
    bridge.send('closeWindow', {});
    expect(parent.postMessage).toHaveBeenCalledWith(wire({ event: 'closeWindow' }), 'https://blog.example');
  });

  it('prefers ancestorOrigins over the referrer', () => {
    const { bridge, parent } = inIframe({ referrer: 'https://other.example/' });
    bridge.send('closeWindow', {});
    expect(parent.postMessage).toHaveBeenCalledWith(expect.any(String), HOST_ORIGIN);
  });

  it("posts to '*' when the parent's origin cannot be known", () => {
    const { bridge, parent } = inIframe({ ancestorOrigins: undefined, referrer: '' });
    bridge.send('closeWindow', {});
    expect(parent.postMessage).toHaveBeenCalledWith(expect.any(String), '*');
  });

  it("posts to '*' when the referrer is not a URL", () => {
    const { bridge, parent } = inIframe({ ancestorOrigins: undefined, referrer: 'not a url' });
    bridge.send('closeWindow', {});
    expect(parent.postMessage).toHaveBeenCalledWith(expect.any(String), '*');
  });

  it('hands a message from the parent to its handler with the whole parsed message', () => {
    const { bridge, fromHost } = inIframe();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    fromHost(wire({ event: 'set-locale', locale: 'fr' }));
    expect(setLocale).toHaveBeenCalledExactlyOnceWith({ event: 'set-locale', locale: 'fr' });
  });

  it('ignores a message whose source is not the parent', () => {
    const { bridge, fromHost } = inIframe();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    fromHost(wire({ event: 'set-locale', locale: 'fr' }), HOST_ORIGIN, hostPage());
    fromHost(wire({ event: 'set-locale', locale: 'fr' }), HOST_ORIGIN, null);
    expect(setLocale).not.toHaveBeenCalled();
  });

  it('ignores a message from the parent window whose origin differs', () => {
    const { bridge, fromHost } = inIframe();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    fromHost(wire({ event: 'set-locale', locale: 'fr' }), 'https://evil.example');
    fromHost(wire({ event: 'set-locale', locale: 'fr' }), 'http://shop.example');
    expect(setLocale).not.toHaveBeenCalled();
  });

  it("accepts the parent's messages from any origin when its origin cannot be known", () => {
    const { bridge, fromHost } = inIframe({ ancestorOrigins: undefined, referrer: '' });
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    fromHost(wire({ event: 'set-locale', locale: 'fr' }), 'https://anything.example');
    expect(setLocale).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['without the prefix', JSON.stringify({ event: 'set-locale', locale: 'fr' })],
    ['with another prefix', `other-widget:${JSON.stringify({ event: 'set-locale', locale: 'fr' })}`],
    ['with malformed JSON', 'chatwoot-widget:{"event":"set-locale",'],
    ['with a JSON array', 'chatwoot-widget:["set-locale"]'],
    ['with JSON null', 'chatwoot-widget:null'],
    ['without an event name', wire({ locale: 'fr' })],
    ['with a non-string event name', wire({ event: 42 })],
    ['that is an object, not a string', { event: 'set-locale', locale: 'fr' }],
    ['that is undefined', undefined],
  ])('ignores a message %s', (_what, data) => {
    const { bridge, fromHost } = inIframe();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    expect(() => fromHost(data)).not.toThrow();
    expect(setLocale).not.toHaveBeenCalled();
  });

  it('ignores an event that has no handler', () => {
    const { bridge, fromHost } = inIframe();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    expect(() => fromHost(wire({ event: 'toggle-open', isOpen: true }))).not.toThrow();
    expect(setLocale).not.toHaveBeenCalled();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('ignores an event named %s', (name) => {
    const { bridge, fromHost } = inIframe();
    bridge.listen({ 'set-locale': vi.fn() });
    expect(() => fromHost(wire({ event: name }))).not.toThrow();
    expect(() => fromHost(`chatwoot-widget:{"event":"${name}","__proto__":{"polluted":true}}`)).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops listening when the returned function is called', () => {
    const { bridge, fromHost, listeners } = inIframe();
    const setLocale = vi.fn();
    const stop = bridge.listen({ 'set-locale': setLocale });
    stop();
    fromHost(wire({ event: 'set-locale', locale: 'fr' }));
    expect(setLocale).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });
});

describe('as a top-level window (popout or direct /widget visit)', () => {
  it('is not in an iframe and sends nothing', () => {
    const frame = fakeWindow();
    const bridge = createHostBridge(frame.win);
    expect(bridge.inIframe).toBe(false);
    expect(() => bridge.send('closeWindow', {})).not.toThrow();
  });

  it('ignores messages, even from itself', () => {
    const frame = fakeWindow();
    const bridge = createHostBridge(frame.win);
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    frame.deliver({ data: wire({ event: 'set-locale', locale: 'fr' }), origin: 'https://chat.example', source: frame.win });
    expect(setLocale).not.toHaveBeenCalled();
  });
});

describe('inside a React Native web view', () => {
  function native() {
    const frame = fakeWindow({ reactNative: true });
    return { ...frame, bridge: createHostBridge(frame.win) };
  }

  it('knows it is in the app', () => {
    const { bridge } = native();
    expect(bridge.inNativeApp).toBe(true);
    expect(bridge.inIframe).toBe(false);
  });

  it('sends native messages as prefixed JSON with a type', () => {
    const { bridge, raw } = native();
    bridge.sendNative({ type: 'auth-token', value: 'jwt-2' });
    expect(raw.ReactNativeWebView!.postMessage).toHaveBeenCalledExactlyOnceWith('chatwoot-widget:{"type":"auth-token","value":"jwt-2"}');
  });

  it('accepts messages the app injects into the page itself', () => {
    const { bridge, deliver, win } = native();
    const setUser = vi.fn();
    bridge.listen({ 'set-user': setUser } as HostHandlers);
    deliver({ data: wire({ event: 'set-user', identifier: 'u1', user: { name: 'Ana' } }), origin: 'https://chat.example', source: win });
    expect(setUser).toHaveBeenCalledTimes(1);
  });

  it('accepts the app form that uses type instead of event', () => {
    const { bridge, deliver, win } = native();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    deliver({ data: 'chatwoot-widget:{"type":"set-locale","locale":"de"}', origin: 'https://chat.example', source: win });
    expect(setLocale).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ event: 'set-locale', locale: 'de' }));
  });

  it('ignores messages from any other window', () => {
    const { bridge, deliver } = native();
    const setLocale = vi.fn();
    bridge.listen({ 'set-locale': setLocale });
    deliver({ data: wire({ event: 'set-locale', locale: 'de' }), origin: 'https://chat.example', source: hostPage() });
    expect(setLocale).not.toHaveBeenCalled();
  });
});
