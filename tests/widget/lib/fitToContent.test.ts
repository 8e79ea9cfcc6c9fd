// @vitest-environment happy-dom
import { fitToContent } from '../../../src/widget/lib/fitToContent';

const STYLESHEET_HEIGHT = 36;
const BORDERS = 2;

/**
 * A text box with the layout happy-dom cannot compute: 36 px tall by its stylesheet unless a
 * height is set on it, a 1 px border, and `holds(px)` of text (or placeholder) to show.
 */
function textBox() {
  const textarea = document.createElement('textarea');
  let content = 0;
  const height = () => (textarea.style.height ? Number.parseFloat(textarea.style.height) : STYLESHEET_HEIGHT);
  Object.defineProperties(textarea, {
    offsetHeight: { get: height },
    clientHeight: { get: () => height() - BORDERS },
    scrollHeight: { get: () => Math.max(content, height() - BORDERS) },
  });
  return {
    textarea,
    holds(px: number) {
      content = px;
    },
  };
}

/** A browser whose CSS knows every property but, with `fieldSizing: false`, field-sizing. */
const browserCss = ({ fieldSizing }: { fieldSizing: boolean }) =>
  vi.stubGlobal('CSS', { supports: (property: string) => fieldSizing || property !== 'field-sizing' });

describe('fitting a text box to its content', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the box to CSS where field-sizing works', () => {
    browserCss({ fieldSizing: true });
    const { textarea, holds } = textBox();
    holds(120);
    fitToContent(textarea);
    expect(textarea.style.height).toBe('');
  });

  describe('without field-sizing (Safari)', () => {
    beforeEach(() => browserCss({ fieldSizing: false }));

    it('grows the box until it shows all it holds, border included', () => {
      const { textarea, holds } = textBox();
      holds(120);
      fitToContent(textarea);
      expect(textarea.style.height).toBe(`${120 + BORDERS}px`);
      expect(textarea.scrollHeight).toBeLessThanOrEqual(textarea.clientHeight);
    });

    it('shrinks it again once it holds less, down to its stylesheet height', () => {
      const { textarea, holds } = textBox();
      holds(120);
      fitToContent(textarea);
      holds(20);
      fitToContent(textarea);
      expect(textarea.style.height).toBe(`${STYLESHEET_HEIGHT}px`);
    });
  });
});
