// @vitest-environment happy-dom
import { signal } from '@preact/signals-react';
import { frameStorage, mayStore } from '../../../src/widget/lib/frameStorage';
import { DEFAULT_WIDGET_SETTINGS } from '../../../src/shared/widgetSettings';
import type { WidgetSettings } from '../../../src/shared/protocol';

const app = (settings: Partial<WidgetSettings>, known = true) => ({
  settings: signal({ ...DEFAULT_WIDGET_SETTINGS, ...settings }),
  openStateKnown: signal(known),
});

describe('whether the widget may store in the frame', () => {
  it('stores nothing until the host has said what the visitor agreed to', () => {
    expect(mayStore(app({ consent: 'granted' }, false))).toBe(false);
    expect(frameStorage(app({ consent: 'granted' }, false))).toBeUndefined();
    expect(frameStorage(app({ consent: 'granted' }))).toBe(localStorage);
  });

  it('stores nothing while consent is asked or declined', () => {
    expect(frameStorage(app({ consent: 'ask' }))).toBeUndefined();
    expect(frameStorage(app({ consent: 'declined' }))).toBeUndefined();
  });

  it("stores nothing under the site's storage: 'session', consent or not", () => {
    expect(mayStore(app({ consent: 'granted', storage: 'session' }))).toBe(false);
  });

  it('gives nothing where the browser refuses storage', () => {
    const refusing = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(frameStorage(app({ consent: 'granted' }))).toBeUndefined();
    } finally {
      refusing.mockRestore();
    }
  });
});
