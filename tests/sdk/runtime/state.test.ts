// @vitest-environment happy-dom
import { clearCookies, fakeCreateFrame, frames, setupRuntime } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

afterEach(() => {
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
});

describe('styling', () => {
  it('creates no style element and no style attribute anywhere', () => {
    const { chatwoot, launcher, load, fromWidget } = setupRuntime();
    chatwoot.toggle('open');
    load();
    fromWidget('setUnreadMode');
    fromWidget('updateIframeHeight', { isFixedHeight: true, extraHeight: 180 });
    fromWidget('handleNotificationDot', { unreadMessageCount: 1 });
    const all = [...document.querySelectorAll('*'), ...launcher.shadow.querySelectorAll('*')];
    expect(all.filter((e) => e.tagName === 'STYLE' || e.hasAttribute('style'))).toEqual([]);
    expect(launcher.shadow.adoptedStyleSheets.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the public state once the runtime is in', () => {
  it("reads Chatwoot's defaults for settings the site left out, and keeps what it set", () => {
    const { chatwoot } = setupRuntime({ enableEmojiPicker: false, welcomeTitle: 'Hi' });
    expect(chatwoot).toMatchObject({
      showUnreadMessagesDialog: true,
      showPopoutButton: false,
      enableEmojiPicker: false,
      enableEndConversation: true,
      welcomeTitle: 'Hi',
      welcomeDescription: '',
      availableMessage: '',
      unavailableMessage: '',
    });
  });
});
