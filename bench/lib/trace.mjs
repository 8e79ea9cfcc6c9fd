// Main-thread script time from a Chromium `devtools.timeline` trace.

/** Names of the trace events that run a script's code on the main thread. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'FunctionCall']);

/**
 * Main-thread time spent running Wren's code (sdk.js and the snippet that loads it) in a
 * `devtools.timeline` trace: the union of the script events whose source is one of `sources`.
 * Style, layout and paint the launcher causes are not attributed here (see the TaskDuration Δ).
 */
export function scriptTime(traceEvents, sources) {
  const isOurs = (e) => SCRIPT_EVENTS.has(e.name) && e.ph === 'X' && sources.some((s) => String(e.args?.data?.url ?? '').startsWith(s));
  const first = traceEvents.find(isOurs);
  if (!first) return { total: 0, parts: {} };
  const ours = traceEvents.filter((e) => e.pid === first.pid && e.tid === first.tid && isOurs(e)).sort((a, b) => a.ts - b.ts);
  // Outermost events only: a FunctionCall inside an EvaluateScript is already counted.
  const parts = {};
  let total = 0;
  let end = -Infinity;
  for (const e of ours) {
    if (e.ts < end) continue;
    total += e.dur;
    end = e.ts + e.dur;
    const key = `${e.name} ${new URL(e.args.data.url).pathname}`;
    parts[key] = Math.round(((parts[key] ?? 0) + e.dur / 1000) * 10) / 10;
  }
  return { total: total / 1000, parts };
}
