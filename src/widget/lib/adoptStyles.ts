const adopted = new WeakMap<Document, Set<string>>();

/**
 * Adds a lazy chunk's stylesheet to the document as a constructable stylesheet. Chunks carry
 * their CSS as text, so a feature's styles arrive with its code and the first paint pays for
 * neither; constructable stylesheets are allowed under the page's `style-src 'self'`.
 */
export function adoptStyles(css: string | undefined, doc: Document | undefined = globalThis.document): void {
  // No document: a module imported outside a page (the markdown bench and tests in Node).
  if (!doc) return;
  const done = adopted.get(doc) ?? new Set<string>();
  if (!css || done.has(css) || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in doc)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  adopted.set(doc, done.add(css));
}
