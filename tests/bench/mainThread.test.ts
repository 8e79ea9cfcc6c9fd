// The reading of a Chromium trace by bench/lib/mainThread.mjs, on a hand-made trace: which
// thread, which tasks, what kind of work their time went to, and the requests and marks.
import {
  busyBetween,
  byKind,
  hotSpots,
  markAt,
  requestsOf,
  scriptsOf,
  tasksOf,
  threadRunning,
  type TraceEvent,
} from '../../bench/lib/mainThread.mjs';

const SDK = 'http://localhost:4910/packs/js/sdk.js';
const PAGE = 'http://127.0.0.1:4911/inline';
const x = (name: string, ts: number, dur: number, data?: Record<string, unknown>, tid = 1): TraceEvent => ({
  name,
  ph: 'X',
  pid: 7,
  tid,
  ts,
  dur,
  ...(data && { args: { data } }),
});

/** Two tasks of the page's main thread: sdk.js run by the inline snippet, then the frame it shows in. */
const events: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: 7, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
  x('ThreadControllerImpl::RunTask', 1000, 10_000),
  x('EvaluateScript', 1000, 3000, { url: SDK }),
  x('v8.compile', 1000, 1000, { url: SDK }),
  x('FunctionCall', 5000, 5000, { url: PAGE, functionName: 'g.onload' }),
  x('V8.CompileCode', 6000, 2000),
  x('ThreadControllerImpl::RunTask', 20_000, 8000),
  x('UpdateLayoutTree', 20_000, 1000),
  x('Layout', 21_000, 4000),
  x('LocalFrameView::performLayout', 21_500, 3000),
  x('Paint', 26_000, 2000),
  // Another thread's work is not this thread's.
  x('ThreadControllerImpl::RunTask', 1000, 50_000, undefined, 2),
  { name: 'ResourceSendRequest', ph: 'I', pid: 7, tid: 1, ts: 500, args: { data: { requestId: 'a', url: SDK } } },
  { name: 'ResourceFinish', ph: 'I', pid: 7, tid: 1, ts: 900, args: { data: { requestId: 'a' } } },
  { name: 'ResourceSendRequest', ph: 'I', pid: 7, tid: 1, ts: 700, args: { data: { requestId: 'b', url: `${PAGE}/x` } } },
  { name: 'wren-bench:click', ph: 'R', cat: 'blink.user_timing', pid: 7, tid: 1, ts: 30_000 },
];

describe("a trace's main thread", () => {
  const thread = threadRunning(events, (url) => url === SDK)!;
  const tasks = tasksOf(events, thread);

  it('is the thread that ran the script, its tasks nested by time', () => {
    expect(thread).toEqual({ pid: 7, tid: 1 });
    expect(tasks.map((t) => [t.ts, t.dur])).toEqual([
      [1000, 10_000],
      [20_000, 8000],
    ]);
    expect(scriptsOf(tasks[0]!)).toEqual([SDK, PAGE]);
    expect(scriptsOf(tasks[1]!)).toEqual([]);
  });

  it("gives each event's self time to its kind of work, or its nearest named ancestor's", () => {
    expect(byKind([tasks[0]!])).toMatchObject({ 'parse and compile': 3, script: 5, other: 2 });
    // performLayout is layout; the task's own gaps are other.
    expect(byKind([tasks[1]!])).toMatchObject({ style: 1, layout: 4, paint: 2, other: 1 });
  });

  it('names the hot spots by event, script and function, the largest first', () => {
    const spots = hotSpots(tasks);
    expect(spots.map((s) => s.ms)).toEqual([...spots.map((s) => s.ms)].sort((a, b) => b - a));
    expect(spots.slice(0, 3)).toEqual(
      expect.arrayContaining([
        { what: 'ThreadControllerImpl::RunTask', ms: 3, count: 2 },
        { what: 'FunctionCall inline g.onload', ms: 3, count: 1 },
        { what: 'LocalFrameView::performLayout', ms: 3, count: 1 },
      ]),
    );
    expect(spots).toContainEqual({ what: 'EvaluateScript sdk.js', ms: 2, count: 1 });
    expect(hotSpots(tasks, 2)).toHaveLength(2);
  });

  it('counts busy time within a span, each task clipped to it', () => {
    expect(busyBetween(tasks, 6000, 24_000)).toBe(5 + 4);
  });

  it('lists the requests in the order sent, with when each finished, and finds a mark', () => {
    expect(requestsOf(events)).toEqual([
      { url: SDK, sent: 500, finished: 900 },
      { url: `${PAGE}/x`, sent: 700, finished: undefined },
    ]);
    expect(markAt(events, 'wren-bench:click')).toBe(30_000);
    expect(markAt(events, 'wren-bench:usable')).toBeUndefined();
  });
});
