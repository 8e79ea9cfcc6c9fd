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
import { MODES } from './broadcastModes.mjs';
import { pool } from './pool.mjs';
import { API_ACCESS_TOKEN, startServer, WEBSITE_TOKEN } from './server.mjs';
import { fmt, median, quantile, table } from './stats.mjs';

const ROUND_TIMEOUT_MS = 10_000;
const SETUP_CONCURRENCY = 32;

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

/** Opens socket `index` of `bench` on `origin`; subscribes to `token`'s room unless it is the bare server. */
function connect(bench, origin, index, token) {
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
        const round = bench.round;
        if (!round || frame.message.data.users['1'] !== round.status) return;
        if (round.at[index] !== undefined) {
          bench.duplicates++;
          return;
        }
        round.at[index] = performance.now() - round.sentAt;
        if (++round.heard === round.expected) round.done();
      }
    });
  });
}

/** One round of `bench`: send the event, wait until every socket heard it or 10 s passed. */
async function round(bench, status) {
  let done;
  const all = new Promise((resolve) => (done = resolve));
  const current = {
    status,
    at: new Array(bench.sockets.length),
    heard: 0,
    expected: bench.sockets.length,
    done,
    sentAt: performance.now(),
  };
  bench.round = current;
  await bench.send(status);
  await Promise.race([all, sleep(ROUND_TIMEOUT_MS)]);
  bench.round = null;
  return { latencies: current.at.filter((v) => v !== undefined), lost: current.expected - current.heard };
}

async function createDatabase(services, name) {
  const admin = new pg.Client(services.postgres.url());
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

/** Starts `mode`'s server(s) from `port` on. */
async function startMode(mode, { dist, port, services }) {
  if (mode === 'bare') {
    const bare = await startBare(port);
    const frame = (status) =>
      JSON.stringify({ identifier: 'bench', message: { event: 'presence.update', data: { account_id: 1, users: { 1: status } } } });
    return {
      mode,
      servers: [bare],
      send: (status) => fetch(`${bare.origin}/broadcast`, { method: 'POST', body: frame(status) }).then((r) => r.arrayBuffer()),
    };
  }
  let env = {};
  let redis;
  if (mode !== 'embedded') {
    await createDatabase(services, `wren_bench_${mode}`);
    // A Redis of its own: pub/sub channels span a server's databases, so two deployments on one
    // Redis would hear each other's presence.
    redis = await startRedis();
    services.versions.redis = redis.version;
    env = { DATABASE_URL: services.postgres.url(`wren_bench_${mode}`), REDIS_URL: redis.url };
  }
  const servers = [];
  // One after the other: the first runs the migrations.
  for (let i = 0; i < MODES[mode].processes; i++) servers.push(await startServer(dist, port + i, env));
  const send = (status) =>
    fetch(`${servers[0].origin}/api/v1/profile/availability`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', api_access_token: API_ACCESS_TOKEN },
      body: JSON.stringify({ profile: { account_id: 1, availability: status } }),
    }).then(async (r) => {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`availability → ${r.status}`);
    });
  return { mode, servers, send, redis, database: mode === 'embedded' ? undefined : `wren_bench_${mode}` };
}

/** Tops `bench` up to `count` sockets, spread over its servers. */
async function grow(bench, count) {
  const fresh = Array.from({ length: count - bench.sockets.length }, (_, j) => bench.sockets.length + j);
  const origins = fresh.map((index) => bench.servers[index % bench.servers.length].origin);
  const tokens = bench.mode === 'bare' ? fresh.map(() => null) : await pool(origins, SETUP_CONCURRENCY, (origin) => mintVisitor(origin));
  bench.sockets.push(...(await pool(fresh, SETUP_CONCURRENCY, (index, j) => connect(bench, origins[j], index, tokens[j]))));
}

/**
 * Runs every mode of `modes` at every count of `counts`. All of them run side by side and their
 * rounds take turns (one round of each, then the next), so a burst of load from elsewhere on
 * the machine falls on every mode alike, the ceiling included. PostgreSQL and Redis are started
 * when a scaled mode is asked for.
 */
export async function runBroadcastBench({ dist, port, counts, modes, rounds, log }) {
  const needsServices = modes.some((mode) => mode.startsWith('scaled'));
  const services = needsServices ? { postgres: await startPostgres(), versions: {} } : undefined;
  const benches = [];
  const rows = [];
  try {
    let next = port;
    for (const mode of modes) {
      benches.push({ ...(await startMode(mode, { dist, port: next, services })), sockets: [], round: null, duplicates: 0 });
      next += MODES[mode].processes;
    }
    for (const count of counts) {
      for (const bench of benches) await grow(bench, count);
      // The agent arrives (and every subscription's own presence frame settles) before measuring.
      for (const bench of benches) await bench.send('online');
      await sleep(1000);
      const results = new Map(
        benches.map((bench) => [bench, { latencies: [], roundP99s: [], lost: 0, duplicatesBefore: bench.duplicates }]),
      );
      for (let r = 0; r < rounds + 3; r++) {
        for (const bench of benches) {
          const result = await round(bench, r % 2 ? 'online' : 'busy');
          // The first three warm the servers (and their JIT) up.
          if (r >= 3) {
            results.get(bench).latencies.push(...result.latencies);
            results.get(bench).roundP99s.push(quantile(result.latencies, 0.99));
            results.get(bench).lost += result.lost;
          }
          await sleep(50);
        }
      }
      for (const bench of benches) {
        const { latencies, roundP99s, lost, duplicatesBefore } = results.get(bench);
        const row = {
          mode: bench.mode,
          processes: MODES[bench.mode].processes,
          sockets: count,
          rounds,
          p50: median(latencies),
          p99: quantile(latencies, 0.99),
          // Each round's p99, then the median round: what a broadcast typically costs its last
          // visitors, steady against the few rounds a busy machine stretches.
          roundP99: median(roundP99s),
          lost,
          duplicates: bench.duplicates - duplicatesBefore,
        };
        rows.push(row);
        log(`bench: ${MODES[bench.mode].label}, ${count} sockets: p50 ${fmt(row.p50)} ms, p99 ${fmt(row.p99)} ms, lost ${lost}`);
      }
    }
  } finally {
    for (const bench of benches) {
      for (const ws of bench.sockets) ws.terminate();
      for (const server of bench.servers) await server.stop();
      await bench.redis?.stop();
    }
    if (services) {
      const admin = new pg.Client(services.postgres.url());
      await admin.connect();
      for (const bench of benches) if (bench.database) await admin.query(`drop database if exists ${bench.database} with (force)`);
      await admin.end();
    }
    services?.postgres.stop();
  }
  rows.sort((a, b) => a.sockets - b.sockets || modes.indexOf(a.mode) - modes.indexOf(b.mode));
  return { rows, versions: services && { postgres: services.postgres.version, redis: services.versions.redis } };
}

/** The report: one table, the ceiling first at each count, and the p99 ratio to it. */
export function broadcastReport({ rows, versions }, rounds) {
  const ceiling = new Map(rows.filter((r) => r.mode === 'bare').map((r) => [r.sockets, r]));
  const lines = [
    '',
    `Broadcast fan-out: one presence.update to every socket (ms from the request to each socket's frame; ${rounds} rounds each)`,
    '',
    table(
      ['sockets', 'server', 'p50', 'p99', 'p99 ÷ ceiling', "median round's p99", '÷ ceiling', 'lost', 'duplicates'],
      rows.map((r) => {
        const base = ceiling.get(r.sockets);
        const ratio = (value, of) => (r.mode === 'bare' ? '1' : base ? (value / of).toFixed(2) : '–');
        return [
          r.sockets,
          MODES[r.mode].label,
          fmt(r.p50),
          fmt(r.p99),
          ratio(r.p99, base?.p99),
          fmt(r.roundP99),
          ratio(r.roundP99, base?.roundP99),
          `${r.lost} of ${r.sockets * r.rounds}`,
          r.duplicates,
        ];
      }),
    ),
  ];
  if (versions) lines.push('', `PostgreSQL ${versions.postgres}, Redis ${versions.redis} (Debian's packages, started for the run).`);
  return lines.join('\n');
}
