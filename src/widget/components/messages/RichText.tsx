import { useEffect, useMemo, useState } from 'react';
import { markdownRenderer } from '../../lazy/messageParts';
import { needsRichText } from './needsRichText';

/** What the lazy markdown chunk (`lib/markdown.ts`) provides. */
export interface MarkdownRenderer {
  renderMarkdown(text: string): string;
}

/**
 * Loads the markdown renderer, once for every bubble (`lazy/messageParts.ts`); a failure is
 * forgotten, so the next message tries again.
 */
export const loadMarkdownRenderer: () => Promise<MarkdownRenderer> = markdownRenderer.load;

export interface RichTextProps {
  text: string;
  /** Injected by tests; defaults to the shared lazy chunk. */
  loadRenderer?: () => Promise<MarkdownRenderer>;
}

/**
 * A message longer than this reads in the widget's direction (its `dir`, which turns off
 * conversation.chunk.css's `unicode-bidi: plaintext`) instead of each line in its own: Chromium
 * lays a line out under `plaintext` in time proportional to its length times its rows (one line of
 * 150,000 characters: 1.3 s at 4× CPU). Not `dir="auto"`: Chromium looks for the first letter
 * again as each element is parsed into such an element (150,000 characters of empty code
 * blocks: 13 s).
 */
export const ONE_DIRECTION = 10_000;

/**
 * A message's text. Plain text renders at once as text nodes; text with markdown or a URL is
 * swapped for the sanitised HTML once the markdown chunk arrives. If the chunk or the renderer
 * fails, the plain text stays: a bubble is never blank.
 */
export function RichText({ text, loadRenderer = loadMarkdownRenderer }: RichTextProps) {
  const rich = needsRichText(text);
  const [renderer, setRenderer] = useState<MarkdownRenderer | undefined>(() =>
    loadRenderer === loadMarkdownRenderer ? markdownRenderer.loaded : undefined,
  );

  useEffect(() => {
    if (!rich || renderer) return;
    let current = true;
    loadRenderer().then(
      (module) => current && setRenderer(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [rich, renderer, loadRenderer]);

  const html = useMemo(() => {
    if (!rich || !renderer) return undefined;
    try {
      return renderer.renderMarkdown(text);
    } catch {
      return undefined;
    }
  }, [rich, renderer, text]);

  const props = { className: 'rich-text', dir: text.length > ONE_DIRECTION ? document.dir : undefined };
  return html === undefined ? (
    <div key="text" {...props}>
      {text}
    </div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the renderer's output has been through DOMPurify (lib/sanitizeHtml.ts)
    <div key="html" {...props} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
