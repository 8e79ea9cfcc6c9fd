import { escapeHtml, inlineHtml } from './markdownInline';

/**
 * Message and article markdown → HTML built from escaped text and a fixed set of tags. Shared:
 * the widget's lazy markdown chunk (`src/widget/lib/markdown.ts`) runs it before DOMPurify, and
 * the server renders help-centre articles with it (docs/protocol.md#help-centre), so an article
 * reads the same in a chat bubble and on its page.
 *
 * What Chatwoot's editor, its help centre and chat agents write: `#` headings, paragraphs
 * whose every newline is a line break (a trailing `\` or two spaces too), `-`/`*`/`+` and `1.`
 * lists, `>` quotes, fenced code, GFM tables (the line of Chatwoot's `<!--cw-colwidths:…-->` column widths marker hidden),
 * `---` rules, and the inline forms of `markdownInline.ts`. No raw HTML: every character of
 * the message is escaped and only these tags are added (links only http, https, mailto and tel;
 * images http(s) or relative to the server's root, a `cw_image_height` as their height); the
 * widget then has DOMPurify check the result anyway.
 *
 * Hand-written rather than a CommonMark library: `marked` made the chunk 25.1 KB brotli instead
 * of 11.8 KB and took 13 s on a URL followed by 75,000 `.)` and overflowed the stack on deep
 * quotes. Every step here is linear in the input, and past `RICH_TEXT_LIMIT` a message is
 * plain text (`bench/markdown.mjs` measures hostile inputs).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^ {0,3}[-*+][ \t]+/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+/;
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const COLUMN_WIDTHS = /^[ \t]*<!--cw-colwidths:[\d,]*-->[ \t]*$/;
const MAX_QUOTE_DEPTH = 4;

/**
 * How much of a message is markdown: up to the last line break within this many characters
 * (or exactly this many when there is none); the rest shows as plain text. Far beyond any
 * chat message or article, and it keeps a hostile 150,000-character message well inside a
 * frame budget on a slow phone whatever it contains.
 */
export const RICH_TEXT_LIMIT = 20_000;

const startsBlock = (line: string) =>
  FENCE.test(line) ||
  QUOTE.test(line) ||
  BULLET.test(line) ||
  ORDERED.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  COLUMN_WIDTHS.test(line);

/** A table row's cells: split on `|` that is not escaped, outer pipes dropped. */
function cells(line: string): string[] {
  const trimmed = line.trim();
  const found = trimmed.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
  if (trimmed.startsWith('|')) found.shift();
  if (trimmed.endsWith('|') && !trimmed.endsWith('\\|') && found.length) found.pop();
  return found;
}

/** The column alignments when `line` is a table's delimiter row (`|:--|--:|`), else nothing. */
function alignments(line: string | undefined): string[] | undefined {
  if (line === undefined || !line.includes('-') || !/^[\s|:-]+$/.test(line)) return undefined;
  const row = cells(line);
  if (!row.every((cell) => /^:?-+:?$/.test(cell))) return undefined;
  return row.map((cell) => (cell.endsWith(':') ? (cell.startsWith(':') ? 'center' : 'right') : cell.startsWith(':') ? 'left' : ''));
}

/** A header line and a delimiter row with as many cells start a GFM table. */
const startsTable = (line: string, next: string | undefined) => line.includes('|') && alignments(next)?.length === cells(line).length;

/** One table row; rows shorter than the header stay short, longer ones are cut to it. */
function tableRow(line: string, tag: 'th' | 'td', align: string[]): string {
  const row = cells(line).slice(0, align.length);
  return `<tr>${row.map((cell, i) => `<${tag}${align[i] ? ` align="${align[i]}"` : ''}>${inlineHtml(cell)}</${tag}>`).join('')}</tr>`;
}

/** A paragraph's lines: hard-break markers dropped, as every newline already breaks the line. */
const paragraph = (lines: string[]) =>
  `<p>${inlineHtml(lines.map((line, i) => (i < lines.length - 1 && line.endsWith('\\') ? line.slice(0, -1) : line).trim()).join('\n')).replace(/\n/g, '<br>')}</p>`;

/** An ATX heading's text without its `#` marks, closing ones included. */
function heading(line: string, marks: string): string {
  let text = line.trim().slice(marks.length).trimEnd();
  const end = text.length;
  let start = end;
  while (start > 0 && text[start - 1] === '#') start--;
  if (start < end && (start === 0 || /\s/.test(text[start - 1]))) text = text.slice(0, start);
  return `<h${marks.length}>${inlineHtml(text.trim())}</h${marks.length}>`;
}

/** Block structure of a run of lines: fences, quotes, lists, headings, tables and paragraphs. */
function blocks(lines: string[], depth: number): string {
  let html = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    const marks = HEADING.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(fence[1]); i++) body.push(lines[i]);
      i++;
      html += `<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`;
    } else if (COLUMN_WIDTHS.test(line)) {
      i++;
    } else if (QUOTE.test(line) && depth < MAX_QUOTE_DEPTH) {
      const body: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) body.push(lines[i].replace(QUOTE, ''));
      html += `<blockquote>${blocks(body, depth + 1)}</blockquote>`;
    } else if (marks) {
      html += heading(line, marks[1]);
      i++;
    } else if (RULE.test(line)) {
      html += '<hr>';
      i++;
    } else if (BULLET.test(line) || ORDERED.test(line)) {
      const marker = BULLET.test(line) ? BULLET : ORDERED;
      const start = marker === ORDERED ? Number(ORDERED.exec(line)![1]) : 1;
      let items = '';
      for (; i < lines.length && marker.test(lines[i]); i++) items += `<li>${inlineHtml(lines[i].replace(marker, ''))}</li>`;
      html += marker === BULLET ? `<ul>${items}</ul>` : `<ol${start === 1 ? '' : ` start="${start}"`}>${items}</ol>`;
    } else if (startsTable(line, lines[i + 1])) {
      const align = alignments(lines[i + 1])!;
      let rows = '';
      for (i += 2; i < lines.length && lines[i].trim() && !startsBlock(lines[i]); i++) rows += tableRow(lines[i], 'td', align);
      html += `<table><thead>${tableRow(line, 'th', align)}</thead>${rows && `<tbody>${rows}</tbody>`}</table>`;
    } else if (!line.trim()) {
      i++;
    } else {
      const body = [line];
      for (i++; i < lines.length && lines[i].trim() && !startsBlock(lines[i]) && !startsTable(lines[i], lines[i + 1]); i++)
        body.push(lines[i]);
      html += paragraph(body);
    }
  }
  return html;
}

/**
 * Text past the rich-text limit: escaped, one text node whose newlines the bubble keeps
 * (`white-space: pre-wrap`): an element per line would give a message of short lines up to
 * 65,000 more elements to sanitise, style and lay out.
 */
const plainText = (text: string) => (text.trim() ? `<p>${escapeHtml(text)}</p>` : '');

/**
 * The markdown as HTML: escaped text and the renderer's own tags, nothing else. Past `limit`
 * characters the rest is plain text; the server renders whole articles (`Infinity`), a chat
 * bubble keeps the default.
 */
export function markdownToHtml(text: string, limit = RICH_TEXT_LIMIT): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  const lineEnd = normalised.lastIndexOf('\n', limit);
  const end = normalised.length <= limit ? normalised.length : lineEnd > 0 ? lineEnd : limit;
  return blocks(normalised.slice(0, end).split('\n'), 0) + plainText(normalised.slice(end));
}
