// @vitest-environment happy-dom
import {
  createFrame,
  FRAME_DIAGNOSE_AFTER_LOAD_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_SILENT_AFTER_LOAD_MS,
  type FrameOptions,
} from '../../../src/sdk/runtime/frame';
import type { FrameProblem } from '../../../src/sdk/runtime/frameProblems';

const ORIGIN = 'https://chat.example';
const wire = (message: object) => `chatwoot-widget:${JSON.stringify(message)}`;

// `about:blank` gives the iframe a real window in happy-dom without any network request.
function setup(overrides: Partial<FrameOptions> = {}) {
  const slot = document.createElement('div');
  document.body.append(slot);
  const onMessage = vi.fn();
  const onFail = vi.fn();
  // By default the server has nothing against the token: only the frame can tell what is wrong.
  const diagnose = vi.fn(async (): Promise<FrameProblem | undefined> => undefined);
  const frame = createFrame({ src: 'about:blank', origin: ORIGIN, slot, title: 'Chat window', onMessage, diagnose, onFail, ...overrides });
  const post = (data: unknown, init: MessageEventInit = {}) =>
    dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN, source: frame.element.contentWindow, ...init }));
  return { frame, slot, onMessage, onFail, diagnose, post };
}

afterEach(() => {
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the chat frame', () => {
  it('is the Chatwoot iframe, titled, with the permissions calls and uploads need', () => {
    const { frame, slot } = setup({ title: 'نافذة المحادثة' });
    expect(slot.contains(frame.element)).toBe(true);
    expect(frame.element.id).toBe('chatwoot_live_chat_widget');
    expect(frame.element.title).toBe('نافذة المحادثة');
    expect(frame.element.allow).toContain('microphone');
    expect(frame.element.getAttribute('style')).toBeNull();
  });

  it('delivers protocol messages from its own window and the widget origin', () => {
    const { onMessage, post } = setup();
    post(wire({ event: 'setBubbleLabel', label: 'Hi' }));
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ event: 'setBubbleLabel', label: 'Hi' });
  });

  it('ignores a message from another window, even with the widget origin', () => {
    const { onMessage, post } = setup();
    post(wire({ event: 'toggleBubble' }), { source: window });
    const other = document.createElement('iframe');
    other.src = 'about:blank';
    document.body.append(other);
    post(wire({ event: 'toggleBubble' }), { source: other.contentWindow });
    post(wire({ event: 'toggleBubble' }), { source: null });
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('ignores a message from its window when the origin is not the widget origin', () => {
    const { onMessage, post } = setup();
    post(wire({ event: 'toggleBubble' }), { origin: 'https://evil.example' });
    post(wire({ event: 'toggleBubble' }), { origin: 'http://chat.example' });
    post(wire({ event: 'toggleBubble' }), { origin: 'null' });
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('ignores foreign and malformed messages quietly', () => {
    const { onMessage, post } = setup();
    for (const data of [
      { event: 'toggleBubble' },
      'toggleBubble',
      'chatwoot-widget:{',
      'chatwoot-widget:[1]',
      'chatwoot-widget:{"event":1}',
      42,
    ])
      post(data);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('posts only to the widget origin, never to "*"', () => {
    const { frame } = setup();
    const postMessage = vi.spyOn(frame.element.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    frame.send('set-label', { label: 'vip' });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith('chatwoot-widget:{"label":"vip","event":"set-label"}', ORIGIN);
  });

  it('listens with addEventListener and leaves window.onmessage alone', () => {
    const own = () => undefined;
    window.onmessage = own;
    setup();
    expect(window.onmessage).toBe(own);
    window.onmessage = null;
  });

  it('stops listening and leaves the page when disposed', () => {
    const { frame, slot, onMessage, post } = setup();
    const source = frame.element.contentWindow;
    frame.dispose();
    post(wire({ event: 'toggleBubble' }), { source });
    expect(onMessage).not.toHaveBeenCalled();
    expect(slot.children).toHaveLength(0);
  });
});

describe('a frame that does not load', () => {
  it('fails at once, and once only, on the iframe error event', () => {
    vi.useFakeTimers();
    const { frame, onFail } = setup();
    frame.element.dispatchEvent(new Event('error'));
    expect(onFail).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('fails at once with the problem the server names once its document loaded without saying "loaded"', async () => {
    vi.useFakeTimers();
    const { frame, onFail } = setup({ diagnose: async () => 'unknown-token' });
    frame.element.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FRAME_DIAGNOSE_AFTER_LOAD_MS);
    expect(onFail).toHaveBeenCalledExactlyOnceWith('unknown-token');
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(onFail).toHaveBeenCalledTimes(1);
  });

  it('asks the server nothing once "loaded" has come, even just after its document loaded', async () => {
    vi.useFakeTimers();
    const { frame, diagnose, post } = setup();
    post(wire({ event: 'loaded', config: {} }));
    frame.element.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(diagnose).not.toHaveBeenCalled();
    // The two cross processes in either order: "loaded" may come a moment after the load event.
    const late = setup();
    late.frame.element.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    late.post(wire({ event: 'loaded', config: {} }));
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(late.diagnose).not.toHaveBeenCalled();
    expect(late.onFail).not.toHaveBeenCalled();
  });

  it('fails soon after an error page the server cannot explain (refused as a frame)', async () => {
    vi.useFakeTimers();
    const { frame, onFail, diagnose } = setup();
    frame.element.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FRAME_DIAGNOSE_AFTER_LOAD_MS);
    expect(diagnose).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FRAME_SILENT_AFTER_LOAD_MS - FRAME_DIAGNOSE_AFTER_LOAD_MS - 1);
    expect(onFail).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onFail).toHaveBeenCalledExactlyOnceWith('refused');
  });

  it('reports the time-out when nothing at all happens', () => {
    vi.useFakeTimers();
    const { onFail } = setup();
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(onFail).toHaveBeenCalledExactlyOnceWith('timeout');
  });

  it('does not fail once "loaded" has arrived', () => {
    vi.useFakeTimers();
    const { frame, onFail, post } = setup();
    post(wire({ event: 'loaded', config: {} }));
    frame.element.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(onFail).not.toHaveBeenCalled();
  });

  it('does not fail after it was disposed', () => {
    vi.useFakeTimers();
    const { frame, onFail } = setup();
    frame.dispose();
    vi.advanceTimersByTime(FRAME_LOAD_TIMEOUT_MS);
    expect(onFail).not.toHaveBeenCalled();
  });
});
