#!/usr/bin/env node
/**
 * What embedding Wren costs a host page, in Chromium, cold and warm cache, unthrottled and on a
 * phone-like network or CPU:
 *
 *   - time to launcher: navigation start → the bubble painted (in the page's clock);
 *   - host main-thread time: CDP `Performance.getMetrics` task/script time of the page with
 *     the snippet minus the same page without it, until the page is idle, before any intent;
 *     long tasks on the host in that time; how long `chatwootSDK.run()` blocks;
 *   - what a first-time visitor who never clicks costs: requests and bytes to the widget's
 *     origin (only `sdk.js` and the campaigns GET are allowed), sockets, cookies and storage;
 *   - time from click to usable chat: pointer down on the launcher → the frame's "Start
 *     Conversation" button visible and enabled, and the requests and bytes that costs.
 *
 *   node bench/loader.mjs                      all variants, BENCH_RUNS (10) page views each
 *   BENCH_RUNS=5 BENCH_VARIANTS=slow-4g node bench/loader.mjs
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR (build to measure, default dist/, built when missing
 * or stale), BENCH_PORT (widget server; the host page uses the next port; default 4910),
 * BENCH_JSON (also write every run's raw figures to this file), CHROMIUM_PATH.
 * Not part of `npm test`: wall-clock figures belong in a report, not in assertions.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from './lib/dist.mjs';
import { launchChromium, runWithin } from './lib/harness.mjs';
import { startHostPage } from './lib/hostPage.mjs';
import { watchNetwork } from './lib/network.mjs';
import { probe } from './lib/pageProbe.mjs';
import { startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, quantile, table } from './lib/stats.mjs';
import { scriptTime } from './lib/trace.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4910);
// Everything below is bounded: each wait has a time-out and the whole run a hard limit.
const STEP_TIMEOUT_MS = 30_000;
const TOTAL_TIMEOUT_MS = 15 * 60_000;

/**
 * Slow 4G is Lighthouse's mobile profile (150 ms RTT, 1.6 Mbps down, 750 kbps up); 4× CPU is
 * its phone CPU. The chat frame is cross-site, so the browser runs without site isolation
 * (as Chrome on Android does for most sites) to keep it in the throttled renderer.
 */
const VARIANTS = {
  unthrottled: {},
  'slow-4g': { network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 } },
  'cpu-4x': { cpuRate: 4 },
};
const variantNames = (process.env.BENCH_VARIANTS ?? Object.keys(VARIANTS).join(',')).split(',').filter((name) => {
  if (!VARIANTS[name]) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
  return true;
});

const sum = (values) => values.reduce((a, b) => a + b, 0);
const metric = (metrics, name) => metrics.metrics.find((m) => m.name === name)?.value ?? 0;
const withTimeout = (promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS).unref(),
    ),
  ]);

/**
 * One page view: load `path`, let the page go idle (the loader's campaigns check included),
 * then, for the widget page, click the launcher and wait for the chat to be usable.
 */
async function pageView(context, hostOrigin, widgetOrigin, variant, withWidget, marks) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  const browser = context.browser();
  let tracing = false;
  try {
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    if (variant.network) await cdp.send('Network.emulateNetworkConditions', variant.network);
    if (variant.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: variant.cpuRate });
    const network = watchNetwork(cdp);
    const before = await cdp.send('Performance.getMetrics');
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    tracing = true;
    const campaigns = withWidget ? page.waitForResponse((r) => r.url().includes('/api/v1/widget/campaigns')) : null;
    campaigns?.catch(() => undefined); // awaited below; a failed navigation must not leave it unhandled
    await page.goto(`${hostOrigin}/${withWidget ? '' : 'bare'}`, { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    if (campaigns) await (await campaigns).finished();
    // Whatever the loader does after the campaigns answer (nothing, for an inbox without any).
    await page.waitForTimeout(300);
    const after = await cdp.send('Performance.getMetrics');
    const trace = JSON.parse((await browser.stopTracing()).toString());
    tracing = false;
    const preIntent = network.list();
    const run = {
      ...(({ total, parts }) => ({ wrenScriptMs: total, wrenScriptParts: parts }))(
        scriptTime(trace.traceEvents, [widgetOrigin, `${hostOrigin}/snippet.js`]),
      ),
      taskMs: (metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000,
      scriptMs: (metric(after, 'ScriptDuration') - metric(before, 'ScriptDuration')) * 1000,
      layoutStyleMs:
        (metric(after, 'LayoutDuration') +
          metric(after, 'RecalcStyleDuration') -
          metric(before, 'LayoutDuration') -
          metric(before, 'RecalcStyleDuration')) *
        1000,
      longTasks: await page.evaluate(() => window.__bench.longTasks),
    };
    if (!withWidget) return run;

    const wren = preIntent.filter((r) => r.url.startsWith(widgetOrigin));
    const storage = await page.evaluate(async () => ({
      cookie: document.cookie ? document.cookie.split('; ').length : 0,
      local: localStorage.length,
      session: sessionStorage.length,
      indexedDB: (await indexedDB.databases()).length,
      caches: 'caches' in window ? (await caches.keys()).length : 0,
    }));
    const bench = await page.evaluate(() => window.__bench);
    const nav = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { fcp: fcp ? fcp.startTime : NaN, load: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? NaN };
    });
    Object.assign(run, {
      launcherMs: bench.launcherAt,
      launcherVisible: bench.launcherVisible,
      sdkEvaluatedMs: bench.sdkAt,
      runMs: bench.runMs,
      fcpMs: nav.fcp,
      loadMs: nav.load,
      loafScripts: bench.loafScripts,
      pageRequests: preIntent.length,
      pageBytes: sum(preIntent.map((r) => r.bytes)),
      wrenRequests: wren.map((r) => new URL(r.url).pathname + (r.cached ? ' (cache)' : '')),
      wrenBytes: sum(wren.map((r) => r.bytes)),
      unexpected: wren.map((r) => new URL(r.url).pathname).filter((p) => p !== '/packs/js/sdk.js' && p !== '/api/v1/widget/campaigns'),
      socketsBeforeIntent: network.sockets.length,
      cookiesBeforeIntent: (await context.cookies()).length,
      storageBeforeIntent: storage.cookie + storage.local + storage.session + storage.indexedDB + storage.caches,
    });

    // Intent: a tap on the launcher (Playwright moves the pointer over it first, so the
    // pointerenter prefetch starts a moment before the click, as on a touch screen).
    marks.clear();
    const usable = new Promise((resolve) => (marks.onUsable = resolve));
    await page.locator('#wren-chat .bubble').click();
    await withTimeout(usable, 'Start Conversation');
    const opened = network.list(preIntent).filter((r) => r.url.startsWith(widgetOrigin));
    Object.assign(run, {
      clickToUsableMs: marks.get('usable') - marks.get('click'),
      openRequests: opened.length,
      openFromNetwork: opened.filter((r) => !r.cached).length,
      openBytes: sum(opened.map((r) => r.bytes)),
      openPaths: opened.map((r) => new URL(r.url).pathname + (r.cached ? ' (cache)' : '')),
    });
    return run;
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

async function main() {
  const dist = ensureBuilt();
  const server = await startServer(dist, PORT);
  const host = await startHostPage(PORT + 1, server.origin, WEBSITE_TOKEN);
  const browser = await launchChromium();
  const started = performance.now();
  const results = {};
  await runWithin(TOTAL_TIMEOUT_MS, [() => browser.close(), () => host.stop(), () => server.stop()], async () => {
    // Node's clock for marks from both the host page and the chat frame (they have different time origins).
    const marks = new Map();
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addInitScript(probe);
      await context.exposeBinding('__benchMark', (_source, name) => {
        marks.set(name, performance.now());
        if (name === 'usable') marks.onUsable?.();
      });
      return context;
    };
    for (const name of variantNames) {
      const variant = VARIANTS[name];
      for (const cache of ['cold', 'warm']) {
        const runs = { widget: [], bare: [] };
        // Warm: one profile whose HTTP cache an earlier page view with an opened chat has
        // filled; cookies are cleared after each view, so every view is still a first-time visitor's.
        const warmContext = cache === 'warm' ? await newContext() : null;
        if (warmContext) {
          await pageView(warmContext, host.origin, server.origin, variant, true, marks);
          await warmContext.clearCookies();
        }
        for (let i = 0; i < RUNS; i++) {
          // Alternate the pages so drift on a shared machine hits both alike.
          for (const withWidget of i % 2 ? [false, true] : [true, false]) {
            const context = warmContext ?? (await newContext());
            try {
              runs[withWidget ? 'widget' : 'bare'].push(await pageView(context, host.origin, server.origin, variant, withWidget, marks));
            } finally {
              if (warmContext) await warmContext.clearCookies();
              else await context.close();
            }
          }
        }
        await warmContext?.close();
        results[`${name} ${cache}`] = runs;
        process.stderr.write(`bench: ${name} ${cache} done (${Math.round((performance.now() - started) / 1000)} s)\n`);
      }
    }
  });
  report(results, started);
}

function report(results, started) {
  const figure = (runs, key, scale = 1) => runs.map((r) => r[key] * scale);
  const mp = (values) => `${fmt(median(values))} / ${fmt(quantile(values, 0.9))}`;
  const before = [];
  const open = [];
  for (const [name, { widget, bare }] of Object.entries(results)) {
    const delta = (key) => median(figure(widget, key)) - median(figure(bare, key));
    before.push([
      name,
      mp(figure(widget, 'launcherMs')),
      mp(figure(widget, 'fcpMs')),
      mp(figure(widget, 'wrenScriptMs')),
      fmt(median(figure(widget, 'runMs'))),
      `${fmt(delta('taskMs'))} (${fmt(delta('scriptMs'))})`,
      `${fmt(median(widget.map((r) => r.wrenRequests.length)))} / ${fmt(median(figure(widget, 'wrenBytes', 1 / 1024)))} KB`,
    ]);
    open.push([
      name,
      mp(figure(widget, 'clickToUsableMs')),
      `${fmt(median(figure(widget, 'openFromNetwork')))} of ${fmt(median(figure(widget, 'openRequests')))}`,
      `${fmt(median(figure(widget, 'openBytes', 1 / 1024)))} KB`,
    ]);
  }
  console.log(`\nWren loader: ${RUNS} page views per row, median / p90, ms unless stated\n`);
  console.log('Before intent (a first-time visitor who never clicks):\n');
  console.log(
    table(
      [
        'variant',
        'launcher painted',
        'host FCP',
        "Wren's script on host main thread",
        'run()',
        'host main thread Δ all (script)',
        'Wren requests / bytes',
      ],
      before,
    ),
  );
  console.log('\nOn intent (tap on the launcher):\n');
  console.log(table(['variant', 'click → usable chat', 'requests from network of total', 'bytes'], open));

  const all = Object.values(results).flatMap((r) => r.widget);
  const unexpected = [...new Set(all.flatMap((r) => r.unexpected))];
  const longTasks = (runs) => runs.flatMap((r) => r.longTasks);
  // Script entries of long animation frames (≥ 50 ms) that ran Wren's code, by what ran it.
  const loaf = new Map();
  for (const s of all.flatMap((r) => r.loafScripts).filter((s) => /\/packs\/|snippet\.js/.test(s.source))) {
    const key = s.invoker.replace(/^SCRIPT\[src="[^"]*\/([^/"]+)"\]/, '<script $1>').replace(/^https?:\/\/[^/]+/, '');
    loaf.set(key, [...(loaf.get(key) ?? []), Math.round(s.ms)]);
  }
  console.log(`\nBefore intent, over all ${all.length} page views with the widget:`);
  console.log(`  requests to the widget origin: ${[...new Set(all.flatMap((r) => r.wrenRequests))].join(', ')}`);
  console.log(`  unexpected requests: ${unexpected.length ? unexpected.join(', ') : 'none'}`);
  console.log(
    `  WebSockets: ${Math.max(...figure(all, 'socketsBeforeIntent'))}, cookies: ${Math.max(...figure(all, 'cookiesBeforeIntent'))}, storage entries: ${Math.max(...figure(all, 'storageBeforeIntent'))} (most in any view)`,
  );
  console.log(`  launcher not visible after run(): ${all.filter((r) => !r.launcherVisible).length} views`);
  for (const [name, { widget, bare }] of Object.entries(results)) {
    const withIt = longTasks(widget);
    const without = longTasks(bare);
    if (withIt.length + without.length)
      console.log(
        `  host long tasks (≥ 50 ms, any cause), ${name}: ${withIt.length ? `${withIt.join(', ')} ms` : 'none'} with the widget, ${without.length ? `${without.join(', ')} ms` : 'none'} without`,
      );
  }
  console.log(
    `  long animation frames in which Wren's code ran (its script time in each, ms): ${loaf.size ? [...loaf].map(([k, v]) => `${k} ${v.sort((a, b) => b - a).join(', ')}`).join('; ') : 'none'}`,
  );
  console.log(`\nlauncher painted: navigation start → the frame after run() (rAF + task). Wren's script: sdk.js and the
snippet in a devtools.timeline trace. host main thread Δ: median CDP TaskDuration (ScriptDuration) of the
page with the snippet minus the same page without, load → idle; style and layout included, noisy.
click → usable: pointerdown → "Start Conversation" visible, enabled and painted in the frame.
${Math.round((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  // docs/architecture.md#loading-strategy: what a first-time visitor's page view may cost. Breaking it fails the run.
  if (unexpected.length || all.some((r) => r.cookiesBeforeIntent || r.storageBeforeIntent || r.socketsBeforeIntent || !r.launcherVisible)) {
    console.error('\nbench: a first-time visitor paid more than sdk.js and the campaigns GET, or saw no launcher (see above)');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
