// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_WIDGET_SETTINGS } from '../../../src/shared/widgetSettings';
import type { ChannelConfig } from '../../../src/shared/types';
import { Consent } from '../../../src/widget/views/Consent';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { fakeWidget } from '../state/widgetFixture';

function setup(channel: Partial<ChannelConfig> = {}, consentDeclined: 'session' | 'none' = 'session') {
  const widget = fakeWidget({}, { channel: { consentText: {}, privacyPolicyUrl: null, ...channel } });
  widget.state.app.update({ ...DEFAULT_WIDGET_SETTINGS, consent: 'ask', consentDeclined });
  render(
    <WidgetContext.Provider value={widget.state}>
      <Consent />
    </WidgetContext.Provider>,
  );
  return widget;
}

describe('the consent screen', () => {
  it("is a dialog named by its heading and described by the widget's text when the inbox has none", () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Before we chat' });
    const text = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(text?.textContent).toMatch(/^This chat stores an identifier in your browser/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("shows the inbox's text in the visitor's language and links its privacy policy in a new tab", () => {
    setup({ consentText: { en: 'Acme keeps one cookie for the chat.' }, privacyPolicyUrl: 'https://acme.example/privacy' });
    expect(screen.getByText('Acme keeps one cookie for the chat.')).toBeTruthy();
    const policy = screen.getByRole('link', { name: 'Privacy policy' });
    expect(policy.getAttribute('href')).toBe('https://acme.example/privacy');
    expect(policy.getAttribute('target')).toBe('_blank');
  });

  it('links no privacy policy whose address is not http(s)', () => {
    setup({ privacyPolicyUrl: 'javascript:alert(1)' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('Accept lets the widget store and tells the host; Decline tells it too', () => {
    const { state, sent } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(state.app.settings.value.consent).toBe('granted');
    expect(sent('consent')).toEqual([{ granted: true }]);
  });

  it('after a Decline that leaves no chat, says the chat is off and offers Accept alone', () => {
    const { state, sent } = setup({}, 'none');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sent('consent')).toEqual([{ granted: false }]);
    expect(state.app.chatOff.value).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Chat is off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(state.app.chatOff.value).toBe(false);
  });
});
