import {
  anchorOf,
  INITIAL_ROWS,
  nextMessageWindow,
  OLDER_AT_PX,
  WINDOW_STEP,
  windowAround,
  type MessageWindow,
  type RowBox,
} from '../../../src/widget/lib/messageWindow';

/**
 * A laid-out conversation: every message `height` px tall (or as given), the viewport
 * `viewport` px tall and scrolled to `scrollTop` within the rendered rows. Boxes are what the
 * list measures: each rendered row's edges, relative to the viewport's top.
 */
function layout(window: MessageWindow, scrollTop: number, heights: number[]): RowBox[] {
  const boxes: RowBox[] = [];
  let y = 0 - scrollTop;
  for (let i = window.start; i < window.end; i++) {
    boxes.push({ top: y, bottom: y + heights[i] });
    y += heights[i];
  }
  return boxes;
}

const VIEWPORT = 500;
const uniform = (count: number, height = 50) => Array.from({ length: count }, () => height);

describe('which messages are in the DOM', () => {
  it('adds a step above when less than a viewport of messages is left above what the visitor sees', () => {
    const current = { start: 1960, end: 2000 };
    // 40 rows of 50 px = 2,000 px; scrolled to 300: 300 px above the viewport.
    const { window } = nextMessageWindow(current, 2000, layout(current, 300, uniform(2000)), VIEWPORT);
    expect(window).toEqual({ start: 1960 - WINDOW_STEP, end: 2000 });
  });

  it('adds a step below when less than a viewport is left below, up to the newest', () => {
    const current = { start: 1000, end: 1040 };
    const heights = uniform(2000);
    // 2,000 px rendered, the viewport's bottom at 1,800: 200 px below.
    expect(nextMessageWindow(current, 2000, layout(current, 1300, heights), VIEWPORT).window).toEqual({ start: 1000, end: 1060 });
    const last = { start: 1980, end: 1995 };
    expect(nextMessageWindow(last, 2000, layout(last, 500, heights), VIEWPORT).window.end).toBe(2000);
  });

  it('changes nothing while a viewport or more is rendered on each side', () => {
    const current = { start: 900, end: 960 };
    // 3,000 px rendered, viewport at 1,000–1,500: 1,000 px above, 1,500 below.
    const result = nextMessageWindow(current, 2000, layout(current, 1000, uniform(2000)), VIEWPORT);
    expect(result.window).toBe(current);
    expect(result.older).toBe(false);
  });

  it('drops the messages more than two viewports above once over three viewports have piled up there', () => {
    const current = { start: 1900, end: 2000 };
    // 5,000 px rendered; the visitor at the bottom: 4,500 px above the viewport.
    const boxes = layout(current, 4500, uniform(2000));
    const { window } = nextMessageWindow(current, 2000, boxes, VIEWPORT);
    // Kept: the rows whose bottom is within 1,000 px above the viewport, i.e. from 3,500 px.
    expect(window).toEqual({ start: 1900 + 3500 / 50 - 1, end: 2000 });
    expect(boxes[window.start - current.start].bottom).toBeGreaterThanOrEqual(-2 * VIEWPORT);
    expect(boxes[window.start - current.start - 1].bottom).toBeLessThan(-2 * VIEWPORT);
  });

  it('drops the messages more than two viewports below once over three viewports have piled up there', () => {
    const current = { start: 0, end: 100 };
    const { window } = nextMessageWindow(current, 2000, layout(current, 600, uniform(2000)), VIEWPORT);
    expect(window.start).toBe(0);
    // The viewport ends at 1,100 px; rows starting past 2,100 px go.
    expect(window.end).toBe(2100 / 50 + 1);
  });

  it('keeps the DOM to a few viewports however long the conversation, with rows of any height', () => {
    const heights = Array.from({ length: 2000 }, (_, i) => 40 + ((i * 37) % 160));
    let current: MessageWindow = { start: 2000 - INITIAL_ROWS, end: 2000 };
    let scrollTop = heights.slice(current.start).reduce((a, b) => a + b, 0) - VIEWPORT;
    let most = 0;
    // The visitor scrolls up 120 px at a time through the whole conversation, the list
    // settling after each step as the component does (keeping the first visible row in place).
    for (let i = 0; i < 5000 && !(current.start === 0 && scrollTop === 0); i++) {
      scrollTop = Math.max(0, scrollTop - 120);
      for (;;) {
        const boxes = layout(current, scrollTop, heights);
        const next = nextMessageWindow(current, 2000, boxes, VIEWPORT).window;
        if (next === current) break;
        const anchor = anchorOf(boxes)!;
        const id = current.start + anchor.index;
        const after = layout(next, 0, heights)[id - next.start];
        scrollTop = after.top - anchor.top;
        current = next;
      }
      most = Math.max(most, current.end - current.start);
    }
    expect(current.start).toBe(0);
    expect(most).toBeLessThan(150);
  });
});

describe('older history', () => {
  it('is asked for when the visitor is within OLDER_AT_PX of the oldest message held', () => {
    const current = { start: 0, end: 20 };
    expect(nextMessageWindow(current, 20, layout(current, OLDER_AT_PX - 1, uniform(20)), VIEWPORT).older).toBe(true);
  });

  it('is not asked for while older messages are held above the window, or the visitor is further down', () => {
    const held = { start: 20, end: 40 };
    expect(nextMessageWindow(held, 40, layout(held, 0, uniform(40)), VIEWPORT).older).toBe(false);
    const oldest = { start: 0, end: 20 };
    expect(nextMessageWindow(oldest, 20, layout(oldest, OLDER_AT_PX + 1, uniform(20)), VIEWPORT).older).toBe(false);
  });
});

describe('without a layout', () => {
  it('decides nothing in a hidden frame (0 px tall) or with nothing rendered', () => {
    const current = { start: 10, end: 20 };
    expect(nextMessageWindow(current, 20, layout(current, 0, uniform(20)), 0)).toEqual({ window: current, older: false });
    expect(nextMessageWindow(current, 20, [], VIEWPORT)).toEqual({ window: current, older: false });
  });
});

describe('a jump to a message', () => {
  it('centres a step of messages on it', () => {
    expect(windowAround(1000, 2000)).toEqual({ start: 990, end: 1010 });
  });

  it('stays within the conversation at either end', () => {
    expect(windowAround(3, 2000)).toEqual({ start: 0, end: WINDOW_STEP });
    expect(windowAround(1999, 2000)).toEqual({ start: 1980, end: 2000 });
    expect(windowAround(2, 5)).toEqual({ start: 0, end: 5 });
  });
});

describe("keeping the visitor's place", () => {
  it('anchors on the first message at least partly visible, with its distance from the top', () => {
    expect(
      anchorOf([
        { top: -120, bottom: -20 },
        { top: -20, bottom: 30 },
        { top: 30, bottom: 80 },
      ]),
    ).toEqual({ index: 1, top: -20 });
    expect(anchorOf([{ top: -100, bottom: -50 }])).toBeNull();
  });

  it('puts the anchor back where it was after a page of older messages arrives above it', () => {
    const heights = uniform(60, 41);
    const before = { start: 40, end: 60 };
    const scrollTop = 0;
    const anchor = anchorOf(layout(before, scrollTop, heights))!;
    const id = before.start + anchor.index;
    // Twenty older messages are rendered above: the anchor's row moved down by their height…
    const after = { start: 20, end: 60 };
    const moved = layout(after, scrollTop, heights)[id - after.start];
    expect(moved.top).toBe(anchor.top + 20 * 41);
    // …and scrolling by that difference puts it back exactly.
    const restored = layout(after, scrollTop + moved.top - anchor.top, heights)[id - after.start];
    expect(restored.top).toBe(anchor.top);
  });

  it('puts it back after rows above it are dropped, too', () => {
    const heights = uniform(200, 50);
    const before = { start: 0, end: 200 };
    const scrollTop = 8000;
    const boxes = layout(before, scrollTop, heights);
    const anchor = anchorOf(boxes)!;
    const id = before.start + anchor.index;
    const { window: after } = nextMessageWindow(before, 200, boxes, VIEWPORT);
    expect(after.start).toBeGreaterThan(0);
    const moved = layout(after, scrollTop, heights)[id - after.start];
    const restored = layout(after, scrollTop + moved.top - anchor.top, heights)[id - after.start];
    expect(restored.top).toBe(anchor.top);
  });
});
