// @vitest-environment happy-dom

/** A fresh copy of the module: it remembers which stylesheets it has adopted. */
async function freshAdoptStyles() {
  vi.resetModules();
  return (await import('../../../src/widget/lib/adoptStyles')).adoptStyles;
}

const sheetTexts = (doc: Document = document) =>
  doc.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' '));

beforeEach(() => {
  document.adoptedStyleSheets = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("adopting a lazy chunk's stylesheet", () => {
  it('adds the css to the document as a constructable stylesheet', async () => {
    const adoptStyles = await freshAdoptStyles();
    adoptStyles('.resolved-footer { color: red; }');
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(document.adoptedStyleSheets[0]).toBeInstanceOf(CSSStyleSheet);
    expect(sheetTexts()[0]).toContain('.resolved-footer');
  });

  it('adopts the same css text only once', async () => {
    const adoptStyles = await freshAdoptStyles();
    adoptStyles('.a { color: red; }');
    adoptStyles('.a { color: red; }');
    adoptStyles('.a { color: red; }');
    expect(document.adoptedStyleSheets).toHaveLength(1);
  });

  it('adopts each different css text, keeping the sheets already there', async () => {
    const adoptStyles = await freshAdoptStyles();
    const existing = new CSSStyleSheet();
    existing.replaceSync('.shell { margin: 0; }');
    document.adoptedStyleSheets = [existing];
    adoptStyles('.a { color: red; }');
    adoptStyles('.b { color: blue; }');
    expect(document.adoptedStyleSheets).toHaveLength(3);
    expect(document.adoptedStyleSheets[0]).toBe(existing);
    expect(
      sheetTexts()
        .slice(1)
        .map((text) => text.slice(0, 2)),
    ).toEqual(['.a', '.b']);
  });

  it('adopts nothing for a chunk without css', async () => {
    const adoptStyles = await freshAdoptStyles();
    adoptStyles(undefined);
    adoptStyles('');
    expect(document.adoptedStyleSheets).toEqual([]);
  });

  it('does nothing, and does not throw, where constructable stylesheets are missing', async () => {
    const adoptStyles = await freshAdoptStyles();
    const Sheet = CSSStyleSheet;
    vi.stubGlobal('CSSStyleSheet', undefined);
    expect(() => adoptStyles('.a { color: red; }')).not.toThrow();
    expect(document.adoptedStyleSheets).toEqual([]);
    vi.stubGlobal('CSSStyleSheet', Sheet);
    // Not remembered as adopted: a later call where the engine can adopt it still does.
    adoptStyles('.a { color: red; }');
    expect(document.adoptedStyleSheets).toHaveLength(1);
  });
});
