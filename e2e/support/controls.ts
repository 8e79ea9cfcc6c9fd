import type { Frame, Page } from '@playwright/test';

/**
 * WCAG 2.2's two checks on a screen's controls that axe cannot make across the chat frame's
 * boundary: 2.4.11 Focus Not Obscured (a control that takes keyboard focus is not entirely hidden
 * by anything of the widget's, on either side of the frame: the launcher over the chat, a sticky
 * footer over a form) and 2.5.8 Target Size (every control at least 24 × 24 CSS px, or with a
 * 24 px circle around its centre that meets no other control, here the host page's launcher
 * included). Axe's own `target-size` rule runs as well, inside each document.
 */

/** A box in some document's viewport coordinates. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface DocumentCheck {
  /** Controls of the other document (the launcher, for the chat frame), in this one's coordinates. */
  foreignTargets: Box[];
  /** What of this document the visitor can see (the frame's part in the host's viewport), in its coordinates. */
  visible: Box;
  /** Search the open shadow root of this element instead of the document (the launcher's). */
  shadowHost?: string;
}

export interface ControlProblems {
  /** 2.4.11: focused, yet nothing of it shows. */
  obscured: string[];
  /** 2.5.8: under 24 × 24 with another control within its 24 px circle, or overlapping the other document's. */
  small: string[];
}

/**
 * Runs in one document (stands alone: Playwright sends it as source text). Focuses each control
 * that Tab can reach, in turn, in the order Tab reaches them from the focused one, as a keyboard
 * would; lets the browser scroll it into view and the widget react (a popover that closes as
 * focus leaves it); and samples its box to see whether any of it is on top. Then measures every
 * control, and puts focus back where it was.
 */
async function checkDocument({ foreignTargets, visible, shadowHost }: DocumentCheck): Promise<ControlProblems> {
  const root: Document | ShadowRoot = shadowHost ? document.querySelector(shadowHost)!.shadowRoot! : document;
  const TARGET = 24;
  const nameOf = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `${el.localName}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}${name ? ` "${name}"` : ''}`;
  };
  const rendered = (el: HTMLElement) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility === 'visible' && !el.closest('[inert]');
  };
  // A modal dialog makes the rest of its document inert: only its own controls can take focus.
  const scope = root.querySelector('dialog:modal') ?? root;
  const controls = [
    // The chat frame is not a control of the host's: its controls are checked in its own document.
    ...scope.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]'),
  ].filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.localName !== 'iframe' && rendered(el));
  // The visually hidden file input behind "Add an attachment" is not a target of its own.
  const targets = controls.filter((el) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  });

  const clip = (a: Box, b: Box): Box | null => {
    const box = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return box.right > box.left && box.bottom > box.top ? box : null;
  };
  const inside = (x: number, y: number, box: Box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  const view = clip(visible, { left: 0, top: 0, right: innerWidth, bottom: innerHeight })!;

  const obscured: string[] = [];
  const before = root.activeElement as HTMLElement | null;
  const from = Math.max(0, targets.indexOf(before!));
  for (const el of [...targets.slice(from), ...targets.slice(0, from)]) {
    // Gone as focus moved on (the emoji picker closes when Tab leaves it).
    if (!el.isConnected) continue;
    el.focus();
    // Rendering updates that focus causes (Preact renders after a microtask) come first.
    await new Promise((resolve) => setTimeout(resolve));
    const box = clip(el.getBoundingClientRect(), view);
    let shows = false;
    let cover: Element | null = null;
    if (box)
      for (let i = 0; i < 5 && !shows; i++)
        for (let j = 0; j < 5 && !shows; j++) {
          const x = box.left + ((box.right - box.left) * (i + 0.5)) / 5;
          const y = box.top + ((box.bottom - box.top) * (j + 0.5)) / 5;
          if (foreignTargets.some((other) => inside(x, y, other))) continue;
          const hit = root.elementFromPoint(x, y);
          shows = !!hit && (hit === el || el.contains(hit) || (hit as HTMLLabelElement).control === el);
          cover ??= hit;
        }
    if (!shows) obscured.push(`${nameOf(el)} ${box ? `under ${cover ? nameOf(cover) : 'nothing'}` : 'out of view'}`);
  }
  before?.focus();

  const small: string[] = [];
  const boxes = targets.filter((el) => el.isConnected).map((el) => ({ el, rect: el.getBoundingClientRect() }));
  const centre = (r: Box) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  // Whether a box comes within `radius` of a point (the nearest point of the box to it).
  const near = (r: Box, [x, y]: number[], radius: number) =>
    Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom)) < radius;
  for (const { el, rect } of boxes) {
    if (foreignTargets.some((other) => clip(rect, other))) {
      small.push(`${nameOf(el)} lies under a control of the other document`);
      continue;
    }
    // Links inside a sentence are excepted (WCAG 2.5.8 "Inline").
    if (el.localName === 'a' && getComputedStyle(el).display === 'inline') continue;
    if (rect.width >= TARGET - 0.5 && rect.height >= TARGET - 0.5) continue;
    const point = centre(rect);
    const crowded = boxes.some(
      (other) =>
        other.el !== el &&
        !other.el.contains(el) &&
        !el.contains(other.el) &&
        (near(other.rect, point, TARGET / 2) ||
          // Another undersized control's circle meets this one's.
          ((other.rect.width < TARGET || other.rect.height < TARGET) &&
            Math.hypot(point[0] - centre(other.rect)[0], point[1] - centre(other.rect)[1]) < TARGET)),
    );
    if (crowded) small.push(`${nameOf(el)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
  }
  return { obscured, small };
}

/** The chat frame's document, when it is there. */
const chatFrameOf = (page: Page): Frame | undefined =>
  page.frames().find((frame) => new URL(frame.url(), 'http://x').pathname === '/widget');

/**
 * Checks the launcher and whatever else Wren shows on the host page, and the chat frame's
 * controls (if the frame shows) against each other. Every line of the result is a failure.
 */
export async function controlProblems(page: Page): Promise<string[]> {
  const host = await page.evaluate(() => {
    const shadow = document.querySelector('#wren-chat')!.shadowRoot!;
    const frame = shadow.querySelector('iframe');
    const rect = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r?.width && r.height ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
    };
    const shows = !!frame && getComputedStyle(frame).visibility === 'visible' && !!rect(frame);
    const launcher = shadow.querySelector('.bubble');
    return {
      frame: shows ? rect(frame) : null,
      launcher: launcher && getComputedStyle(launcher).display !== 'none' ? rect(launcher) : null,
    };
  });
  const whole = { left: -1e6, top: -1e6, right: 1e6, bottom: 1e6 };
  // The chat window covering the launcher would show in the host's own hit testing; the launcher
  // over the chat's controls is checked from the chat's side.
  const onHost = await page.evaluate(checkDocument, { foreignTargets: [], visible: whole, shadowHost: '#wren-chat' });
  const problems = [
    ...onHost.obscured.map((line) => `host: focus obscured: ${line}`),
    ...onHost.small.map((line) => `host: target: ${line}`),
  ];
  const chat = host.frame && chatFrameOf(page);
  if (chat && host.frame) {
    const { left, top } = host.frame;
    const shift = (box: { left: number; top: number; right: number; bottom: number }) => ({
      left: box.left - left,
      top: box.top - top,
      right: box.right - left,
      bottom: box.bottom - top,
    });
    const viewport = page.viewportSize()!;
    const inChat = await chat.evaluate(checkDocument, {
      foreignTargets: host.launcher ? [shift(host.launcher)] : [],
      visible: shift({ left: 0, top: 0, right: viewport.width, bottom: viewport.height }),
    });
    problems.push(
      ...inChat.obscured.map((line) => `chat: focus obscured: ${line}`),
      ...inChat.small.map((line) => `chat: target: ${line}`),
    );
  }
  return problems;
}
