import type { Page } from '@playwright/test';

/**
 * A phone's on-screen keyboard, simulated in the host page. iOS Safari and Android Chrome (by
 * default, `interactive-widget=resizes-visual`) show the keyboard by shrinking the visual
 * viewport and leave the layout viewport, and so every `position: fixed` box, as it was: the
 * bottom of a full-screen chat then lies under the keyboard. No desktop engine has such a
 * keyboard, so `window.visualViewport` is replaced by one whose height and offset the test sets;
 * it fires `resize` and `scroll` as the real one does. The loader reads `visualViewport` when the
 * chat opens, so this must run before that.
 *
 * Runs in the page and stands alone (engines other than Chromium get it as source text).
 */
export function installSimulatedKeyboard(): void {
  // The host page only: the chat frame keeps its own visual viewport (its frame's size).
  if (window.top !== window) return;
  class SimulatedVisualViewport extends EventTarget {
    height = innerHeight;
    width = innerWidth;
    offsetTop = 0;
    offsetLeft = 0;
    scale = 1;
    keyboardUp = false;
    get pageTop() {
      return scrollY + this.offsetTop;
    }
    get pageLeft() {
      return scrollX + this.offsetLeft;
    }
    /** The keyboard comes up, leaving `height` px of the page visible, panned `offsetTop` px down (as iOS does), or goes (null). */
    keyboard(height: number | null, offsetTop = 0) {
      this.keyboardUp = height !== null;
      Object.assign(this, { height: height ?? innerHeight, offsetTop });
      this.dispatchEvent(new Event('resize'));
      this.dispatchEvent(new Event('scroll'));
    }
  }
  const viewport = new SimulatedVisualViewport();
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => viewport });
  // Like the real one, it follows the window (a new viewport size) while no keyboard shows.
  addEventListener('resize', () => {
    viewport.width = innerWidth;
    if (!viewport.keyboardUp) viewport.height = innerHeight;
    viewport.dispatchEvent(new Event('resize'));
  });
}

/** The simulated keyboard (`installSimulatedKeyboard`) comes up, or goes with `height` null. Runs in the page. */
export function setKeyboard([height, offsetTop]: [number | null, number]): void {
  (visualViewport as unknown as { keyboard(height: number | null, offsetTop: number): void }).keyboard(height, offsetTop);
}

/** Every page the test opens gets the simulated keyboard before its own scripts run. */
export const simulatedKeyboard = (page: Page) => page.addInitScript(installSimulatedKeyboard);

/** Raises the simulated keyboard, `height` px of the page left visible, panned `offsetTop` px down. */
export const showKeyboard = (page: Page, height: number, offsetTop = 0) =>
  page.evaluate(setKeyboard, [height, offsetTop] as [number | null, number]);

/** Lowers it again. */
export const hideKeyboard = (page: Page) => page.evaluate(setKeyboard, [null, 0] as [number | null, number]);
