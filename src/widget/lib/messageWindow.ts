/**
 * Which messages of a long conversation are in the DOM (docs/architecture.md#long-conversations).
 * The conversation view renders a contiguous window of the messages it holds, about one viewport
 * above and below what the visitor sees, and moves it a step at a time as they scroll. Heights are
 * measured, never estimated, so nothing jumps when a row turns out taller than guessed.
 * Pure functions: the view measures the rows, these decide.
 */

import { MESSAGES_PAGE_SIZE } from '../../shared/limits';

/** Messages added to one side of the window at a time: the server's page size. */
export const WINDOW_STEP = MESSAGES_PAGE_SIZE;

/** The newest messages a conversation renders when it opens, before anything is measured. */
export const INITIAL_ROWS = 30;

/** Older history is fetched from the server when the visitor scrolls this close to the oldest message held. */
export const OLDER_AT_PX = 80;

/** Rendered messages: indices [start, end) into the ordered conversation. */
export interface MessageWindow {
  start: number;
  end: number;
}

/** A rendered message's top and bottom edges, in px from the top of the viewport. */
export interface RowBox {
  top: number;
  bottom: number;
}

/**
 * The next window, from where the rendered rows sit in a viewport `height` px tall:
 * - a side with less than one viewport of rows beyond the visible part gets a step more;
 * - `older` says the visitor is within `OLDER_AT_PX` of the oldest message held: time to fetch
 *   older ones (as close as that, so opening a conversation costs no request for history the
 *   visitor may never read);
 * - a side with over three viewports beyond loses the rows more than two viewports away, so a
 *   visitor scrolling does not cause a render on every frame.
 * Returns `current` itself when nothing changes. Nothing is decided without a layout (a hidden
 * frame measures 0 px).
 */
export function nextMessageWindow(
  current: MessageWindow,
  count: number,
  boxes: readonly RowBox[],
  height: number,
): { window: MessageWindow; older: boolean } {
  const first = boxes[0];
  const last = boxes[boxes.length - 1];
  if (!first || !last || height <= 0) return { window: current, older: false };
  let { start, end } = current;
  const above = -first.top;
  const below = last.bottom - height;
  const older = above < OLDER_AT_PX && start === 0;
  if (above < height) start = Math.max(0, start - WINDOW_STEP);
  else if (above > 3 * height)
    start += Math.max(
      0,
      boxes.findIndex((box) => box.bottom >= -2 * height),
    );
  if (below < height) end = Math.min(count, end + WINDOW_STEP);
  else if (below > 3 * height)
    end -=
      boxes.length -
      1 -
      Math.max(
        0,
        findLastIndex(boxes, (box) => box.top <= 3 * height),
      );
  const same = start === current.start && end === current.end;
  return { window: same ? current : { start, end }, older };
}

const findLastIndex = <T>(items: readonly T[], test: (item: T) => boolean) => {
  let i = items.length - 1;
  while (i >= 0 && !test(items[i])) i--;
  return i;
};

/** A window of `size` messages around message `index` of `count`, for a jump to it. */
export function windowAround(index: number, count: number, size = WINDOW_STEP): MessageWindow {
  const start = Math.max(0, Math.min(index - (size >> 1), count - size));
  return { start, end: Math.min(count, start + size) };
}

/**
 * What keeps the visitor's place: the first row at least partly visible (its index among the
 * rendered rows) and how far from the viewport's top it sits. After rows are added or dropped
 * above, scrolling by where it sits now minus `top` puts it back.
 */
export function anchorOf(boxes: readonly RowBox[]): { index: number; top: number } | null {
  const index = boxes.findIndex((box) => box.bottom > 0);
  return index < 0 ? null : { index, top: boxes[index].top };
}
