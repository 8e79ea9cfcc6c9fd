// @vitest-environment happy-dom
import { fullScreenWindow } from '../../../src/sdk/runtime/fullScreen';

/** A visual viewport the test moves, as a phone's keyboard moves the real one. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  move(height: number, offsetTop: number) {
    Object.assign(this, { height, offsetTop });
    this.dispatchEvent(new Event('resize'));
  }
}

const cssOf = (sheets: readonly CSSStyleSheet[]) => sheets.flatMap((s) => [...s.cssRules].map((rule) => rule.cssText)).join('\n');

let viewport: FakeVisualViewport;
let shadow: ShadowRoot;
let hostsOwn: CSSStyleSheet;

beforeEach(() => {
  viewport = new FakeVisualViewport();
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => viewport });
  shadow = document.createElement('div').attachShadow({ mode: 'open' });
  hostsOwn = new CSSStyleSheet();
  hostsOwn.replaceSync('body { color: red; }');
  document.adoptedStyleSheets = [hostsOwn];
});

describe('the chat window on a phone', () => {
  it('stops the page scrolling while open, under the full-screen width only, and gives it back on close', () => {
    const fullScreen = fullScreenWindow(shadow);
    fullScreen(true);
    expect(document.adoptedStyleSheets[0]).toBe(hostsOwn);
    expect(cssOf(document.adoptedStyleSheets.slice(1))).toMatch(
      /@media \(max-width: ?667px\)[\s\S]*html[\s\S]*overflow: hidden !important/,
    );
    fullScreen(false);
    expect(document.adoptedStyleSheets).toEqual([hostsOwn]);
  });

  it('takes the visual viewport while open, follows the keyboard, and lets go on close', () => {
    const fullScreen = fullScreenWindow(shadow);
    fullScreen(true);
    expect(cssOf(shadow.adoptedStyleSheets)).toMatch(/--wren-viewport-top: ?0px;[\s\S]*--wren-viewport-height: ?844px/);
    viewport.move(450, 120);
    expect(cssOf(shadow.adoptedStyleSheets)).toMatch(/--wren-viewport-top: ?120px;[\s\S]*--wren-viewport-height: ?450px/);
    fullScreen(false);
    expect(cssOf(shadow.adoptedStyleSheets)).toBe('');
    // Closed, the keyboard is none of its business.
    viewport.move(300, 0);
    expect(cssOf(shadow.adoptedStyleSheets)).toBe('');
  });

  it('opening twice locks once', () => {
    const fullScreen = fullScreenWindow(shadow);
    fullScreen(true);
    fullScreen(true);
    expect(document.adoptedStyleSheets).toHaveLength(2);
    fullScreen(false);
    fullScreen(false);
    expect(document.adoptedStyleSheets).toEqual([hostsOwn]);
  });
});
