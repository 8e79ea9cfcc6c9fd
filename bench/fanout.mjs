#!/usr/bin/env node
/**
 * The reference server's realtime cost with K visitors connected (K = 10, 100, 500):
 *
 *   - fan-out latency: an agent message posted through the Application API → the visitor's
 *     ActionCable frame for it, per visitor (median, p90, p99), one message at a time and
 *     K at once;
 *   - idle cost: frames and bytes per second the server sends K idle subscriptions (the 3 s
 *     ActionCable ping), and the server's CPU while doing so;
 *   - memory: the server process's RSS with K sockets.
 *
 * Each visitor is real: `GET /widget` mints its token, `POST /api/v1/widget/conversations`
 * gives it a conversation, and it holds one WebSocket on `/cable` subscribed to RoomChannel.
 *
 *   node bench/fanout.mjs
 *   BENCH_K=10,100 node bench/fanout.mjs
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR (build to measure, default dist/, built when missing
 * or stale), BENCH_PORT (the server listens on BENCH_PORT + 2; default 4912), BENCH_JSON.
 * Linux only for CPU and RSS (read from /proc); loopback only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { broadcastReport, runBroadcastBench } from './lib/broadcast.mjs';
import { MODES } from './lib/broadcastModes.mjs';
import { ensureBuilt } from './lib/dist.mjs';
import { runWithin } from './lib/harness.mjs';
import { pool } from './lib/pool.mjs';
import { API_ACCESS_TOKEN, mintVisitor, startServer } from './lib/server.mjs';
import { fmt, median, quantile, table } from './lib/stats.mjs';

const KS = (process.env.BENCH_K ?? '10,100,500')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const PORT = Number(process.env.BENCH_PORT ?? 4910) + 2;
const PING_PERIOD_MS = 3000;
const IDLE_PERIODS = 2;
const FRAME_TIMEOUT_MS = 10_000;
const TOTAL_TIMEOUT_MS = 5 * 60_000;
const SETUP_CONCURRENCY = 16;
// One-at-a-time messages per level: at least this many, so small K still has a p99.
const SEQUENTIAL_MESSAGES = 200;
const WARM_UP_MESSAGES = 50;
const CLK_TCK = 100; // USER_HZ on Linux

/** RSS (MB) and CPU time (s) of a process, from /proc. */
function processStats(pid) {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { rssMb: rss, cpuS: (Number(fields[11]) + Number(fields[12])) / CLK_TCK };
  } catch {
    return { rssMb: NaN, cpuS: NaN };
  }
}

/** Per-client counters, shared so the idle window can read them all at once. */
const counters = { frames: 0, bytes: 0, pings: 0, other: 0 };
/** Content of an agent message → resolves when its frame arrives. */
const waiting = new Map();
let onPing = null;

/** Opens a visitor's cable socket and subscribes it; resolves once confirmed. */
function connect(origin, visitor) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const identifier = JSON.stringify({ channel: 'RoomChannel', pubsub_token: visitor.pubsubToken });
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/cable`, ['actioncable-v1-json'], { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('no subscription confirmation within 10 s')), FRAME_TIMEOUT_MS);
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      counters.frames++;
      counters.bytes += text.length;
      const frame = JSON.parse(text);
      if (frame.type === 'ping') {
        counters.pings++;
        onPing?.();
        return;
      }
      if (frame.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (frame.type === 'confirm_subscription') {
        clearTimeout(timer);
        resolve({ ws, subscribeMs: performance.now() - started });
      } else if (frame.type === 'reject_subscription') reject(new Error('subscription rejected'));
      else if (frame.message) {
        counters.other++;
        if (frame.message.event === 'message.created') waiting.get(frame.message.data?.content)?.(performance.now());
      }
    });
  });
}

/** Posts an agent message to `visitor`'s conversation; resolves with API and frame latencies. */
async function agentMessage(origin, visitor, content) {
  const frame = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no frame for "${content}" within 10 s`)), FRAME_TIMEOUT_MS);
    waiting.set(content, (at) => {
      clearTimeout(timer);
      resolve(at);
    });
  });
  const started = performance.now();
  const response = await fetch(`${origin}/api/v1/accounts/1/conversations/${visitor.conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', api_access_token: API_ACCESS_TOKEN },
    body: JSON.stringify({ content, message_type: 'outgoing' }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST agent message → ${response.status}`);
  const answered = performance.now();
  try {
    return { apiMs: answered - started, frameMs: (await frame) - started };
  } finally {
    waiting.delete(content);
  }
}

async function main() {
  const dist = ensureBuilt();
  // BENCH_K=0: only the broadcast part.
  if (KS.every((k) => !k)) return broadcast(dist);
  const started = performance.now();
  const server = await startServer(dist, PORT);
  const sockets = [];
  const results = [];
  await runWithin(
    TOTAL_TIMEOUT_MS,
    [
      () => {
        for (const { ws } of sockets) ws.terminate();
      },
      () => server.stop(),
    ],
    async () => {
      const fresh = processStats(server.pid);
      const visitors = [];
      for (const k of KS) {
        // Visitors and sockets accumulate: level K has exactly K of each.
        const mintStart = performance.now();
        visitors.push(
          ...(await pool(
            Array.from({ length: k - visitors.length }, (_, j) => visitors.length + j),
            SETUP_CONCURRENCY,
            (i) => mintVisitor(server.origin, i),
          )),
        );
        const mintMs = performance.now() - mintStart;
        const beforeSockets = processStats(server.pid);
        const opened = await pool(visitors.slice(sockets.length), SETUP_CONCURRENCY, (visitor) => connect(server.origin, visitor));
        sockets.push(...opened);

        // Idle: a window of whole ping periods, starting between two pings.
        await new Promise((resolve) => (onPing = resolve));
        onPing = null;
        await sleep(PING_PERIOD_MS / 2);
        const idleFrom = { ...counters };
        const cpuFrom = processStats(server.pid);
        const idleStart = performance.now();
        await sleep(IDLE_PERIODS * PING_PERIOD_MS);
        const idleS = (performance.now() - idleStart) / 1000;
        const cpuTo = processStats(server.pid);
        const idle = {
          framesPerS: (counters.frames - idleFrom.frames) / idleS,
          bytesPerS: (counters.bytes - idleFrom.bytes) / idleS,
          otherFrames: counters.other - idleFrom.other,
          cpuPct: ((cpuTo.cpuS - cpuFrom.cpuS) / idleS) * 100,
          rssMb: cpuTo.rssMb,
        };

        // The first level starts on a cold server: let its JIT and SQLite caches warm up first.
        if (k === KS[0])
          for (let i = 0; i < WARM_UP_MESSAGES; i++) await agentMessage(server.origin, visitors[i % k], `bench warm-up ${i}`);
        // One message at a time, round the visitors, nothing else in flight.
        const sequential = [];
        for (let i = 0; i < Math.max(k, SEQUENTIAL_MESSAGES); i++)
          sequential.push(await agentMessage(server.origin, visitors[i % k], `bench ${k} seq ${i}`));
        // K at once: every visitor's agent answers in the same moment.
        const burstStart = performance.now();
        const burst = await Promise.all(
          visitors.slice(0, k).map((visitor, i) => agentMessage(server.origin, visitor, `bench ${k} burst ${i}`)),
        );
        const burstMs = performance.now() - burstStart;

        const row = {
          k,
          mintMs,
          subscribeMs: opened.map((s) => s.subscribeMs),
          sequential,
          burst,
          burstMs,
          idle,
          rssFreshMb: fresh.rssMb,
          rssBeforeSocketsMb: beforeSockets.rssMb,
          socketsOpened: opened.length,
          rssAfterMb: processStats(server.pid).rssMb,
        };
        results.push(row);
        process.stderr.write(`bench: K=${k} done (${Math.round((performance.now() - started) / 1000)} s)\n`);
      }
    },
  );
  report(results, started);
  await broadcast(dist);
}

const BROADCAST_SOCKETS = (process.env.BENCH_SOCKETS ?? '1000,2000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const BROADCAST_MODES = (process.env.BENCH_BROADCAST_MODES ?? Object.keys(MODES).join(',')).split(',');
const BROADCAST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

/** The second part: one event to every socket at 1,000 and 2,000, next to the bare `ws` ceiling. */
async function broadcast(dist) {
  const unknown = BROADCAST_MODES.filter((mode) => !(mode in MODES));
  if (unknown.length) throw new Error(`BENCH_BROADCAST_MODES: unknown ${unknown.join(', ')} (known: ${Object.keys(MODES).join(', ')})`);
  const started = performance.now();
  const result = await runBroadcastBench({
    dist,
    port: PORT + 1,
    counts: BROADCAST_SOCKETS,
    modes: BROADCAST_MODES,
    rounds: BROADCAST_ROUNDS,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(broadcastReport(result, BROADCAST_ROUNDS));
  console.log(`${Math.round((performance.now() - started) / 1000)} s for the broadcast part.`);
  if (process.env.BENCH_JSON)
    writeFileSync(process.env.BENCH_JSON.replace(/(\.json)?$/, '-broadcast.json'), JSON.stringify(result, null, 2));
}

function report(results, started) {
  const mpp = (values) => `${fmt(median(values))} / ${fmt(quantile(values, 0.9))} / ${fmt(quantile(values, 0.99))}`;
  console.log('\nWren reference server, realtime fan-out (ms: median / p90 / p99)\n');
  console.log(
    table(
      [
        'K sockets',
        'API → frame, one at a time',
        'API answer, one at a time',
        'API → frame, K at once',
        'API answer, K at once',
        'K at once, all delivered',
      ],
      results.map((r) => [
        r.k,
        mpp(r.sequential.map((s) => s.frameMs)),
        mpp(r.sequential.map((s) => s.apiMs)),
        mpp(r.burst.map((s) => s.frameMs)),
        mpp(r.burst.map((s) => s.apiMs)),
        `${fmt(r.burstMs)} ms`,
      ]),
    ),
  );
  console.log('\nIdle: K subscriptions, nothing happening\n');
  console.log(
    table(
      ['K sockets', 'frames / s sent', 'bytes / s sent', 'server CPU', 'server RSS'],
      results.map((r) => [r.k, fmt(r.idle.framesPerS), fmt(r.idle.bytesPerS), `${fmt(r.idle.cpuPct)} %`, `${fmt(r.idle.rssMb)} MB`]),
    ),
  );
  const last = results.at(-1);
  const perSocketKb = ((last.idle.rssMb - last.rssBeforeSocketsMb) * 1024) / last.socketsOpened;
  console.log(
    `\nServer RSS on start ${fmt(last.rssFreshMb)} MB; opening the last ${last.socketsOpened} sockets added ${fmt(perSocketKb)} KB each (RSS, GC-noisy).`,
  );
  console.log(
    `Subscribe (connect → confirm_subscription, ${SETUP_CONCURRENCY} at a time) median ${fmt(median(results.flatMap((r) => r.subscribeMs)))} ms.`,
  );
  console.log(`One at a time: max(K, ${SEQUENTIAL_MESSAGES}) messages round the visitors, after ${WARM_UP_MESSAGES} unmeasured ones.`);
  console.log(
    `Minting visitors (GET /widget + first message, ${SETUP_CONCURRENCY} at a time): ${results.map((r) => `${fmt(r.mintMs / 1000)} s to reach ${r.k}`).join(', ')}.`,
  );
  console.log(
    `Idle window: ${IDLE_PERIODS} ping periods of ${PING_PERIOD_MS / 1000} s; frames other than pings in it: ${results.map((r) => r.idle.otherFrames).join(', ')}.`,
  );
  console.log(`${Math.round((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
