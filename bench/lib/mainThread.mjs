// Where a renderer's main thread spends its time, read from a Chromium trace (Playwright's
// `browser.startTracing`): pure, so a unit test can check the reading on a hand-made trace.
//
// A trace's complete events (`ph: 'X'`) on one thread nest by time. Each event's self time (its
// duration less its children's) goes to a kind of work named by the event, or by the nearest
// ancestor that names one (a `LocalFrameView::performLayout` inside `Layout` is layout).

/** What the benches record: the timeline, V8's compile and execution steps, user timing marks. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** Kinds of main-thread work, by the trace events that do them. */
const KINDS = [
  [
    'parse and compile',
    /^(v8\.compile|v8\.compileModule|v8\.produceCache|v8\.parseOnBackground|V8\.Compile|V8\.ParseFunction|V8\.ParseProgram|V8\.StreamingFinalization|V8\.CompileStreamedScript)/,
  ],
  [
    'script',
    /^(EvaluateScript|v8\.evaluateModule|v8\.run|FunctionCall|v8\.callFunction|RunMicrotasks|EventDispatch|TimerFire|FireIdleCallback|FireAnimationFrame|V8\.Execute|v8\.newInstance)$/,
  ],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Blink\.ParseStyleSheet|CSSParserImpl::)/],
  ['layout', /^(Layout|InvalidateLayout)$/],
  ['paint', /^(PrePaint|Paint|PaintImage|Commit|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers)$/],
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC|BlinkGC\.|ThreadState::)/],
  ['HTML', /^ParseHTML$/],
];
export const KIND_NAMES = [...KINDS.map(([name]) => name), 'other'];
const kindOf = (name) => KINDS.find(([, pattern]) => pattern.test(name))?.[0];

/** Events whose `args.data.url` says which script runs. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
]);
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

const scriptUrl = (e) => (SCRIPT_EVENTS.has(e.name) ? String(e.args?.data?.url ?? '') : '');

/**
 * The renderer main thread that ran a script whose URL `matches` (a predicate): `{ pid, tid }`,
 * or undefined when no such script ran.
 */
export function threadRunning(events, matches) {
  const e = events.find((x) => x.ph === 'X' && scriptUrl(x) && matches(scriptUrl(x)));
  return e && { pid: e.pid, tid: e.tid };
}

/**
 * The thread's top-level tasks, each a tree: `{ name, ts, dur, self, kind, url, args, children }`
 * (µs, as the trace has them). `kind` is the event's own or its nearest named ancestor's.
 */
export function tasksOf(events, { pid, tid }) {
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  // Parents before children: earlier first, and of two starting together the longer.
  own.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots = [];
  const stack = [];
  for (const e of own) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    // A child that outlasts its parent is a clock's rounding: clip it.
    const end = parent ? Math.min(e.ts + e.dur, parent.ts + parent.dur) : e.ts + e.dur;
    const node = { name: e.name, ts: e.ts, dur: end - e.ts, self: end - e.ts, args: e.args, url: scriptUrl(e), children: [] };
    node.kind = kindOf(e.name) ?? parent?.kind;
    if (parent) {
      parent.children.push(node);
      parent.self -= node.dur;
    } else if (TASK_NAMES.has(e.name)) roots.push(node);
    // Events outside any task (trace bookkeeping) are not the page's work.
    else continue;
    stack.push(node);
  }
  return roots;
}

/** Every node of a task tree, the task first. */
export function* walk(node) {
  yield node;
  for (const child of node.children) yield* walk(child);
}

/** Script URLs that ran in a task. */
export const scriptsOf = (task) => [...new Set([...walk(task)].map((n) => n.url).filter(Boolean))];

/** A task's (or a part of one's) time by kind of work, in ms. */
export function byKind(tasks) {
  const kinds = Object.fromEntries(KIND_NAMES.map((k) => [k, 0]));
  for (const task of tasks) for (const node of walk(task)) kinds[node.kind ?? 'other'] += node.self / 1000;
  return kinds;
}

/**
 * The events that took the most self time in `tasks`, named with the script or function they
 * ran where the trace says: `[{ what, ms, count }]`, the largest first.
 */
export function hotSpots(tasks, limit = 10) {
  const spots = new Map();
  for (const task of tasks) {
    for (const node of walk(task)) {
      const fn = node.args?.data?.functionName;
      const where = node.url ? ` ${new URL(node.url).pathname.split('/').pop() || node.url}${fn ? ` ${fn}` : ''}` : '';
      const what = `${node.name}${where}`;
      const spot = spots.get(what) ?? { what, ms: 0, count: 0 };
      spot.ms += node.self / 1000;
      spot.count += 1;
      spots.set(what, spot);
    }
  }
  return [...spots.values()].sort((a, b) => b.ms - a.ms).slice(0, limit);
}

/** Time of the tasks within [from, to] (µs), each clipped to it, in ms. */
export function busyBetween(tasks, from, to) {
  let total = 0;
  for (const t of tasks) total += Math.max(0, Math.min(t.ts + t.dur, to) - Math.max(t.ts, from));
  return total / 1000;
}

/**
 * The requests the renderer made, from the trace's `ResourceSendRequest` and `ResourceFinish`:
 * `[{ url, sent, finished }]` (µs, finished undefined when it did not), in the order sent.
 */
export function requestsOf(events) {
  const byId = new Map();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && data?.requestId && !byId.has(data.requestId))
      byId.set(data.requestId, { url: data.url, sent: e.ts, finished: undefined });
    else if (e.name === 'ResourceFinish' && byId.has(data?.requestId)) byId.get(data.requestId).finished ??= e.ts;
  }
  return [...byId.values()].sort((a, b) => a.sent - b.sent);
}

/** When a `performance.mark(name)` was taken, first in the trace (µs), or undefined. */
export function markAt(events, name) {
  return events.find((e) => e.cat?.includes('blink.user_timing') && e.name === name)?.ts;
}
