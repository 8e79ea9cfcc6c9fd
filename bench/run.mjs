#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark in turn, each printing its own tables, then one table of
 * the performance targets (docs/performance.md#budgets) with what was measured.
 *
 *   npm run bench
 *   BENCH_ONLY=open,conversation npm run bench
 *
 * Environment: BENCH_ONLY (a subset of loader, fanout, servercpu, markdown, open, profile, conversation,
 * lighthouse, chaos), BENCH_PORT (each script takes its ports from it; default 4910), and each
 * script's own variables (see bench/README.md). Exits 1 when a script fails; a target not met
 * is reported, not a failure (wall-clock figures belong in a report, not in a test).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './lib/dist.mjs';
import { table } from './lib/stats.mjs';
import { summary } from './lib/targets.mjs';

const SCRIPTS = ['loader', 'fanout', 'servercpu', 'markdown', 'open', 'profile', 'conversation', 'lighthouse', 'chaos'];
const only = process.env.BENCH_ONLY?.split(',') ?? SCRIPTS;
const here = fileURLToPath(new URL('.', import.meta.url));

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'wren-bench-results-'));
const results = {};
const failed = [];
const started = Date.now();
for (const name of SCRIPTS.filter((s) => only.includes(s))) {
  const json = join(dir, `${name}.json`);
  console.log(`\n=== bench/${name}.mjs ===`);
  const run = spawnSync(process.execPath, [join(here, `${name}.mjs`)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_JSON: json, BENCH_NO_BUILD: '1' },
  });
  if (run.status !== 0) failed.push(name);
  if (existsSync(json)) results[name] = JSON.parse(readFileSync(json, 'utf8'));
  // fanout.mjs writes its broadcast part beside its own file.
  const broadcast = json.replace(/\.json$/, '-broadcast.json');
  if (existsSync(broadcast)) results.broadcast = JSON.parse(readFileSync(broadcast, 'utf8'));
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `\n=== Targets (docs/performance.md#budgets) — ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${Math.round((Date.now() - started) / 60_000)} min ===\n`,
);
console.log(table(['figure', 'target', 'measured', '', 'through the gateway'], summary(results)));
if (failed.length) {
  console.error(`\nbench: ${failed.join(', ')} failed (see above)`);
  process.exitCode = 1;
}
