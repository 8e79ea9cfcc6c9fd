#!/usr/bin/env node
/**
 * Where Wren spends a main thread's time, from Chromium traces at 4× CPU (bench/lib/profiles.mjs):
 *
 *   - the host page before intent: a plain page (no CSP) with Chatwoot's snippet inline, a
 *     first-time visitor who never reaches for the chat: Wren's tasks by kind of work (parse and
 *     compile, script, style, layout, paint…), the frame the launcher first shows in, long tasks,
 *     and the events that took the time; beside the same page without the widget;
 *   - the first open: the frame's main thread from the first paint's script arriving until "Start
 *     Conversation" is usable, by kind and event, and the requests of the open with when each
 *     was sent and answered, so round trips made one after the other show as such.
 *
 * With BENCH_BASELINE_DIST (another build, e.g. main's), both builds are measured in the same
 * run, taking turns, and every figure is printed beside the baseline's.
 *
 *   node bench/profile.mjs
 *   BENCH_BASELINE_DIST=/tmp/wren-main-dist BENCH_PROFILE_RUNS=7 node bench/profile.mjs
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR, BENCH_BASELINE_DIST, BENCH_PORT (the widget servers
 * listen on BENCH_PORT + 30 and + 32, their host pages on + 31 and + 33; default 4910),
 * BENCH_PROFILE_RUNS (page views and opens per build, default 5), BENCH_TRACE_DIR (write the first
 * round's traces there, `<build>-host.json` and `<build>-open.json`, which DevTools' Performance
 * panel opens), BENCH_JSON, CHROMIUM_PATH.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from './lib/dist.mjs';
import { launchChromium, runWithin } from './lib/harness.mjs';
import { startHostPage } from './lib/hostPage.mjs';
import { KIND_NAMES } from './lib/mainThread.mjs';
import { probe } from './lib/pageProbe.mjs';
import { firstPaintPath, profileFirstOpen, profileHostPage } from './lib/profiles.mjs';
import { startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, table } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_PROFILE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4910) + 30;
const TOTAL_TIMEOUT_MS = 20 * 60_000;
const TRACE_DIR = process.env.BENCH_TRACE_DIR;

async function main() {
  const started = performance.now();
  const builds = [{ label: 'this build', dist: ensureBuilt() }];
  if (process.env.BENCH_BASELINE_DIST) builds.push({ label: 'baseline', dist: process.env.BENCH_BASELINE_DIST });
  const browser = await launchChromium();
  const stops = [() => browser.close()];
  const results = {};
  await runWithin(TOTAL_TIMEOUT_MS, stops, async () => {
    for (const [i, build] of builds.entries()) {
      const server = await startServer(build.dist, PORT + 2 * i);
      const host = await startHostPage(PORT + 2 * i + 1, server.origin, WEBSITE_TOKEN);
      stops.push(
        () => host.stop(),
        () => server.stop(),
      );
      Object.assign(build, { server, host, firstPaint: firstPaintPath(build.dist) });
      results[build.label] = { host: [], bare: [], open: [] };
    }
    const fresh = async () => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addInitScript(probe);
      return context;
    };
    const once = async (measure) => {
      const context = await fresh();
      try {
        return await measure(context);
      } finally {
        await context.close();
      }
    };
    for (let run = 0; run < RUNS; run++) {
      // Builds take turns, so a burst of load from elsewhere falls on each alike.
      for (const { label, server, host, firstPaint } of builds) {
        const r = results[label];
        // The first round's traces, for DevTools' Performance panel, when asked for.
        const traceFile = (what) => run === 0 && TRACE_DIR && join(TRACE_DIR, `${label.replace(/\W+/g, '-')}-${what}.json`);
        r.host.push(await once((c) => profileHostPage(c, `${host.origin}/inline`, server.origin, { traceFile: traceFile('host') })));
        r.bare.push(await once((c) => profileHostPage(c, `${host.origin}/bare`, server.origin)));
        r.open.push(
          await once((c) => profileFirstOpen(c, `${host.origin}/inline`, server.origin, firstPaint, { traceFile: traceFile('open') })),
        );
      }
      process.stderr.write(`bench: profile round ${run + 1}/${RUNS} (${Math.round((performance.now() - started) / 1000)} s)\n`);
    }
  });
  report(results, started);
}

function report(results, started) {
  const labels = Object.keys(results);
  const side = (read) => labels.map((label) => read(results[label]));
  const med = (runs, read) => median(runs.map(read));
  const ms = (v) => fmt(v);
  console.log(
    `\nWren on the main thread at 4× CPU: median of ${RUNS} traced runs per build, ms${labels.length > 1 ? ` (${labels.join(' | ')})` : ''}\n`,
  );
  const hostRows = [
    ['host page, every task (page without the widget)', (r) => `${ms(med(r.host, (x) => x.busyMs))} (${ms(med(r.bare, (x) => x.busyMs))})`],
    ["Wren's tasks", (r) => ms(med(r.host, (x) => x.wrenMs))],
    ...KIND_NAMES.map((kind) => [`  ${kind}`, (r) => ms(med(r.host, (x) => x.wrenKinds[kind]))]),
    ["the launcher's frame: style + layout + paint", (r) => ms(med(r.host, (x) => x.launcherFrameMs))],
    ["Wren's long tasks (≥ 50 ms), all runs", (r) => r.host.flatMap((x) => x.longTasks).join(', ') || 'none'],
  ];
  console.log("Host page before intent (plain page, no CSP, Chatwoot's snippet inline; a first-time visitor, no intent):\n");
  console.log(
    table(
      ['figure', ...labels],
      hostRows.map(([what, read]) => [what, ...side(read)]),
    ),
  );
  const openRows = [
    ['click → "Start Conversation" usable', (r) => ms(med(r.open, (x) => x.clickToUsableMs))],
    ['first paint script arrived → usable', (r) => ms(med(r.open, (x) => x.firstPaintToUsableMs))],
    ["the frame's CPU in that span", (r) => ms(med(r.open, (x) => x.frameCpuMs))],
    ...KIND_NAMES.map((kind) => [`  ${kind}`, (r) => ms(med(r.open, (x) => x.frameKinds[kind]))]),
  ];
  console.log('\nFirst open, first-time visitor (hover, click, until "Start Conversation" is usable):\n');
  console.log(
    table(
      ['figure', ...labels],
      openRows.map(([what, read]) => [what, ...side(read)]),
    ),
  );
  for (const label of labels) {
    const r = results[label];
    console.log(`\n${label}: hot spots of one run (self time, ms):`);
    console.log(`  host page: ${r.host[0].hotSpots.map((s) => `${s.what} ${fmt(s.ms)}`).join('; ')}`);
    console.log(`  first open after the first paint's script: ${r.open[0].hotSpots.map((s) => `${s.what} ${fmt(s.ms)}`).join('; ')}`);
    console.log(
      `  requests of the open (sent → answered, ms after the click): ${r.open[0].requests
        .map((q) => `${q.path.replace(/^\/packs\/js\//, '')} ${fmt(q.sentMs)} → ${fmt(q.finishedMs)}`)
        .join('; ')}`,
    );
  }
  console.log(`\n${Math.round((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
