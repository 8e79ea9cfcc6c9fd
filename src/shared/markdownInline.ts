/**
 * Inline markdown → HTML in one left-to-right pass, linear in the input: every scan either
 * advances the cursor or stops at a character that bounds it (whitespace, a bracket, the next
 * quote), and emphasis is paired with one stack per marker, CommonMark's delimiter algorithm
 * without its rarely met corner rules. A 150,000-character message of unclosed markers costs
 * milliseconds (`bench/markdown.mjs`).
 */

const HTML_SPECIAL = /[&<>"']/;

/** Text as HTML with no markup in it (native passes, no callback per character: texts run long). */
export const escapeHtml = (text: string) =>
  HTML_SPECIAL.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
    : text;

// Same rule as src/widget/lib/sanitizeUrl.ts, repeated so the markdown chunk shares no module with the entry.
const IGNORED = /[\u0000-\u0020\u007f]/g;
const LINK_SCHEME = /^(?:https?:|mailto:|tel:)/i;
// http(s), or no scheme at all: a relative image loads from the page's own server, as in Chatwoot.
const IMAGE_SOURCE = /^(?:https?:|(?![a-z][a-z\d+.-]*:).)/i;
// Chatwoot's editor records a resized picture's height in its URL (`…/a.png?cw_image_height=24px`).
const IMAGE_HEIGHT = /[?&]cw_image_height=([1-9]\d{0,3})(?:px)?(?:[&#]|$)/i;
const ABSOLUTE_OR_ROOTED = /^(?:https?:|\/)/i;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<>"'`]+/y;
const ANGLE_URL = /<((?:https?|mailto):[^\s<>]*)>/y;
const MAX_PAREN_DEPTH = 32;
/** A lookup of the ASCII characters in `chars`, tested without allocating. */
const charSet = (chars: string) => {
  const set = new Uint8Array(128);
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
};
// Characters that may start something other than text, so the scan can skip the rest.
const SPECIAL = charSet('\\`![<hw*_~');
const BRACKET_SPECIAL = charSet('\\`[]');

/** An emphasis marker run (`*`, `_` or `~~`) waiting to be paired. */
interface Delimiter {
  char: string;
  /** Position among the inline's parts: openers above another one came after it. */
  index: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
  /** Opening tags, outermost first, written after the unused marker characters. */
  open: string;
  /** Closing tags, innermost first, written before the unused marker characters. */
  close: string;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Drops trailing punctuation a sentence puts after a URL, and `)` without a `(` in the URL. */
function withoutTail(url: string): string {
  let unclosed = url.split(')').length - url.split('(').length;
  let end = url.length;
  for (; end > 0; end--) {
    const last = url[end - 1];
    if (last === ')' && unclosed > 0) unclosed--;
    else if (!/[.,;:!?*_~'"]/.test(last)) break;
  }
  return url.slice(0, end);
}

/**
 * Code spans: where the run of backticks at `start` closes (the next run of the same length),
 * asked in increasing order of `start`, so each length's list is walked once.
 */
function codeSpans(raw: string) {
  const runs = new Map<number, number[]>();
  for (const match of raw.matchAll(/`+/g)) {
    const starts = runs.get(match[0].length) ?? runs.set(match[0].length, []).get(match[0].length)!;
    starts.push(match.index);
  }
  const cursors = new Map<number, number>();
  return (start: number, length: number): number => {
    const starts = runs.get(length) ?? [];
    let k = cursors.get(length) ?? 0;
    while (k < starts.length && starts[k] <= start) k++;
    cursors.set(length, k);
    return k < starts.length ? starts[k] : -1;
  };
}

/** Where a sticky pattern's match at `at` ends, or -1. */
function endOf(pattern: RegExp, raw: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(raw) ? pattern.lastIndex : -1;
}

/** The index of the next character of `set` from `at` on, or the string's length. */
function nextOf(set: Uint8Array, raw: string, at: number): number {
  let i = at;
  while (i < raw.length && set[raw.charCodeAt(i)] !== 1) i++;
  return i;
}

const runLength = (raw: string, at: number) => {
  let end = at;
  while (raw[end] === raw[at]) end++;
  return end - at;
};

/** For each `[`, the index of its `]`, else 0 (brackets balanced, escapes and code spans skipped). */
function matchBrackets(raw: string): Int32Array {
  const closeOf = new Int32Array(raw.length);
  const open: number[] = [];
  const closingTicks = codeSpans(raw);
  for (let i = nextOf(BRACKET_SPECIAL, raw, 0); i < raw.length; i = nextOf(BRACKET_SPECIAL, raw, i + 1)) {
    const c = raw[i];
    if (c === '\\') i++;
    else if (c === '`') {
      const length = runLength(raw, i);
      const close = closingTicks(i, length);
      i = (close < 0 ? i : close) + length - 1;
    } else if (c === '[') open.push(i);
    else if (c === ']' && open.length) closeOf[open.pop()!] = i;
  }
  return closeOf;
}

/**
 * A `(destination "title")` starting at `at`: the destination and the index after `)`. The
 * destination stops at whitespace and brackets, so failed attempts never rescan the same text.
 */
function destination(raw: string, at: number): [string, number] | undefined {
  if (raw[at] !== '(') return undefined;
  let i = at + 1;
  while (raw[i] === ' ' || raw[i] === '\t') i++;
  const start = i;
  for (let depth = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && ESCAPABLE.test(raw[i + 1] ?? '')) i++;
    else if (/[\s[\]<>]/.test(c)) break;
    else if (c === '(' && ++depth > MAX_PAREN_DEPTH) return undefined;
    else if (c === ')' && depth-- === 0) break;
  }
  const url = raw.slice(start, i).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  while (raw[i] === ' ' || raw[i] === '\t') i++;
  if (raw[i] === '"' && i > start) {
    const end = raw.indexOf('"', i + 1);
    if (end < 0) return undefined;
    for (i = end + 1; raw[i] === ' ' || raw[i] === '\t'; ) i++;
  }
  return raw[i] === ')' ? [url, i + 1] : undefined;
}

/** The URL when its scheme passes `scheme` (compared as a browser reads it), else nothing. */
const allow = (url: string, scheme: RegExp) => (scheme.test(url.replace(IGNORED, '')) ? url : undefined);

/**
 * An `<img>` for a markdown image. A relative source is made relative to the server's root, so
 * it loads from the same place in a chat bubble (the widget's page is `/widget`) and on a help
 * centre page; `cw_image_height` (pixels; `auto` or none: natural size) becomes the height.
 */
function image(src: string, alt: string): string {
  const height = IMAGE_HEIGHT.exec(src)?.[1];
  const rooted = ABSOLUTE_OR_ROOTED.test(src) ? src : `/${src}`;
  return `<img src="${escapeHtml(rooted)}" alt="${escapeHtml(alt)}"${height ? ` height="${height}"` : ''}>`;
}

/** Pairs a closing run with the nearest opener of its marker, removing openers it encloses. */
function pair(closer: Delimiter, stacks: Record<string, Delimiter[]>) {
  const openers = stacks[closer.char];
  while (closer.length && openers.length) {
    const opener = openers[openers.length - 1];
    for (const other of Object.values(stacks)) {
      while (other !== openers && other.length && other[other.length - 1].index > opener.index) other.pop();
    }
    const use = closer.char === '~' ? 2 : Math.min(opener.length, closer.length, 3);
    const [start, end] =
      closer.char === '~'
        ? ['<del>', '</del>']
        : use === 3
          ? ['<strong><em>', '</em></strong>']
          : use === 2
            ? ['<strong>', '</strong>']
            : ['<em>', '</em>'];
    opener.open = start + opener.open;
    closer.close += end;
    opener.length -= use;
    closer.length -= use;
    if (!opener.length) openers.pop();
  }
  if (closer.length && closer.canOpen) openers.push(closer);
}

/**
 * One paragraph, heading, list item, table cell or link label as HTML: escaped text with
 * code, links, images, autolinks, escapes and emphasis. `links` is false inside a link label.
 */
export function inlineHtml(raw: string, links = true): string {
  const parts: (string | Delimiter)[] = [];
  const stacks: Record<string, Delimiter[]> = { '*': [], _: [], '~': [] };
  let closingTicks: ReturnType<typeof codeSpans> | undefined;
  let closeOf: Int32Array | undefined;
  // Text is copied from `raw` in runs: `from` is where the run not yet written starts.
  let from = 0;
  let i = 0;
  const emit = (html: string | Delimiter, next: number) => {
    if (i > from) parts.push(escapeHtml(raw.slice(from, i)));
    parts.push(html);
    from = next;
  };

  while (i < raw.length) {
    const c = raw[i];
    const before = raw[i - 1];
    if (c === '\\' && ESCAPABLE.test(raw[i + 1] ?? '')) {
      emit(raw[i + 1] === '&' ? '&amp;' : escapeHtml(raw[i + 1]), i + 2);
      i += 2;
    } else if (c === '`') {
      const length = runLength(raw, i);
      closingTicks ??= codeSpans(raw);
      const close = closingTicks(i, length);
      if (close >= 0) {
        const code = raw.slice(i + length, close).replace(/\n/g, ' ');
        const padded = code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '';
        emit(`<code>${escapeHtml(padded ? code.slice(1, -1) : code)}</code>`, close + length);
      }
      i = (close < 0 ? i : close) + length;
    } else if ((c === '[' && links) || (c === '!' && raw[i + 1] === '[')) {
      const open = c === '!' ? i + 1 : i;
      closeOf ??= matchBrackets(raw);
      const close = closeOf[open];
      const target = close ? destination(raw, close + 1) : undefined;
      if (!target) {
        i++;
        continue;
      }
      const label = raw.slice(open + 1, close);
      const [url, next] = target;
      if (c === '!') {
        const src = allow(url, IMAGE_SOURCE);
        emit(src ? image(src, label) : escapeHtml(label), next);
      } else {
        const href = allow(url, LINK_SCHEME);
        emit(href ? `<a href="${escapeHtml(href)}">${inlineHtml(label, false)}</a>` : inlineHtml(label, false), next);
      }
      i = next;
    } else if (c === '<' && links && endOf(ANGLE_URL, raw, i) > 0) {
      const url = raw.slice(i + 1, ANGLE_URL.lastIndex - 1);
      emit(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`, ANGLE_URL.lastIndex);
      i = ANGLE_URL.lastIndex;
    } else if ((c === 'h' || c === 'w') && links && !isWord(before) && endOf(BARE_URL, raw, i) > 0) {
      const url = withoutTail(raw.slice(i, BARE_URL.lastIndex));
      emit(`<a href="${escapeHtml(url.startsWith('www.') ? `http://${url}` : url)}">${escapeHtml(url)}</a>`, i + url.length);
      i = BARE_URL.lastIndex;
    } else if (c === '*' || c === '_' || (c === '~' && raw[i + 1] === '~' && raw[i + 2] !== '~' && before !== '~')) {
      const length = c === '~' ? 2 : runLength(raw, i);
      const after = raw[i + length];
      const intraword = c === '_';
      const delimiter: Delimiter = {
        char: c,
        index: parts.length,
        length,
        canOpen: !isSpace(after) && !(intraword && isWord(before)),
        canClose: !isSpace(before) && !(intraword && isWord(after)),
        open: '',
        close: '',
      };
      emit(delimiter, i + length);
      if (delimiter.canClose) pair(delimiter, stacks);
      else if (delimiter.canOpen) stacks[c].push(delimiter);
      i += length;
    } else {
      i = nextOf(SPECIAL, raw, i + 1);
    }
  }
  if (i > from) parts.push(escapeHtml(raw.slice(from, i)));
  return parts.map((part) => (typeof part === 'string' ? part : part.close + part.char.repeat(part.length) + part.open)).join('');
}
