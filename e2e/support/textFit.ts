import type { Frame, Page } from '@playwright/test';

/**
 * Whether Wren's text survives a narrow window, large text and wide spacing (WCAG 1.4.4 Resize
 * Text, 1.4.10 Reflow, 1.4.12 Text Spacing): nothing of Wren's scrolls sideways, no text is cut
 * off by a box that hides its overflow (a box that scrolls keeps it reachable), and no two runs
 * of text overlap. Checked in the chat frame and in the launcher's shadow root on the host page.
 */

/**
 * The WCAG text-spacing bookmarklet's CSS (Steve Faulkner's, used to test 1.4.12): line height
 * 1.5, paragraph spacing 2, letter spacing 0.12 and word spacing 0.16 times the font size.
 */
export const TEXT_SPACING_CSS = `
* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** Runs in one document or shadow root (stands alone: Playwright sends it as source text). */
function checkText(shadowHost?: string): string[] {
  const root: Document | ShadowRoot = shadowHost ? document.querySelector(shadowHost)!.shadowRoot! : document;
  const problems: string[] = [];
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  const nameOf = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.localName}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${text}"`;
  };
  // Screen-reader-only text is cut to a pixel on purpose.
  const shown = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === 'none' || style.visibility === 'hidden' || style.clipPath !== 'none' || at.closest('[aria-hidden="true"]'))
        return false;
      const box = at.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
    }
    return true;
  };

  // Scrolling sideways: the document, or any box of it that scrolls.
  const scrollers = [...(shadowHost ? [] : [document.documentElement]), ...root.querySelectorAll('*')].filter((el) => {
    const style = getComputedStyle(el);
    return (el === document.documentElement || ['auto', 'scroll'].includes(style.overflowX)) && el.scrollWidth > el.clientWidth + 1;
  });
  for (const el of scrollers) {
    // What sticks out furthest past its end (its start, right to left).
    const rtl = getComputedStyle(el).direction === 'rtl';
    const edge = el.getBoundingClientRect();
    const beyond = (child: Element) => {
      const box = child.getBoundingClientRect();
      return rtl ? edge.left - box.left : box.right - edge.right;
    };
    const widest = [...el.querySelectorAll('*')].reduce<Element | null>(
      (most, child) => (!most || beyond(child) > beyond(most) ? child : most),
      null,
    );
    problems.push(
      `scrolls sideways: ${nameOf(el)} ${el.scrollWidth} px wide in ${el.clientWidth}${widest ? `, most by ${nameOf(widest)}` : ''}`,
    );
  }

  // Every element with text of its own, and the boxes its text takes up.
  const runs: { el: Element; boxes: DOMRect[] }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const owners = new Map<Element, DOMRect[]>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent?.trim() || ['script', 'style', 'template', 'option'].includes(el.localName) || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    owners.set(el, [...(owners.get(el) ?? []), ...[...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0)]);
  }
  for (const [el, boxes] of owners) runs.push({ el, boxes });

  for (const { el, boxes } of runs) {
    // Cut off: text beyond the edge of a box of its own or an ancestor's that hides overflow.
    for (let at: Element | null = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      const [x, y] = [clips(style.overflowX), clips(style.overflowY)];
      if (!x && !y) continue;
      const edge = at.getBoundingClientRect();
      const out = boxes.some(
        (box) =>
          (x && (box.left < edge.left - 1 || box.right > edge.right + 1)) ||
          (y && (box.top < edge.top - 1 || box.bottom > edge.bottom + 1)),
      );
      if (out || (at === el && (at.scrollWidth > at.clientWidth + 1 || (y && at.scrollHeight > at.clientHeight + 1)))) {
        problems.push(`text cut off: ${nameOf(el)} by ${at === el ? 'itself' : nameOf(at)}`);
        break;
      }
    }
  }

  // Overlapping: two elements' text in the same place, where both show. Text under a popover
  // (the emoji picker, the dial-code list) is covered by design, not overlapped: only text in the
  // same layer (the same nearest positioned box that floats) and on top at its spot counts.
  const topmost = (el: Element, box: DOMRect) => {
    const hit = root.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
  };
  const layerOf = (el: Element) => {
    let at: Element | null = el;
    while (at && !['absolute', 'fixed'].includes(getComputedStyle(at).position)) at = at.parentElement;
    return at;
  };
  const visible = runs.map(({ el, boxes }) => ({ el, layer: layerOf(el), boxes: boxes.filter((box) => topmost(el, box)) }));
  for (let i = 0; i < visible.length; i++)
    for (let j = i + 1; j < visible.length; j++) {
      const [a, b] = [visible[i], visible[j]];
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const meets = a.boxes.some((p) =>
        b.boxes.some(
          (q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2,
        ),
      );
      if (meets) problems.push(`text overlaps: ${nameOf(a.el)} and ${nameOf(b.el)}`);
    }
  return problems;
}

const chatFrameOf = (page: Page): Frame | undefined =>
  page.frames().find((frame) => new URL(frame.url(), 'http://x').pathname === '/widget');

/** Whether the chat frame shows on the page (it loads hidden before the chat first opens). */
const chatShows = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('#wren-chat')?.shadowRoot?.querySelector('iframe');
    return !!frame && getComputedStyle(frame).visibility === 'visible' && frame.getBoundingClientRect().width > 0;
  });

/** What is wrong with Wren's text as the page shows it now, on the host page and in the chat. */
export async function textProblems(page: Page): Promise<string[]> {
  const problems = (await page.evaluate(checkText, '#wren-chat')).map((line) => `host: ${line}`);
  const chat = chatFrameOf(page);
  if (chat && (await chatShows(page))) problems.push(...(await chat.evaluate(checkText, undefined)).map((line) => `chat: ${line}`));
  return problems;
}

/**
 * Applies (or takes off) the 1.4.12 spacing to Wren's text on both sides of the frame, as an
 * adopted stylesheet: the chat frame's Content-Security-Policy refuses an inserted <style>, as
 * it would a bookmarklet's (a user stylesheet or extension is what a reader would use).
 */
export async function textSpacing(page: Page, on: boolean): Promise<void> {
  const apply = ([css, on, shadowHost]: [string, boolean, string | undefined]) => {
    const root = shadowHost ? document.querySelector(shadowHost)!.shadowRoot! : document;
    const marked = root.adoptedStyleSheets.filter((sheet) => (sheet as CSSStyleSheet & { textSpacing?: true }).textSpacing);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !marked.includes(sheet));
    if (!on) return;
    const sheet = Object.assign(new CSSStyleSheet(), { textSpacing: true });
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  };
  await page.evaluate(apply, [TEXT_SPACING_CSS, on, '#wren-chat'] as [string, boolean, string]);
  const chat = chatFrameOf(page);
  if (chat) await chat.evaluate(apply, [TEXT_SPACING_CSS, on, undefined] as [string, boolean, undefined]);
}
