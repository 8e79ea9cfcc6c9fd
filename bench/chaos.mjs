#!/usr/bin/env node
/**
 * The chaos run of issue 21 at bench size: the e2e spec `e2e/chaos.spec.ts` with 1,000 visitor
 * messages per setup (the reference server on SQLite, two processes on PostgreSQL + Redis behind
 * nginx, the gateway), while connections are cut, processes killed, the browser taken offline,
 * the page frozen, reloaded and reopened in a new tab (e2e/support/chaos.ts). It prints, per
 * setup, what was lost, doubled and reordered in the store, and on the visitor's screen the agent
 * messages missed or shown under two ids, any message on two rows at once, and at the end the
 * messages the conversation does not show, or shows twice (each must be 0: the run fails
 * otherwise), and the delivery delays, outages included: Enter → the server's acknowledgement, and an agent's post →
 * the widget receiving it (a realtime frame or a gap fill).
 *
 *   node bench/chaos.mjs
 *
 * Environment: BENCH_CHAOS_MESSAGES (default 1000), CHAOS_SEED (replay a run), BENCH_PORT (the
 * spec's servers take E2E_PORT = BENCH_PORT + 20 and the ports after it; default 4910),
 * BENCH_DIST_DIR / DIST_DIR, BENCH_JSON.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from './lib/dist.mjs';
import { table } from './lib/stats.mjs';

const MESSAGES = Number(process.env.BENCH_CHAOS_MESSAGES ?? 1000);
const E2E_PORT = Number(process.env.BENCH_PORT ?? 4910) + 20;

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'wren-bench-chaos-'));
const reportFile = join(dir, 'reports.jsonl');
// Its own output folder (an e2e run of the same checkout clears `test-results/` when it starts),
// and no trace: recording one would weigh on the delays measured.
const run = spawnSync(
  'npx',
  ['playwright', 'test', 'e2e/chaos.spec.ts', '--reporter=line', `--output=${join(dir, 'results')}`, '--trace=off'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_PORT: String(E2E_PORT),
      E2E_DIST_DIR: process.env.BENCH_DIST_DIR ?? process.env.DIST_DIR ?? 'dist',
      CHAOS_MESSAGES: String(MESSAGES),
      CHAOS_REPORT: reportFile,
    },
  },
);
const reports = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`\nChaos run: ${MESSAGES} visitor messages per setup (delays include the outages the run makes)\n`);
console.log(
  table(
    [
      'setup',
      'seed',
      'agent msgs',
      'disruptions',
      'lost',
      'doubled',
      'reordered',
      'agent lost / doubled',
      'shown twice at once',
      'at the end: not on screen / two ids',
      'send delay median / worst',
      'agent message → widget median / worst',
      'took',
    ],
    reports.map((r) => [
      r.setup,
      String(r.seed),
      String(r.agentMessages),
      Object.entries(r.disruptions)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', '),
      String(r.lost.length),
      String(r.doubled.length),
      String(r.reordered.length),
      `${r.agentLost.length} / ${r.agentDoubled.length}`,
      String(r.shownTwice.length),
      `${r.notOnScreen.length} / ${r.twoIdsOnScreen.length}`,
      `${r.sendDelayMs.median} ms / ${seconds(r.sendDelayMs.worst)}`,
      `${r.showDelayMs.median} ms / ${seconds(r.showDelayMs.worst)}`,
      seconds(r.durationMs),
    ]),
  ),
);
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ messages: MESSAGES, reports }, null, 2));
if (run.status !== 0 || reports.length < 3) {
  console.error(`\nbench/chaos.mjs: the chaos run failed (${reports.length} of 3 setups reported; see above)`);
  process.exitCode = 1;
}
