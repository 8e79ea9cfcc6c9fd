import { markdownToHtml } from '../../shared/markdown';

// Where one block of the rendered message ends: a space keeps its last word from running into the next.
const BLOCK_END = /<\/(p|li|h[1-6]|blockquote|pre|td|th)>|<br>/g;

/**
 * A message's text as one line of what the visitor reads, without its markdown marks: a list
 * preview says "Your order has shipped", not "**Your order** has _shipped_". The widget's own
 * renderer reads the markdown (src/shared/markdown.ts); the result is parsed in an inert
 * document, which runs and fetches nothing, and only its text is kept.
 */
export function plainText(markdown: string): string {
  const html = markdownToHtml(markdown).replace(BLOCK_END, '$& ');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
