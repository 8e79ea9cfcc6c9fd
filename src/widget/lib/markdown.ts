import { sanitizeHtml } from './sanitizeHtml';

/**
 * Message markdown → safe HTML. A lazy chunk (with DOMPurify): plain-text messages never load
 * it (see `components/messages/needsRichText.ts`).
 *
 * The subset agents and bots use in chat: **bold** / __bold__, *italic* / _italic_,
 * ~~strikethrough~~, `code`, fenced code blocks, [links](https://…), bare http(s) URLs,
 * line breaks, `-`/`*`/`+` and `1.` lists, `>` quotes and `\` escapes. No raw HTML: every
 * character of the message is escaped first and only this file's own tags are added, then
 * DOMPurify checks the result anyway (ARCHITECTURE.md §5).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

// Same rule as lib/sanitizeUrl.ts, repeated so this chunk shares no module with the entry.
const LINK_SCHEME = /^(?:https?:|mailto:|tel:)/i;
const safeLink = (url: string) => (LINK_SCHEME.test(url.replace(/[\u0000-\u0020\u007f]/g, '')) ? url : undefined);

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^ {0,3}[-*+][ \t]+/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+/;
const MAX_QUOTE_DEPTH = 4;

const startsBlock = (line: string) => FENCE.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line);

/**
 * Spans that must not be touched by emphasis: a `\` escape, a code span, a [label](url) link
 * (URL with balanced parentheses, as in Wikipedia links), a bare http(s) URL.
 */
const SPANS = /\\([\\`*_~[\]()#>+\-.!|])|(`+)(?!`)([\s\S]*?[^`])\2(?!`)|\[((?:[^[\]\n]|\[[^[\]\n]*\])+)\]\(\s*([^\s()]*(?:\([^\s()]*\)[^\s()]*)*)\s*\)|\b(https?:\/\/[^\s<>"'`]+)/g;

// Applied to escaped text, in this order, so `***x***` and `**x**` win over `*x*`. Underscores
// only count at word edges: snake_case_names stay as they are.
const EMPHASIS: [RegExp, string][] = [
  [/\*\*\*(?=\S)([\s\S]*?\S)\*\*\*/g, '<strong><em>$1</em></strong>'],
  [/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>'],
  [/(^|\W)__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1<strong>$2</strong>'],
  [/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>'],
  [/\*(?=[^\s*])([\s\S]*?[^\s*])\*/g, '<em>$1</em>'],
  [/(^|\W)_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>'],
];

/** Drops unbalanced trailing punctuation a sentence puts after a URL ("see https://x.org/a)."). */
function splitUrlTail(url: string): [string, string] {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (/[.,;:!?*_~]/.test(last)) end--;
    else if (last === ')' && url.slice(0, end).split('(').length < url.slice(0, end).split(')').length) end--;
    else return [url.slice(0, end), url.slice(end)];
  }
}

/** One paragraph, list item or link label: escaped text with inline formatting. */
function inline(raw: string, links = true): string {
  const held: string[] = [];
  // Finished HTML waits behind a marker that escaping and emphasis cannot touch.
  const hold = (html: string) => `\u0000${held.push(html) - 1}\u0001`;
  const text = raw.replace(/[\u0000\u0001]/g, '').replace(SPANS, (match, escaped, ticks, code, label, href, bare) => {
    if (escaped) return hold(escapeHtml(escaped));
    if (ticks) return hold(`<code>${escapeHtml(code)}</code>`);
    if (!links) return match;
    if (label !== undefined) {
      const url = safeLink(href);
      return hold(url ? `<a href="${escapeHtml(url)}">${inline(label, false)}</a>` : inline(label, false));
    }
    const [url, tail] = splitUrlTail(bare);
    return hold(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`) + tail;
  });
  const html = EMPHASIS.reduce((s, [pattern, tags]) => s.replace(pattern, tags), escapeHtml(text));
  return html.replace(/\u0000(\d+)\u0001/g, (_, i: string) => held[Number(i)]);
}

/** Block structure of a run of lines: fences, quotes, lists and paragraphs. */
function blocks(lines: string[], depth: number): string {
  let html = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence[1]); i++) body.push(lines[i]);
      i++;
      html += `<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`;
    } else if (QUOTE.test(line) && depth < MAX_QUOTE_DEPTH) {
      const body: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) body.push(lines[i].replace(QUOTE, ''));
      html += `<blockquote>${blocks(body, depth + 1)}</blockquote>`;
    } else if (BULLET.test(line) || ORDERED.test(line)) {
      const marker = BULLET.test(line) ? BULLET : ORDERED;
      const start = marker === ORDERED ? Number(ORDERED.exec(line)![1]) : 1;
      let items = '';
      for (; i < lines.length && marker.test(lines[i]); i++) items += `<li>${inline(lines[i].replace(marker, ''))}</li>`;
      html += marker === BULLET ? `<ul>${items}</ul>` : `<ol${start === 1 ? '' : ` start="${start}"`}>${items}</ol>`;
    } else if (!line.trim()) {
      i++;
    } else {
      const body = [line];
      for (i++; i < lines.length && lines[i].trim() && !startsBlock(lines[i]); i++) body.push(lines[i]);
      html += `<p>${inline(body.join('\n')).replace(/\n/g, '<br>')}</p>`;
    }
  }
  return html;
}

/** The markdown subset as HTML, before sanitising (exported for tests). */
export function markdownToHtml(text: string): string {
  return blocks(text.replace(/\r\n?/g, '\n').split('\n'), 0);
}

/**
 * A message's content as sanitised HTML, safe for `dangerouslySetInnerHTML`: links open in a
 * new tab with `rel="noopener noreferrer"`, only http, https, mailto and tel URLs survive.
 */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdownToHtml(text));
}
