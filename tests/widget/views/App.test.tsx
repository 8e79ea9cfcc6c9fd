// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { openLayer } from '../../../src/widget/lib/escapeLayers';
import { App } from '../../../src/widget/views/App';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { BANNER_MS } from '../../../src/widget/state/widget';
import { fakeWidget } from '../state/widgetFixture';
import { setLocale } from '../../../src/widget/i18n';

/** The shell on fakes, with an inbox that has a greeting, on home. */
function setup(channel: Record<string, unknown> = {}) {
  const widget = fakeWidget({ conversation: null });
  Object.assign(widget.state.channel, {
    websiteName: 'Acme Support',
    welcomeTitle: 'Hi there!',
    welcomeTagline: 'Ask us anything.',
    widgetColor: '#0b4f9e',
    replyTime: 'in_a_few_minutes',
    disableBranding: false,
    ...channel,
  });
  render(
    <WidgetContext.Provider value={widget.state}>
      <App />
    </WidgetContext.Provider>,
  );
  return widget;
}

const root = () => document.documentElement;

afterEach(() => {
  root().className = '';
  root().removeAttribute('style');
});

describe('the shell', () => {
  it('shows the expanded header with the greeting on home', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hi there!');
    expect(screen.getByText('Ask us anything.')).toBeTruthy();
  });

  it('shows the collapsed header with the website name when the inbox has no greeting', () => {
    setup({ welcomeTitle: '', welcomeTagline: '' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Support');
  });

  it('shows the alert banner for 3 seconds', () => {
    vi.useFakeTimers();
    try {
      const { state } = setup();
      act(() => state.showBanner('Something went wrong. Please try again.'));
      // Said by an alert region that was on the page before it (a screen reader speaks changes).
      const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts()).toContain('Something went wrong. Please try again.');
      act(() => vi.advanceTimersByTime(BANNER_MS - 1));
      expect(alerts()).toContain('Something went wrong. Please try again.');
      act(() => vi.advanceTimersByTime(1));
      expect(alerts().join('')).toBe('');
      expect(document.querySelector('.banner')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the host to close the window on Escape', () => {
    const { sent } = setup();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(sent('closeWindow')).toHaveLength(1);
  });

  it('closes what is open over the chat first on Escape, innermost first, then the chat', () => {
    const { sent } = setup();
    const closed: string[] = [];
    const unregister = [openLayer(() => closed.push('dialog')), openLayer(() => closed.push('emoji picker'))];
    try {
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(closed).toEqual(['emoji picker']);
      unregister.pop()?.();
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(closed).toEqual(['emoji picker', 'dialog']);
      unregister.pop()?.();
      expect(sent('closeWindow')).toHaveLength(0);
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(sent('closeWindow')).toHaveLength(1);
    } finally {
      for (const remove of unregister) remove();
    }
  });

  it('shows the branding footer with the brand', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Powered by Wren' })).toBeTruthy();
  });

  it('hides the branding footer when the channel disables branding', () => {
    setup({ disableBranding: true });
    expect(screen.queryByRole('link', { name: /Powered by/ })).toBeNull();
  });
});

describe('theming', () => {
  it('paints the inbox colour with white text when white reads better on it', () => {
    setup({ widgetColor: '#0b4f9e' });
    expect(root().style.getPropertyValue('--widget-color')).toBe('#0b4f9e');
    expect(root().style.getPropertyValue('--on-widget-color')).toBe('#fff');
  });

  it('uses dark text on a light inbox colour', () => {
    setup({ widgetColor: '#ffeb3b' });
    expect(root().style.getPropertyValue('--on-widget-color')).toBe('#1f222d');
  });

  it('ignores a colour that is not a hex colour and keeps the default', () => {
    setup({ widgetColor: 'red; background: url(x)' });
    expect(root().style.getPropertyValue('--widget-color')).toBe('#1f93ff');
  });

  it.each([
    ['light', false, false],
    ['dark', false, true],
    ['auto', false, false],
    ['auto', true, true],
  ] as const)('darkMode %s with a dark system %s renders dark: %s', (darkMode, systemDark, dark) => {
    const { state } = setup();
    act(() => {
      state.app.update({ darkMode });
      state.app.setSystemDark(systemDark);
    });
    expect(root().classList.contains('dark')).toBe(dark);
  });

  it('follows setColorScheme from the host while open', () => {
    const { state } = setup();
    act(() => state.app.update({ darkMode: 'dark' }));
    expect(root().classList.contains('dark')).toBe(true);
    act(() => state.app.update({ darkMode: 'light' }));
    expect(root().classList.contains('dark')).toBe(false);
  });

  it('marks the flat style, the left position and the phone layout', () => {
    const { state } = setup();
    act(() => {
      state.app.update({ widgetStyle: 'flat', position: 'left' });
      state.app.setMobile(true);
    });
    expect([...root().classList]).toEqual(expect.arrayContaining(['flat', 'left', 'mobile']));
  });

  it('shows a close button in the header only on a phone inside an iframe', () => {
    const { state } = setup({ welcomeTitle: '', welcomeTagline: '' });
    expect(screen.queryByRole('button', { name: 'Close chat window' })).toBeNull();
    act(() => {
      state.app.setMobile(true);
    });
    expect(screen.getByRole('button', { name: 'Close chat window' })).toBeTruthy();
  });
});

describe('the focus ring', () => {
  it('is drawn in the brand colour when the brand colour takes white text', () => {
    setup({ widgetColor: '#0b4f9e' });
    expect(root().style.getPropertyValue('--focus-color')).toBe('#0b4f9e');
  });

  it('is drawn in the text colour when the brand colour is too light to see on white', () => {
    setup({ widgetColor: '#ffeb3b' });
    expect(root().style.getPropertyValue('--focus-color')).not.toBe('#ffeb3b');
  });

  it('is drawn in the brand colour in dark mode when the brand colour is light enough to see on the dark page', () => {
    const { state } = setup({ widgetColor: '#1f93ff' });
    act(() => state.app.update({ darkMode: 'dark' }));
    expect(root().style.getPropertyValue('--focus-color')).toBe('#1f93ff');
  });

  it('is drawn in the text colour in dark mode when the brand colour is too dark to see there', () => {
    const { state } = setup({ widgetColor: '#0b4f9e' });
    act(() => state.app.update({ darkMode: 'dark' }));
    expect(root().style.getPropertyValue('--focus-color')).toBe('var(--text)');
    // And back in the brand colour in light mode.
    act(() => state.app.update({ darkMode: 'light' }));
    expect(root().style.getPropertyValue('--focus-color')).toBe('#0b4f9e');
  });
});

describe("the document's language", () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('follows setLocale: lang and dir change with the strings, not at the next unrelated render', async () => {
    setup();
    expect([root().lang, root().dir]).toEqual(['en', 'ltr']);
    await act(() => setLocale('ar'));
    expect([root().lang, root().dir]).toEqual(['ar', 'rtl']);
  });
});
