// The fan-out of one event to every connected visitor, at 1,000 and 2,000 sockets, next to a
// bare `ws` broadcast on the same machine (the ceiling): see bench/README.md#broadcast.
//
// The event is Wren's widest: an agent changes their availability (POST
// /api/v1/profile/availability) and every visitor of the inbox gets `presence.update`. Each
// round alternates the status, so a frame names the round it belongs to; latency runs from the
// moment the request is sent to each socket's frame, in this process's clock. A socket that has
// not heard a round within 10 s has lost it; a second frame for a round is a duplicate.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { startPostgres, startRedis } from '../../e2e/support/services.mjs';
import { API_ACCESS_TOKEN, startServer, WEBSITE_TOKEN } from './server.mjs';
import { fmt, median, quantile, table } from './stats.mjs';

const ROUND_TIMEOUT_MS = 10_000;
const SETUP_CONCURRENCY = 32;

/** The configurations measured, in order: the ceiling first. */
export const MODES = {
  bare: { label: 'bare `ws` broadcast (ceiling)', processes: 1 },
  embedded: { label: 'Wren, 1 process (SQLite, in-process fan-out)', processes: 1 },
  scaled1: { label: 'Wren, 1 process (PostgreSQL + Redis)', processes: 1 },
  scaled2: { label: 'Wren, 2 processes (PostgreSQL + Redis)', processes: 2 },
};

async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The bare server as a child process. */
async function startBare(port) {
  const child = spawn(process.execPath, [new URL('./bareWsServer.mjs', import.meta.url).pathname, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the bare ws server exited with ${code}`)));
  });
  const exit = new Promise((resolve) => child.once('exit', resolve));
  return {
    origin: `http://localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exit;
    },
  };
}

/** A visitor's pubsub token, minted by `GET /widget` as the widget page would. */
async function mintVisitor(origin) {
  const page = await fetch(`${origin}/widget?website_token=${WEBSITE_TOKEN}`);
  const html = await page.text();
  if (!page.ok) throw new Error(`GET /widget → ${page.status}`);
  return JSON.parse(/<script type="application\/json" id="wren-config">([\s\S]*?)<\/script>/.exec(html)[1]).chatwootPubsubToken;
}

/** The round every socket reports to. */
const state = { round: null, duplicates: 0 };

/** Opens socket `index` on `origin`; subscribes to `token`'s room unless it is the bare server. */
function connect(origin, index, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/cable`, ['actioncable-v1-json'], { perMessageDeflate: false });
    const identifier = token && JSON.stringify({ channel: 'RoomChannel', pubsub_token: token });
    const timer = setTimeout(() => reject(new Error('socket not ready within 20 s')), 20_000);
    ws.on('error', reject);
    ws.on('open', () => {
      if (token) return;
      clearTimeout(timer);
      resolve(ws);
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (frame.type === 'confirm_subscription') {
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.type === 'reject_subscription') reject(new Error('subscription rejected'));
      else if (frame.message?.event === 'presence.update') {
        const round = state.round;
        if (!round || frame.message.data.users['1'] !== round.status) return;
        if (round.at[index] !== undefined) {
          state.duplicates++;
          return;
        }
        round.at[index] = performance.now() - round.sentAt;
        if (++round.heard === round.expected) round.done();
      }
    });
  });
}

/** One round: send the event, wait until every socket heard it or 10 s passed. */
async function round(sockets, status, send) {
  let done;
  const all = new Promise((resolve) => (done = resolve));
  state.round = { status, at: new Array(sockets), heard: 0, expected: sockets, done, sentAt: performance.now() };
  const current = state.round;
  await send(status);
  await Promise.race([all, sleep(ROUND_TIMEOUT_MS)]);
  state.round = null;
  return { latencies: current.at.filter((v) => v !== undefined), lost: sockets - current.heard };
}

/** Measures one configuration at each socket count; visitors and sockets accumulate. */
async function measureMode(mode, { dist, port, counts, rounds, services, log }) {
  const { processes } = MODES[mode];
  const servers = [];
  let database;
  if (mode === 'bare') servers.push(await startBare(port));
  else {
    let env = {};
    if (mode !== 'embedded') {
      const name = `wren_bench_${mode}`;
      const admin = new pg.Client(services.postgres.url());
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      await admin.end();
      database = name;
      env = { DATABASE_URL: services.postgres.url(name), REDIS_URL: services.redis.url };
    }
    // One after the other: the first runs the migrations.
    for (let i = 0; i < processes; i++) servers.push(await startServer(dist, port + i, env));
  }
  const sockets = [];
  const rows = [];
  const agent = (status) =>
    fetch(`${servers[0].origin}/api/v1/profile/availability`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', api_access_token: API_ACCESS_TOKEN },
      body: JSON.stringify({ profile: { account_id: 1, availability: status } }),
    }).then(async (r) => {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`availability → ${r.status}`);
    });
  const frame = (status) =>
    JSON.stringify({ identifier: 'bench', message: { event: 'presence.update', data: { account_id: 1, users: { 1: status } } } });
  const bare = (status) => fetch(`${servers[0].origin}/broadcast`, { method: 'POST', body: frame(status) }).then((r) => r.arrayBuffer());
  const send = mode === 'bare' ? bare : agent;
  try {
    for (const count of counts) {
      const fresh = Array.from({ length: count - sockets.length }, (_, j) => sockets.length + j);
      const origins = fresh.map((index) => servers[index % servers.length].origin);
      const tokens = mode === 'bare' ? fresh.map(() => null) : await pool(origins, SETUP_CONCURRENCY, (origin) => mintVisitor(origin));
      sockets.push(...(await pool(fresh, SETUP_CONCURRENCY, (index, j) => connect(origins[j], index, tokens[j]))));
      // The agent arrives (and every subscribe's own presence frame settles) before measuring.
      await send('online');
      await sleep(1000);
      const latencies = [];
      let lost = 0;
      const duplicatesBefore = state.duplicates;
      for (let r = 0; r < rounds + 3; r++) {
        const result = await round(sockets.length, r % 2 ? 'online' : 'busy', send);
        // The first three warm the server (and its JIT) up.
        if (r >= 3) {
          latencies.push(...result.latencies);
          lost += result.lost;
        }
        await sleep(100);
      }
      rows.push({
        mode,
        processes,
        sockets: count,
        rounds,
        p50: median(latencies),
        p99: quantile(latencies, 0.99),
        lost,
        duplicates: state.duplicates - duplicatesBefore,
      });
      log(
        `bench: ${MODES[mode].label}, ${count} sockets: p50 ${fmt(median(latencies))} ms, p99 ${fmt(quantile(latencies, 0.99))} ms, lost ${lost}`,
      );
    }
  } finally {
    for (const ws of sockets) ws.terminate();
    for (const server of servers) await server.stop();
    if (database) {
      const admin = new pg.Client(services.postgres.url());
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
  return rows;
}

/** Runs every mode of `modes` at every count of `counts`; PostgreSQL and Redis are started when needed. */
export async function runBroadcastBench({ dist, port, counts, modes, rounds, log }) {
  const needsServices = modes.some((mode) => mode.startsWith('scaled'));
  const services = needsServices ? { postgres: await startPostgres(), redis: await startRedis() } : undefined;
  const rows = [];
  try {
    for (const mode of modes) rows.push(...(await measureMode(mode, { dist, port, counts, rounds, services, log })));
  } finally {
    await services?.redis.stop();
    services?.postgres.stop();
  }
  return { rows, versions: services && { postgres: services.postgres.version, redis: services.redis.version } };
}

/** The report: one table, the ceiling first at each count, and the p99 ratio to it. */
export function broadcastReport({ rows, versions }, rounds) {
  const ceiling = new Map(rows.filter((r) => r.mode === 'bare').map((r) => [r.sockets, r]));
  const lines = [
    '',
    `Broadcast fan-out: one presence.update to every socket (ms from the request to each socket's frame; ${rounds} rounds each)`,
    '',
    table(
      ['sockets', 'server', 'p50', 'p99', 'p99 ÷ ceiling', 'lost', 'duplicates'],
      rows.map((r) => [
        r.sockets,
        MODES[r.mode].label,
        fmt(r.p50),
        fmt(r.p99),
        r.mode === 'bare' ? '1' : ceiling.has(r.sockets) ? `${(r.p99 / ceiling.get(r.sockets).p99).toFixed(2)}` : '–',
        `${r.lost} of ${r.sockets * r.rounds}`,
        r.duplicates,
      ]),
    ),
  ];
  if (versions) lines.push('', `PostgreSQL ${versions.postgres}, Redis ${versions.redis} (Debian's packages, started for the run).`);
  return lines.join('\n');
}
