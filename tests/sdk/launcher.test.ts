// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react';
import { isLightColor } from '../../src/shared/color';
import { createLauncher, sheet } from '../../src/sdk/launcher';
import { loaderSettings, type HostSettings } from '../../src/sdk/settings';

function setup(raw: HostSettings = {}) {
  const onClick = vi.fn();
  const onIntent = vi.fn();
  const launcher = createLauncher(loaderSettings(raw), onClick, onIntent);
  launchers.push(launcher);
  const classes = () => [...launcher.root.classList];
  return { launcher, onClick, onIntent, classes, bubble: launcher.bubble };
}

const launchers: { remove(): void }[] = [];
afterEach(() => {
  for (const launcher of launchers.splice(0)) launcher.remove();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
});

describe('the launcher', () => {
  it('paints itself into an open shadow root on the page', () => {
    const { launcher } = setup();
    const host = document.getElementById('wren-chat')!;
    expect(host.shadowRoot).toBe(launcher.shadow);
    expect(launcher.shadow.contains(launcher.bubble)).toBe(true);
  });

  it('styles itself only with constructable stylesheets', () => {
    const { launcher } = setup();
    expect(launcher.shadow.adoptedStyleSheets.length).toBeGreaterThanOrEqual(1);
    expect(launcher.shadow.querySelector('style')).toBeNull();
    expect(launcher.root.getAttribute('style')).toBeNull();
  });

  it('is a button named "Chat with us" by default', () => {
    const { launcher, bubble } = setup();
    expect(within(launcher.root as HTMLElement).getByRole('button', { name: 'Chat with us' })).toBe(bubble);
  });

  it("speaks the names it is given (the runtime brings the visitor's language)", () => {
    const { launcher, bubble } = setup();
    Object.assign(launcher.names, { label: 'تحدث معنا', open: 'فتح نافذة المحادثة', close: 'إغلاق نافذة المحادثة' });
    launcher.setLabel();
    expect(bubble.getAttribute('aria-label')).toBe('تحدث معنا');
    launcher.toggleClass('open', true);
    expect(bubble.getAttribute('aria-label')).toBe('إغلاق نافذة المحادثة');
  });

  it('carries only English: its names match locales/en.json', async () => {
    const { default: en } = await import('../../locales/en.json');
    const { launcher } = setup();
    expect(launcher.names).toEqual({ label: en.CHAT_WITH_US, open: en['LAUNCHER.OPEN'], close: en['HEADER.CLOSE'] });
  });

  it("is named after the site's launcherTitle", () => {
    const { launcher, bubble } = setup({ launcherTitle: 'Talk to us' });
    expect(within(launcher.root).getByRole('button', { name: 'Talk to us' })).toBe(bubble);
    expect(bubble.textContent).toBe('Talk to us');
  });

  it('is collapsed at first, with no tooltip of its own (a hover loads the runtime, which shows it)', () => {
    const { bubble } = setup();
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(bubble.title).toBe('');
  });

  it('is expanded and named "Close chat window" while the chat is open', () => {
    const { launcher, bubble } = setup({ launcherTitle: 'Talk to us' });
    launcher.toggleClass('open', true);
    expect(bubble.getAttribute('aria-expanded')).toBe('true');
    expect(within(launcher.root).getByRole('button', { name: 'Close chat window' })).toBe(bubble);
  });

  it('gets its name back when the chat closes', () => {
    const { launcher, bubble } = setup({ launcherTitle: 'Talk to us' });
    launcher.toggleClass('open', true);
    launcher.toggleClass('open', false);
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(bubble.getAttribute('aria-label')).toBe('Talk to us');
  });

  it('hides its icon from screen readers', () => {
    const { bubble } = setup();
    expect(bubble.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('calls onClick when clicked', () => {
    const { bubble, onClick } = setup();
    fireEvent.click(bubble);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('reports intent on hover (or the start of a tap)', () => {
    const { bubble, onIntent } = setup();
    fireEvent.pointerEnter(bubble);
    expect(onIntent).toHaveBeenCalledTimes(1);
  });

  it('reports intent on keyboard focus', () => {
    const { bubble, onIntent } = setup();
    fireEvent.focus(bubble);
    expect(onIntent).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['on the right by default', {}, 'right'],
    ['on the left when asked', { position: 'left' }, 'left'],
    ['expanded for the expanded_bubble type', { type: 'expanded_bubble' }, 'expanded_bubble'],
    ['flat for the flat widget style', { widgetStyle: 'flat' }, 'flat'],
    ['hidden when hideMessageBubble is set', { hideMessageBubble: true }, 'hidden-bubble'],
  ] as [string, HostSettings, string][])('is %s', (_what, raw, className) => {
    expect(setup(raw).classes()).toContain(className);
  });

  it('is a round, collapsed, visible bubble on the right by default', () => {
    const classes = setup().classes();
    for (const className of ['left', 'expanded_bubble', 'flat', 'hidden-bubble', 'open']) expect(classes).not.toContain(className);
  });

  it('falls back to "Chat with us" for an empty label', () => {
    const { launcher, bubble } = setup({ launcherTitle: 'Talk to us' });
    launcher.setLabel('');
    expect(bubble.getAttribute('aria-label')).toBe('Chat with us');
  });

  it('keeps "Close chat window" as its name when the label changes while open', () => {
    const { launcher, bubble } = setup();
    launcher.toggleClass('open', true);
    launcher.setLabel('Discutez avec nous');
    expect(bubble.getAttribute('aria-label')).toBe('Close chat window');
    launcher.toggleClass('open', false);
    expect(bubble.getAttribute('aria-label')).toBe('Discutez avec nous');
  });

  it('marks a light widget colour so the icon can turn dark', () => {
    const { launcher, classes } = setup();
    launcher.setColor('#ffeb3b');
    expect(classes()).toContain('light-color');
    launcher.setColor('#0b4f9e');
    expect(classes()).not.toContain('light-color');
  });

  it('takes dark text on the default blue before any colour is known, as it will after (issue 14)', () => {
    const { launcher, classes } = setup();
    expect(classes()).toContain('light-color');
    launcher.setColor('#1f93ff');
    expect(classes()).toContain('light-color');
  });

  it('applies the colour from the settings', () => {
    expect(setup({ widgetColor: '#fff' }).classes()).toContain('light-color');
  });

  it('ignores a colour that is not a hex colour, so no CSS can be injected', () => {
    const { launcher } = setup();
    launcher.setColor('#1f93ff');
    const colorRules = () => [...launcher.shadow.adoptedStyleSheets.at(-1)!.cssRules].map((rule) => rule.cssText).join('');
    const before = colorRules();
    expect(before).toContain('#1f93ff');
    launcher.setColor('red}body{display:none');
    launcher.setColor('#fffff');
    launcher.setColor('fff');
    expect(colorRules()).toBe(before);
  });
});

describe('on pages that swap their body', () => {
  it('sits after <body>, so a swapped body takes neither the launcher nor the chat frame with it', () => {
    const { launcher } = setup();
    const host = launcher.shadow.host;
    expect(host.parentElement).toBe(document.documentElement);
    const frame = launcher.root.appendChild(document.createElement('iframe'));
    document.body.replaceWith(document.createElement('body'));
    expect(host.isConnected).toBe(true);
    expect(frame.isConnected).toBe(true);
  });

  it.each(['turbo:load', 'turbo:render', 'turbolinks:load', 'astro:after-swap'])(
    'puts itself back on %s when the navigation removed it',
    (type) => {
      const { launcher } = setup();
      launcher.shadow.host.remove();
      dispatchEvent(new Event(type));
      expect(launcher.shadow.host.isConnected).toBe(true);
      expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
      dispatchEvent(new Event(type));
      expect(document.querySelectorAll('#wren-chat')).toHaveLength(1);
    },
  );

  it('stays away once removed for good', () => {
    const { launcher } = setup();
    launcher.remove();
    dispatchEvent(new Event('turbo:load'));
    expect(launcher.shadow.host.isConnected).toBe(false);
  });
});

describe('light colours', () => {
  it.each([
    ['#ffffff', true],
    ['#fff', true],
    ['#ffeb3b', true],
    ['#FFEB3B', true],
    ['#000000', false],
    ['#000', false],
    ['#1f93ff', true],
    ['#0b4f9e', false],
    ['#6d28d9', false],
  ])('%s is light: %s', (hex, light) => {
    expect(isLightColor(hex)).toBe(light);
  });
});

describe('a constructable stylesheet', () => {
  it('holds the given rules', () => {
    const s = sheet('.a{color:red}');
    expect(s).toBeInstanceOf(CSSStyleSheet);
    expect(s.cssRules).toHaveLength(1);
  });
});
