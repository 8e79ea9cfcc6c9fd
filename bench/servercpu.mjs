#!/usr/bin/env node
/**
 * What the reference server's CPU pays per widget request, against a floor: a bare `node:http` +
 * better-sqlite3 server (bench/lib/bareApiServer.mjs) running the same SQL statements over the
 * same database file and answering the same JSON. Two requests, the widget's commonest:
 *
 *   - `GET /api/v1/widget/messages`: a returning visitor's latest page (20 messages, agents' and
 *     their own);
 *   - `POST /api/v1/widget/messages`: a visitor message (with an `echo_id`, as the widget sends).
 *
 * CPU is the server process's own, all its threads (`/proc/<pid>/task/* /schedstat`), over
 * slices of one request from each of 100 visitors at once; wall clock only for the latency
 * percentiles. The servers take turns slice by slice, so load from elsewhere on the machine falls
 * on both alike; the ratio is taken per round and its median reported. The reference server runs
 * as `npm start` does: `LOG_LEVEL=info`, one log line per request, to a file.
 *
 *   node bench/servercpu.mjs
 *   node bench/servercpu.mjs --cpu-prof      # also CPU profiles of the measured rounds
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR (build to measure), BENCH_PORT (the reference server on
 * + 11, the bare one on + 12, their inspectors on + 13 and + 14; default 4910), BENCH_VISITORS
 * (visitors at once, 100), BENCH_CPU_ROUNDS (measured rounds after one unmeasured, 5),
 * BENCH_CPU_GETS and BENCH_CPU_POSTS (slices per round: requests per visitor, 20 and 6),
 * BENCH_CPU_PROF=1 (as --cpu-prof; the profiles go to BENCH_CPU_PROF_DIR, default a new temporary
 * folder, named in the report), BENCH_JSON.
 * Linux only (CPU from /proc); loopback only.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { serverEnv } from '../e2e/support/serverEnv.mjs';
import { inspectorProfiler, selfTime } from './lib/cpuProfile.mjs';
import { ensureBuilt } from './lib/dist.mjs';
import { runWithin } from './lib/harness.mjs';
import { pool } from './lib/pool.mjs';
import { agentApi, mintVisitor, startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, quantile, table } from './lib/stats.mjs';
import { SERVER_CPU_BOUNDS } from './lib/targets.mjs';

const BASE = Number(process.env.BENCH_PORT ?? 4910);
const [REFERENCE_PORT, BARE_PORT, REFERENCE_INSPECTOR, BARE_INSPECTOR] = [BASE + 11, BASE + 12, BASE + 13, BASE + 14];
const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const PER_VISITOR = { get: Number(process.env.BENCH_CPU_GETS ?? 20), post: Number(process.env.BENCH_CPU_POSTS ?? 6) };
const PROFILE = process.argv.includes('--cpu-prof') || process.env.BENCH_CPU_PROF === '1';
const HISTORY = 10; // agent messages and visitor messages, taking turns, in each reader's conversation
const TOTAL_TIMEOUT_MS = 15 * 60_000;
const KINDS = { get: 'GET /api/v1/widget/messages', post: 'POST /api/v1/widget/messages (visitor message)' };

/** CPU time (ms) of every thread of process `pid`, from the scheduler's nanosecond counters. */
function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return ns / 1e6;
}

const agent = new Agent({ keepAlive: true, maxSockets: VISITORS * 2 });

/**
 * One request over a kept-alive socket; resolves with `{ status, body, ms }`. A socket the server
 * closed as idle just as it was reused is retried once on a new one (Node's advice).
 */
function call(port, method, path, token, body, retry = true) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          'x-auth-token': token,
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (retry && req.reusedSocket && error.code === 'ECONNRESET') resolve(call(port, method, path, token, body, false));
      else reject(error);
    });
    req.end(payload);
  });
}

const MESSAGES_PATH = `/api/v1/widget/messages?website_token=${WEBSITE_TOKEN}`;
let sent = 0;
/** The request of `kind` for `visitor`: its latest page, or a new message with a fresh echo_id. */
function widgetRequest(port, kind, visitor) {
  if (kind === 'get') return call(port, 'GET', MESSAGES_PATH, visitor.authToken);
  const n = ++sent;
  return call(port, 'POST', MESSAGES_PATH, visitor.authToken, { message: { content: `bench message ${n}`, echo_id: `bench-${n}` } });
}

/** One request of `kind` from every visitor at once: the server's CPU over it, and each latency. */
async function slice(server, kind, visitors) {
  const before = cpuMs(server.pid);
  const started = performance.now();
  const latencies = await Promise.all(
    visitors.map(async (visitor) => {
      const answer = await widgetRequest(server.port, kind, visitor);
      if (answer.status !== 200) throw new Error(`${server.name} ${KINDS[kind]} → ${answer.status} ${answer.body}`);
      return answer.ms;
    }),
  );
  return { cpuMs: cpuMs(server.pid) - before, wallMs: performance.now() - started, latencies };
}

/**
 * `PER_VISITOR[kind]` slices per server, the servers taking turns slice by slice (which goes
 * first alternating), so that a burst of load from elsewhere on the machine falls on both alike.
 */
async function phase(servers, kind, visitors) {
  const totals = Object.fromEntries(servers.map((s) => [s.name, { cpuMs: 0, wallMs: 0, latencies: [] }]));
  for (let i = 0; i < PER_VISITOR[kind]; i++) {
    for (const server of i % 2 ? [...servers].reverse() : servers) {
      const part = await slice(server, kind, visitors);
      const total = totals[server.name];
      total.cpuMs += part.cpuMs;
      total.wallMs += part.wallMs;
      total.latencies.push(...part.latencies);
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, t]) => [
      name,
      { cpuMsPerRequest: t.cpuMs / t.latencies.length, requests: t.latencies.length, wallMs: t.wallMs, latencies: t.latencies },
    ]),
  );
}

/** A reader: a visitor whose conversation holds `HISTORY` agent and `HISTORY` visitor messages, taking turns. */
async function reader(origin, i) {
  const visitor = await mintVisitor(origin, i);
  for (let k = 0; k < HISTORY; k++) {
    await agentApi(origin, 'POST', `/conversations/${visitor.conversationId}/messages`, { content: `Agent answer ${k} to ${i}` });
    const answer = await widgetRequest(REFERENCE_PORT, 'post', visitor);
    if (answer.status !== 200) throw new Error(`set-up message → ${answer.status} ${answer.body}`);
  }
  return visitor;
}

/** Spawns the floor on the reference server's database; resolves with its pid and `stop()`. */
async function startBare(databasePath, env, nodeArgs) {
  const child = spawn(process.execPath, [...nodeArgs, new URL('./lib/bareApiServer.mjs', import.meta.url).pathname, String(BARE_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, DATABASE_PATH: databasePath },
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) while starting`)));
  });
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The floor must do the reference server's work, no less: the same page for the same visitor,
 * and a created message with the same fields. Throws where they differ.
 */
async function checkSameAnswers(readers, writers) {
  const [reference, bare] = await Promise.all([REFERENCE_PORT, BARE_PORT].map((port) => widgetRequest(port, 'get', readers[0])));
  if (!isDeepStrictEqual(JSON.parse(reference.body), JSON.parse(bare.body)))
    throw new Error(`the bare server's page differs from the reference server's:\n${reference.body}\n${bare.body}`);
  const created = await Promise.all([REFERENCE_PORT, BARE_PORT].map((port) => widgetRequest(port, 'post', writers[0])));
  const [a, b] = created.map((answer) => JSON.parse(answer.body));
  const shape = (m) => ({ ...m, id: 0, content: '', created_at: 0, echo_id: '' });
  if (!isDeepStrictEqual(shape(a), shape(b)))
    throw new Error(`the bare server's created message differs from the reference server's:\n${created[0].body}\n${created[1].body}`);
}

function report(rounds, profiles) {
  const rows = Object.keys(KINDS).map((kind) => {
    const of = (name) => rounds.map((round) => round[kind][name]);
    const ratio = median(rounds.map((round) => round[kind].reference.cpuMsPerRequest / round[kind].bare.cpuMsPerRequest));
    const cpu = (name) => median(of(name).map((p) => p.cpuMsPerRequest));
    const p99 = (name) =>
      quantile(
        of(name).flatMap((p) => p.latencies),
        0.99,
      );
    return {
      kind,
      referenceCpuMs: cpu('reference'),
      bareCpuMs: cpu('bare'),
      ratio,
      ratios: rounds.map((round) => round[kind].reference.cpuMsPerRequest / round[kind].bare.cpuMsPerRequest),
      target: SERVER_CPU_BOUNDS[kind],
      referenceP99Ms: p99('reference'),
      bareP99Ms: p99('bare'),
      requests: of('reference').reduce((n, p) => n + p.requests, 0),
    };
  });
  console.log(
    `\nServer CPU per request, ${VISITORS} visitors at once (median of ${ROUNDS} rounds; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})${PROFILE ? ' — UNDER THE PROFILER, so every figure is inflated' : ''}\n`,
  );
  console.log(
    table(
      ['request', 'reference server CPU', 'bare node:http CPU', 'ratio', 'target', '', 'ratio per round', 'p99 latency: reference · bare'],
      rows.map((r) => [
        KINDS[r.kind],
        `${r.referenceCpuMs.toFixed(3)} ms`,
        `${r.bareCpuMs.toFixed(3)} ms`,
        `${r.ratio.toFixed(1)}×`,
        `≤ ${r.target}×`,
        r.ratio <= r.target ? '✓' : '✗',
        r.ratios.map((x) => x.toFixed(1)).join(' · '),
        `${fmt(r.referenceP99Ms)} · ${fmt(r.bareP99Ms)} ms`,
      ]),
    ),
  );
  for (const [name, byKind] of Object.entries(profiles)) {
    for (const [kind, { file, top }] of Object.entries(byKind)) {
      console.log(`\n${name}, ${KINDS[kind]}: self time by place (${file})\n`);
      console.log(
        table(
          ['place', 'share'],
          top.places.slice(0, 12).map((p) => [p.place, `${(p.share * 100).toFixed(1)} %`]),
        ),
      );
      console.log(`\n${name}, ${KINDS[kind]}: self time by function\n`);
      console.log(
        table(
          ['function', 'where', 'share'],
          top.functions.slice(0, 25).map((f) => [f.name, f.place, `${(f.share * 100).toFixed(1)} %`]),
        ),
      );
    }
  }
  return rows;
}

const dist = ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'wren-bench-cpu-'));
const profileDir = process.env.BENCH_CPU_PROF_DIR ?? (PROFILE ? mkdtempSync(join(tmpdir(), 'wren-cpu-profiles-')) : '');
const logFd = openSync(join(dir, 'server.log'), 'a');
const stops = [];
await runWithin(TOTAL_TIMEOUT_MS, stops, async () => {
  const inspect = (port) => (PROFILE ? [`--inspect=127.0.0.1:${port}`] : []);
  const reference = await startServer(
    dist,
    REFERENCE_PORT,
    { LOG_LEVEL: 'info' },
    { nodeArgs: inspect(REFERENCE_INSPECTOR), stdout: logFd },
  );
  stops.push(() => reference.stop());
  console.log(`bench: ${VISITORS} readers with ${2 * HISTORY + 1} messages each, and ${VISITORS} writers`);
  const readers = await pool(
    Array.from({ length: VISITORS }, (_, i) => i),
    8,
    (i) => reader(reference.origin, i),
  );
  const writers = await pool(
    Array.from({ length: VISITORS }, (_, i) => i),
    8,
    (i) => mintVisitor(reference.origin, VISITORS + i),
  );
  const env = serverEnv({ port: BARE_PORT, dataDir: dir, distDir: dist, websiteToken: WEBSITE_TOKEN, apiAccessToken: '' });
  const bare = await startBare(reference.databasePath, env, inspect(BARE_INSPECTOR));
  stops.unshift(() => bare.stop());
  await checkSameAnswers(readers, writers);

  const servers = [
    { name: 'reference', pid: reference.pid, port: REFERENCE_PORT, inspector: REFERENCE_INSPECTOR },
    { name: 'bare', pid: bare.pid, port: BARE_PORT, inspector: BARE_INSPECTOR },
  ];
  const profilers = PROFILE ? await Promise.all(servers.map((s) => inspectorProfiler(s.inspector))) : [];
  // A server with a debugger attached waits for it to leave before it exits.
  for (const profiler of profilers) stops.push(() => profiler.close());
  const profiled = {};
  const rounds = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const round = {};
    for (const kind of Object.keys(KINDS)) {
      const profiling = r > 0 && profilers.length > 0;
      if (profiling) await Promise.all(profilers.map((p) => p.start()));
      round[kind] = await phase(servers, kind, kind === 'get' ? readers : writers);
      if (!profiling) continue;
      const profiles = await Promise.all(profilers.map((p) => p.stop()));
      servers.forEach((server, i) => {
        (profiled[server.name] ??= {})[kind] ??= [];
        profiled[server.name][kind].push(profiles[i]);
      });
    }
    // Round 0 warms both up (JIT, the page cache) and is not counted.
    if (r > 0) rounds.push(round);
    process.stdout.write(r === 0 ? 'bench: warmed up; rounds ' : `${r} `);
  }
  console.log();

  const profiles = {};
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  for (const [name, byKind] of Object.entries(profiled)) {
    for (const [kind, list] of Object.entries(byKind)) {
      // The last round's profile is written whole; the table sums every round's.
      const file = join(profileDir, `${name}-${kind}.cpuprofile`);
      writeFileSync(file, JSON.stringify(list.at(-1)));
      const merged = { nodes: list.flatMap((p, i) => p.nodes.map((n) => ({ ...n, id: `${i}:${n.id}` }))) };
      merged.samples = list.flatMap((p, i) => p.samples.map((id) => `${i}:${id}`));
      merged.timeDeltas = list.flatMap((p) => p.timeDeltas);
      (profiles[name] ??= {})[kind] = { file, top: selfTime(merged, join(dist, 'server/server.js')) };
    }
  }
  const rows = report(rounds, profiles);
  if (process.env.BENCH_JSON) {
    const slim = rounds.map((round) =>
      Object.fromEntries(
        Object.entries(round).map(([kind, byServer]) => [
          kind,
          Object.fromEntries(Object.entries(byServer).map(([name, p]) => [name, { ...p, latencies: undefined }])),
        ]),
      ),
    );
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ visitors: VISITORS, profiled: PROFILE, rows, rounds: slim }, null, 1));
  }
});
closeSync(logFd);
rmSync(dir, { recursive: true, force: true });
