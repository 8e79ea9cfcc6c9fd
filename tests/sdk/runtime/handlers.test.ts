// @vitest-environment happy-dom
import { SNOOZE_MS } from '../../../src/shared/campaigns';
import { clearCookies, fakeCreateFrame, frames, setupRuntime } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));

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
  document.cookie = 'cw_conversation=jwt-old; path=/';
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
  for (const cleanup of cleanups.splice(0)) cleanup();
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the unread prompt', () => {
  it('setUnreadMode opens the compact view without counting as a visit', () => {
    const { fromWidget, chatwoot, classes, events, frame } = loaded();
    fromWidget('setUnreadMode');
    expect(chatwoot.isOpen).toBe(true);
    expect(classes()).toEqual(expect.arrayContaining(['open', 'unread-view']));
    expect(events).toEqual(['chatwoot:opened null']);
    expect(frame()!.sent).toEqual([{ event: 'toggle-open', isOpen: true }]);
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
    expect(chatwoot.isOpen).toBe(true);
    expect(classes()).toContain('unread-view');
  });

  it('becomes the full window on resetUnreadMode while open (the visitor chose to read)', () => {
    const { fromWidget, classes, launcher } = loaded();
    fromWidget('setUnreadMode');
    fromWidget('updateIframeHeight', { isFixedHeight: true, extraHeight: 200 });
    fromWidget('resetUnreadMode');
    expect(classes()).toContain('open');
    expect(classes()).not.toContain('unread-view');
    expect(heightRules(launcher)).toEqual([]);
  });

  it('closes on toggleBubble and on closeWindow, keeping its size until it has faded out', () => {
    const { fromWidget, chatwoot, classes, events } = loaded();
    fromWidget('setUnreadMode');
    fromWidget('toggleBubble');
    expect(chatwoot.isOpen).toBe(false);
    fromWidget('resetUnreadMode');
    expect(classes()).toContain('unread-view');
    fromWidget('setUnreadMode');
    fromWidget('closeWindow');
    expect(chatwoot.isOpen).toBe(false);
    expect(events).toEqual(['chatwoot:opened null', 'chatwoot:closed null', 'chatwoot:opened null', 'chatwoot:closed null']);
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

  it('does not show on a hidden bubble, and goes when the bubble is hidden', () => {
    const { fromWidget, classes, chatwoot, frame } = loaded();
    fromWidget('handleNotificationDot', { unreadMessageCount: 1 });
    chatwoot.toggleBubbleVisibility('hide');
    expect(classes()).not.toContain('unread');
    expect(frame()!.sent).toEqual([{ event: 'sdk-set-bubble-visibility', hideMessageBubble: true }]);
    fromWidget('handleNotificationDot', { unreadMessageCount: 3 });
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
