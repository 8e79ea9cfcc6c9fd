// @vitest-environment happy-dom
import { signal } from '@preact/signals-react';
import { createStorageConsent } from '../../../src/widget/state/storageConsent';
import { DEFAULT_WIDGET_SETTINGS } from '../../../src/shared/widgetSettings';
import type { WidgetSettings } from '../../../src/shared/protocol';

function setup(settings: Partial<WidgetSettings> = {}, { known = true } = {}) {
  const host = signal<WidgetSettings>({ ...DEFAULT_WIDGET_SETTINGS, ...settings });
  const settingsKnown = signal(known);
  return { consent: createStorageConsent({ settings: host, settingsKnown }), host, settingsKnown };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('whether the widget may store', () => {
  it('gives no storage until the host has said what the visitor agreed to', () => {
    const { consent, settingsKnown } = setup({ consent: 'granted' }, { known: false });
    expect(consent.storage()).toBeUndefined();
    settingsKnown.value = true;
    expect(consent.storage()).toBe(localStorage);
  });

  it('gives no storage while consent is asked or declined, and the frame’s once the visitor accepts', () => {
    const { consent } = setup({ consent: 'ask' });
    expect(consent.consent.value).toBe('ask');
    expect(consent.storage()).toBeUndefined();
    consent.decide(false);
    expect(consent.consent.value).toBe('declined');
    expect(consent.storage()).toBeUndefined();
    consent.decide(true);
    expect(consent.mayStore.value).toBe(true);
    expect(consent.storage()).toBe(localStorage);
  });

  it("gives none under storage 'session', consent or not", () => {
    const { consent } = setup({ consent: 'granted', storage: 'session' });
    expect(consent.storage()).toBeUndefined();
  });

  it("turns the chat off after a Decline only where a Decline leaves none ('none')", () => {
    const off = setup({ consent: 'ask', consentDeclined: 'none' }).consent;
    const session = setup({ consent: 'ask', consentDeclined: 'session' }).consent;
    off.decide(false);
    session.decide(false);
    expect(off.chatOff.value).toBe(true);
    expect(session.chatOff.value).toBe(false);
    off.decide(true);
    expect(off.chatOff.value).toBe(false);
  });
});

describe('a withdrawal', () => {
  it('deletes every key the widget stored in the frame, leaves others’ keys, and what registered', async () => {
    const { consent } = setup();
    localStorage.setItem('wren:recent-emoji', '["😀"]');
    sessionStorage.setItem('wren:draft', 'hello');
    localStorage.setItem('site:cart', '3');
    const forgetOutbox = vi.fn(async () => undefined);
    consent.onForget(forgetOutbox);
    await consent.withdraw();
    expect(localStorage.getItem('wren:recent-emoji')).toBeNull();
    expect(sessionStorage.getItem('wren:draft')).toBeNull();
    expect(localStorage.getItem('site:cart')).toBe('3');
    expect(forgetOutbox).toHaveBeenCalledOnce();
    expect(consent.consent.value).toBe('declined');
    expect(consent.withdrawals.value).toBe(1);
    expect(consent.storage()).toBeUndefined();
  });

  it('still deletes the frame’s keys when a registered store fails to forget', async () => {
    const { consent } = setup();
    localStorage.setItem('wren:recent-emoji', '["😀"]');
    consent.onForget(() => Promise.reject(new Error('blocked')));
    await consent.withdraw();
    expect(localStorage.getItem('wren:recent-emoji')).toBeNull();
  });

  it('forgets nothing a store unregistered', async () => {
    const { consent } = setup();
    const forget = vi.fn();
    consent.onForget(forget)();
    await consent.forgetStoredData();
    expect(forget).not.toHaveBeenCalled();
  });
});
