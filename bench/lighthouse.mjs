#!/usr/bin/env node
/**
 * What PageSpeed Insights would say about a site that embeds Wren: Lighthouse's performance
 * category (the npm package, driving Debian's Chromium) on a plausible article page without
 * the widget, with Chatwoot's snippet, and with the recommended snippet
 * (docs/embedding.md#the-recommended-snippet), under simulated throttling (what PageSpeed uses) and
 * applied (devtools) throttling, both Lighthouse's mobile profile (slow 4G, 4× CPU). Each run is
 * a fresh Chromium; variants take turns so drift on a shared machine hits them alike. Medians
 * of the score, LCP, TBT, CLS, FCP and Speed Index, and each snippet's difference from the page
 * without it.
 *
 *   node bench/lighthouse.mjs
 *   BENCH_LH_RUNS=3 BENCH_LH_METHODS=simulate node bench/lighthouse.mjs
 *
 * Also the same page with Chatwoot's snippet pasted inline and no CSP, as most sites embed it, for
 * what Wren itself costs the host's main thread before intent: Lighthouse's `bootup-time` of the
 * widget origin's scripts and the long tasks it attributes to them (bench/lib/lighthouseFigures.mjs).
 * With BENCH_BASELINE_DIST (another build, e.g. main's) that page is measured with it too, in the
 * same rounds, beside this build's.
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR, BENCH_BASELINE_DIST, BENCH_PORT (the widget server
 * listens on BENCH_PORT + 6, the host page on + 7, the baseline's on + 34 and + 35; default 4910),
 * BENCH_LH_RUNS (runs per variant and method, default 9), BENCH_LH_METHODS (`simulate,devtools`),
 * BENCH_LH_PAGES (a subset of `bare,snippet,inline,recommended`), BENCH_JSON, CHROMIUM_PATH.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.mjs';
import { ensureBuilt } from './lib/dist.mjs';
import { runWithin } from './lib/harness.mjs';
import { lighthouseFigures } from './lib/lighthouseFigures.mjs';
import { startHostPage } from './lib/hostPage.mjs';
import { startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, table } from './lib/stats.mjs';

// Nine: with five, the page's own simulated-LCP spread was narrow enough that noise read as a
// difference (bench/README.md, "run.mjs: the targets").
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 9);
const METHODS = (process.env.BENCH_LH_METHODS ?? 'simulate,devtools').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 4910) + 6;
// The article page by default; BENCH_LH_PAGE=minimal for the two-line page of loader.mjs.
const ARTICLE = process.env.BENCH_LH_PAGE !== 'minimal';
const TOTAL_TIMEOUT_MS = 45 * 60_000;

/**
 * Lighthouse's defaults, but `bootup-time` lists every script: by default it leaves out those
 * under 50 ms, and Wren's share of the host's main thread is held to far less (issue 37).
 */
const CONFIG = { extends: 'lighthouse:default', audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }] };

/** The host page's paths: the page alone, and with each snippet. */
const PAGES = {
  bare: ['no widget', '/bare'],
  snippet: ["Chatwoot's snippet", '/'],
  inline: ["Chatwoot's snippet inline, no CSP", '/inline'],
  recommended: ['recommended snippet', '/recommended'],
};
const BASELINE_INLINE = "Chatwoot's snippet inline, no CSP, baseline build";
const BASELINE_DIST = process.env.BENCH_BASELINE_DIST;
const pages = (process.env.BENCH_LH_PAGES ?? Object.keys(PAGES).join(',')).split(',');

async function runLighthouse(url, method) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: method },
      CONFIG,
    );
    if (!result?.lhr || result.lhr.runtimeError) throw new Error(`Lighthouse: ${result?.lhr?.runtimeError?.message ?? 'no result'}`);
    return lighthouseFigures(result.lhr);
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const dist = ensureBuilt();
  const started = performance.now();
  const server = await startServer(dist, PORT);
  // The recommended snippet exactly as the demo page serves it, pointed at this server.
  const recommendedSnippet = await (await fetch(`${server.origin}/demo/snippet.js`)).text();
  const host = await startHostPage(PORT + 1, server.origin, WEBSITE_TOKEN, { recommendedSnippet, article: ARTICLE });
  const stops = [() => host.stop(), () => server.stop()];
  // Each variant's address: the page without the widget always, as every Δ is against it.
  const variants = Object.fromEntries(
    Object.entries(PAGES)
      .filter(([key]) => key === 'bare' || pages.includes(key))
      .map(([, [name, path]]) => [name, `${host.origin}${path}`]),
  );
  if (BASELINE_DIST && pages.includes('inline')) {
    const baseline = await startServer(BASELINE_DIST, PORT + 28);
    const baselineHost = await startHostPage(PORT + 29, baseline.origin, WEBSITE_TOKEN, { article: ARTICLE });
    stops.push(
      () => baselineHost.stop(),
      () => baseline.stop(),
    );
    variants[BASELINE_INLINE] = `${baselineHost.origin}/inline`;
  }
  const results = {};
  await runWithin(TOTAL_TIMEOUT_MS, stops, async () => {
    for (const method of METHODS) {
      results[method] = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
      for (let i = 0; i < RUNS; i++) {
        const names = Object.keys(variants);
        // Rotate the order each round, so no variant always runs first after a pause.
        for (const name of [...names.slice(i % names.length), ...names.slice(0, i % names.length)])
          results[method][name].push(await runLighthouse(variants[name], method));
        process.stderr.write(
          `bench: Lighthouse ${method} round ${i + 1}/${RUNS} (${Math.round((performance.now() - started) / 1000)} s)\n`,
        );
      }
    }
  });
  report(results, started);
}

/** In how many runs Lighthouse attributed a long task to Wren, and the longest. */
function longTasks(runs) {
  const withOne = runs.filter((r) => r.wrenLongTasks.length);
  return withOne.length ? `${withOne.length} of ${runs.length} (≤ ${Math.max(...withOne.flatMap((r) => r.wrenLongTasks))} ms)` : 'none';
}

function report(results, started) {
  const rows = [];
  for (const [method, byVariant] of Object.entries(results)) {
    const base = byVariant['no widget'];
    for (const [name, runs] of Object.entries(byVariant)) {
      const m = (key) => median(runs.map((r) => r[key]));
      const d = (key) => m(key) - median(base.map((r) => r[key]));
      const cell = (key, digits) =>
        name === 'no widget'
          ? `${m(key).toFixed(digits)}`
          : `${m(key).toFixed(digits)} (Δ ${d(key) >= 0 ? '+' : ''}${d(key).toFixed(digits)})`;
      rows.push([
        method,
        name,
        cell('score', 0),
        cell('lcp', 0),
        cell('tbt', 0),
        cell('cls', 3),
        cell('fcp', 0),
        cell('si', 0),
        name === 'no widget' ? '–' : `${runs.filter((r) => r.sdkLoaded).length} of ${runs.length}`,
        name === 'no widget' ? '–' : fmt(m('wrenMainThreadMs')),
        name === 'no widget' ? '–' : longTasks(runs),
      ]);
    }
  }
  const runs = Object.values(Object.values(results)[0] ?? {})[0]?.length ?? 0;
  console.log(
    `\nLighthouse ${lighthouseVersion}, performance, mobile (slow 4G, 4× CPU): median of ${runs} runs (Δ: minus the page without the widget)\n`,
  );
  console.log(
    table(
      [
        'throttling',
        'page',
        'score',
        'LCP ms',
        'TBT ms',
        'CLS',
        'FCP ms',
        'Speed Index ms',
        'sdk.js loaded',
        "Wren's main thread ms",
        "Wren's long tasks",
      ],
      rows,
    ),
  );
  console.log(`\nsimulate: Lighthouse's default and PageSpeed's (an unthrottled load, replayed on a simulated slow 4G and 4× CPU);
devtools: throttling applied to the real load (CDP). Wren's main thread: Lighthouse's bootup-time of the widget origin's scripts
(every task that ran one, before intent); Wren's long tasks: those of 50 ms or more it attributes to them, in how many runs, and the longest.
${fmt((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
