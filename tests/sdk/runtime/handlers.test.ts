// @vitest-environment happy-dom
import { SNOOZE_MS } from '../../../src/shared/campaigns';
import { clearCookies, destroyWidgets, fakeCreateFrame, frames, setupRuntime, TOKEN } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) || undefined;
const heightRules = (launcher: { shadow: ShadowRoot }) =>
  launcher.shadow.adoptedStyleSheets
    .flatMap((s) => [...s.cssRules].map((r) => r.cssText))
    .filter((t) => t.includes('--wren-frame-height:'));

/** A runtime whose frame has loaded (after a returning visitor's idle preload), chat closed. */
function loaded(raw = {}) {
  document.cookie = `cw_conversation_${TOKEN}=jwt-old; path=/`;
  const runtime = setupRuntime(raw);
  runtime.chatwoot.preload();
  runtime.load('jwt-old');
  runtime.frame()!.sent.length = 0;
  const events: string[] = [];
  for (const name of ['chatwoot:opened', 'chatwoot:closed', 'chatwoot:postback', 'chatwoot:on-message', 'chatwoot:custom']) {
    const listener = (event: Event) => events.push(`${name} ${JSON.stringify((event as CustomEvent).detail)}`);
    addEventListener(name, listener);
    cleanups.push(() => removeEventListener(name, listener));
  }
  return { ...runtime, events };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  destroyWidgets();
  for (const cleanup of cleanups.splice(0)) cleanup();
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  vi.restoreAllMocks();
});

describe('the unread prompt', () => {
  it('setUnreadMode shows the compact view over a closed chat: the launcher stays a launcher (issue 14)', () => {
    const { fromWidget, chatwoot, classes, events, frame, launcher } = loaded();
    fromWidget('setUnreadMode');
    expect(chatwoot.isOpen).toBe(false);
    expect(classes()).toContain('unread-view');
    expect(classes()).not.toContain('open');
    expect(launcher.bubble.getAttribute('aria-label')).toBe('Chat with us');
    expect(launcher.bubble.getAttribute('aria-expanded')).toBe('false');
    expect(events).toEqual([]);
    expect(frame()!.sent).toEqual([]);
  });

  it('is sized by updateIframeHeight and back to the CSS size without a fixed height', () => {
    const { fromWidget, launcher } = loaded();
    fromWidget('setUnreadMode');
    fromWidget('updateIframeHeight', { isFixedHeight: true, extraHeight: 212.4 });
    expect(heightRules(launcher)).toEqual([expect.stringContaining('--wren-frame-height: 212px')]);
    fromWidget('updateIframeHeight', { isFixedHeight: false });
    expect(heightRules(launcher)).toEqual([]);
  });

  it.each([
    ['a string', 'tall'],
    ['a negative number', -5],
    ['nothing', undefined],
  ])('ignores %s as height', (_what, extraHeight) => {
    const { fromWidget, launcher } = loaded();
    fromWidget('updateIframeHeight', { isFixedHeight: true, extraHeight });
    expect(heightRules(launcher)).toEqual([]);
  });

  it('is ignored when the site set showUnreadMessagesDialog: false', () => {
    const { fromWidget, chatwoot, classes } = loaded({ showUnreadMessagesDialog: false });
    fromWidget('setUnreadMode');
    expect(chatwoot.isOpen).toBe(false);
    expect(classes()).not.toContain('unread-view');
  });

  it('still lets a campaign prompt through with showUnreadMessagesDialog: false', () => {
    const { fromWidget, chatwoot, classes } = loaded({ showUnreadMessagesDialog: false });
    fromWidget('setCampaignMode');
    expect(chatwoot.isOpen).toBe(false);
    expect(classes()).toContain('unread-view');
  });

  it('is not shown over an open chat', () => {
    const { fromWidget, chatwoot, classes } = loaded();
    chatwoot.toggle('open');
    fromWidget('setUnreadMode');
    expect(classes()).not.toContain('unread-view');
  });

  it('becomes the full, open window on resetUnreadMode (the visitor chose to read)', () => {
    const { fromWidget, chatwoot, classes, launcher, events, frame } = loaded();
    fromWidget('setUnreadMode');
    fromWidget('updateIframeHeight', { isFixedHeight: true, extraHeight: 200 });
    fromWidget('resetUnreadMode');
    expect(chatwoot.isOpen).toBe(true);
    expect(classes()).toContain('open');
    expect(classes()).not.toContain('unread-view');
    expect(heightRules(launcher)).toEqual([]);
    expect(events).toEqual(['chatwoot:opened null']);
    expect(frame()!.sent).toEqual([
      { event: 'toggle-open', isOpen: true },
      { event: 'push-event', eventName: 'webwidget.triggered' },
    ]);
  });

  it('a click on the launcher opens the full window, and tells the widget it is open', () => {
    const { fromWidget, chatwoot, classes, launcher, frame } = loaded();
    fromWidget('setUnreadMode');
    launcher.bubble.click();
    expect(chatwoot.isOpen).toBe(true);
    expect(classes()).not.toContain('unread-view');
    expect(launcher.bubble.getAttribute('aria-label')).toBe('Close chat window');
    expect(frame()!.sent[0]).toEqual({ event: 'toggle-open', isOpen: true });
  });

  it('closes on toggleBubble, closeWindow and closeChat without opening the chat', () => {
    const { fromWidget, chatwoot, classes, events, frame } = loaded();
    for (const close of ['toggleBubble', 'closeWindow', 'closeChat']) {
      fromWidget('setUnreadMode');
      fromWidget(close);
      expect(chatwoot.isOpen).toBe(false);
      expect(classes()).not.toContain('unread-view');
      // The widget hears a close: it marks the messages seen and goes home.
      expect(frame()!.sent.at(-1)).toEqual({ event: 'toggle-open', isOpen: false });
      // Its answer (resetUnreadMode) changes nothing any more.
      fromWidget('resetUnreadMode');
      expect(chatwoot.isOpen).toBe(false);
    }
    expect(events).toEqual([]);
  });

  it('opening the chat from the page afterwards shows the full window', () => {
    const { fromWidget, chatwoot, classes, frame } = loaded();
    fromWidget('setUnreadMode');
    fromWidget('closeWindow');
    chatwoot.toggle('open');
    expect(classes()).not.toContain('unread-view');
    expect(frame()!.sent.at(-1)).toEqual({ event: 'push-event', eventName: 'webwidget.triggered' });
  });
});

describe('the unread dot', () => {
  it('shows while there are unread messages', () => {
    const { fromWidget, classes } = loaded();
    fromWidget('handleNotificationDot', { unreadMessageCount: 2 });
    expect(classes()).toContain('unread');
    fromWidget('handleNotificationDot', { unreadMessageCount: 0 });
    expect(classes()).not.toContain('unread');
  });

  it('tells the page each new count with chatwoot:unread-count (Wren)', () => {
    const { fromWidget } = loaded();
    const counts: unknown[] = [];
    const listener = (event: Event) => counts.push((event as CustomEvent).detail);
    addEventListener('chatwoot:unread-count', listener);
    cleanups.push(() => removeEventListener('chatwoot:unread-count', listener));
    for (const unreadMessageCount of [0, 2, 2, 3, 0, 'many']) fromWidget('handleNotificationDot', { unreadMessageCount });
    expect(counts).toEqual([0, 2, 3, 0]);
  });

  it('hides with the bubble and comes back with it, as long as messages are unread', () => {
    const { fromWidget, classes, chatwoot, frame } = loaded();
    fromWidget('handleNotificationDot', { unreadMessageCount: 1 });
    chatwoot.toggleBubbleVisibility('hide');
    // The dot is drawn on the bubble (`.unread .bubble::after`), which `hidden-bubble` hides with
    // it; the widget is not told, it has nothing to draw differently.
    expect(classes()).toEqual(expect.arrayContaining(['hidden-bubble', 'unread']));
    expect(frame()!.sent).toEqual([]);
    chatwoot.toggleBubbleVisibility('show');
    expect(classes()).toContain('unread');
    fromWidget('handleNotificationDot', { unreadMessageCount: 0 });
    expect(classes()).not.toContain('unread');
  });
});

describe('other widget messages', () => {
  it("labels the expanded bubble with the widget's localised text unless the site set launcherTitle", () => {
    const plain = loaded({ type: 'expanded_bubble' });
    plain.fromWidget('setBubbleLabel', { label: 'Discutez avec nous' });
    expect(plain.launcher.bubble.getAttribute('aria-label')).toBe('Discutez avec nous');
    const titled = loaded({ type: 'expanded_bubble', launcherTitle: 'Talk to sales' });
    titled.fromWidget('setBubbleLabel', { label: 'Discutez avec nous' });
    expect(titled.launcher.bubble.getAttribute('aria-label')).toBe('Talk to sales');
  });

  it('snoozes campaigns for a day on setCampaignReadOn', () => {
    const before = Date.now();
    loaded().fromWidget('setCampaignReadOn');
    const until = Number(cookie('cw_snooze_campaigns_till'));
    expect(until).toBeGreaterThanOrEqual(before + SNOOZE_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + SNOOZE_MS);
  });

  it('fires chatwoot:* events for onEvent, and nothing else', () => {
    const { fromWidget, events } = loaded();
    fromWidget('onEvent', { eventIdentifier: 'chatwoot:on-message', data: { id: 7 } });
    fromWidget('onEvent', { eventIdentifier: 'click', data: {} });
    fromWidget('onEvent', { eventIdentifier: 42 });
    expect(events).toEqual(['chatwoot:on-message {"id":7}']);
  });

  it('fires chatwoot:postback with the whole message, as Chatwoot does', () => {
    const { fromWidget, events } = loaded();
    fromWidget('postback', { data: { payload: 'yes' } });
    expect(events).toEqual(['chatwoot:postback {"data":{"payload":"yes"},"event":"postback"}']);
  });

  it('ignores unknown events and inherited property names', () => {
    const { fromWidget, chatwoot } = loaded();
    expect(() => fromWidget('constructor')).not.toThrow();
    expect(() => fromWidget('toString')).not.toThrow();
    fromWidget('no-such-event');
    expect(chatwoot.isOpen).toBe(false);
  });
});
