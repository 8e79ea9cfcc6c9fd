import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E } from './ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.mjs';
import { withoutEmailCollect } from './support/agentApi';
import { describeReport, runChaos, type ChaosReport, type ChaosSetup, type Disruption } from './support/chaos';
import { pendingAcrossPages } from './support/pendingAcrossPages';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { prepareNginx } from './support/nginx.mjs';
import { startPostgres, startRedis } from './support/services.mjs';
import { tcpProxy } from './support/tcpProxy';

// No message lost or doubled (issue 21, docs/behaviour.md#delivery): a visitor writes while the
// run breaks what it can (e2e/support/chaos.ts). CHAOS_MESSAGES sets N (200 here, 1,000 in
// `npm run bench`), CHAOS_SEED replays a run, CHAOS_ONLY=kill,offline draws from those
// disruptions only, CHAOS_REPORT appends each report to a file.
const MESSAGES = Number(process.env.CHAOS_MESSAGES ?? 200);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const ONLY = process.env.CHAOS_ONLY?.split(',') as Disruption[] | undefined;
// About 0.3 s a message on a quiet machine, outages included; ample room on a busy one.
const RUN_TIMEOUT_MS = 120_000 + MESSAGES * 2_000;
const PORTS = {
  reference: E2E.widgetPort + 40,
  host: E2E.widgetPort + 41,
  scaled: [E2E.widgetPort + 42, E2E.widgetPort + 43],
  upstream: E2E.widgetPort + 44,
  gateway: E2E.widgetPort + 45,
};

// The visitor types far faster than a person: the flood guard (its own tests) is not what is tested.
const UNGUARDED = { CONVERSATION_MESSAGE_PER_MINUTE_LIMIT: '100000' };

// The scaled setup's nginx has a self-signed certificate. Debian's Chromium runs Chrome's
// third-party-cookie test mode, which also denies a cross-site frame its storage; Chrome, Firefox
// and Safari as visitors have them give the frame its own partitioned storage, which the outbox
// keeps unsent messages in (docs/behaviour.md#the-outbox-across-pages), so the run does too.
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-features=TrackingProtection3pcd'] },
});

const started: { close(): Promise<void> | void }[] = [];
test.afterEach(async () => {
  // Each one, whatever the others do: a server left running would hold its port for the next test.
  const closing = started.reverse().map((thing) => () => thing.close());
  started.length = 0;
  const failures: unknown[] = [];
  for (const close of closing)
    await Promise.resolve()
      .then(close)
      .catch((error) => failures.push(error));
  if (failures.length) throw failures[0];
});

async function reference(port: number, options: Parameters<typeof ownWrenServer>[1] = {}): Promise<OwnServer> {
  const server = await ownWrenServer(port, { ...options, env: { ...UNGUARDED, ...options.env } });
  started.push({ close: () => server.dispose() });
  await server.start();
  return server;
}

/** The customer page, embedding the widget from `widgetOrigin`. */
async function site(widgetOrigin: string): Promise<string> {
  const page = await serveHostPage(PORTS.host, widgetOrigin);
  started.push(page);
  return page.url;
}

/** A relay the run can cut (e2e/support/tcpProxy.ts) in front of `port`. */
async function relay(port: number) {
  const network = await tcpProxy(port);
  started.push(network);
  return network;
}

const firstUp = (processes: OwnServer[]) => (down: ReadonlySet<OwnServer>) => processes.find((p) => !down.has(p))?.origin;

function expectExactlyOnceInOrder(report: ChaosReport) {
  const summary = describeReport(report);
  console.log(summary);
  if (process.env.CHAOS_REPORT) appendFileSync(process.env.CHAOS_REPORT, `${JSON.stringify(report)}\n`);
  test.info().annotations.push({ type: 'chaos', description: summary });
  expect(
    {
      lost: report.lost,
      doubled: report.doubled,
      reordered: report.reordered,
      agentLost: report.agentLost,
      agentDoubled: report.agentDoubled,
      shownTwice: report.shownTwice,
      notOnScreen: report.notOnScreen,
      twoIdsOnScreen: report.twoIdsOnScreen,
    },
    `${summary}\n${report.timeline.join('\n')}`,
  ).toEqual({
    lost: [],
    doubled: [],
    reordered: [],
    agentLost: [],
    agentDoubled: [],
    shownTwice: [],
    notOnScreen: [],
    twoIdsOnScreen: [],
  });
}

async function sqlite(): Promise<ChaosSetup> {
  const server = await reference(PORTS.reference);
  await withoutEmailCollect(server.origin);
  const network = await relay(PORTS.reference);
  return {
    name: 'sqlite',
    hostUrl: await site(`http://localhost:${network.port}`),
    network,
    killable: [server],
    agentOrigin: firstUp([server]),
  };
}

async function scaled(): Promise<ChaosSetup> {
  const [postgres, redis, nginx] = await Promise.all([startPostgres(), startRedis(), prepareNginx()]);
  started.push({ close: () => postgres.stop() }, { close: () => redis.stop() }, { close: () => nginx.stop() });
  const admin = new pg.Client(postgres.url());
  await admin.connect();
  await admin.query('create database wren');
  await admin.end();
  const network = await relay(nginx.httpsPort);
  const widgetOrigin = `https://localhost:${network.port}`;
  // One uploads folder for both, as a deploy must have (docs/operations.md#several-processes-postgresql-and-redis): a file one stores, the other serves.
  const uploads = mkdtempSync(join(tmpdir(), 'wren-e2e-uploads-'));
  started.push({ close: () => rmSync(uploads, { recursive: true, force: true }) });
  const env = {
    DATABASE_URL: postgres.url('wren'),
    REDIS_URL: redis.url,
    PUBLIC_URL: widgetOrigin,
    TRUST_PROXY: 'true',
    UPLOADS_DIR: uploads,
  };
  // Both at once, as a deploy would: migrations and the seed run once between them.
  const processes = await Promise.all(PORTS.scaled.map((port) => reference(port, { env })));
  await nginx.start(PORTS.scaled);
  await withoutEmailCollect(processes[0].origin);
  return {
    name: 'scaled',
    hostUrl: await site(widgetOrigin),
    network,
    killable: processes,
    agentOrigin: firstUp(processes),
  };
}

async function gateway(): Promise<ChaosSetup> {
  // The reference server plays Chatwoot (e2e/gateway.spec.ts); the gateway's ledger is its own
  // memory, lost with it when it is killed: a send whose answer was lost is then found in the
  // conversation (docs/protocol.md#sending-once-through-a-gateway).
  const upstream = await reference(PORTS.upstream);
  await withoutEmailCollect(upstream.origin);
  const gatewayServer = await reference(PORTS.gateway, { chatwootUrl: upstream.origin });
  const network = await relay(PORTS.gateway);
  return {
    name: 'gateway',
    hostUrl: await site(`http://localhost:${network.port}`),
    network,
    killable: [gatewayServer, upstream],
    agentOrigin: (down) => (down.has(upstream) ? undefined : upstream.origin),
  };
}

const SETUPS = [
  ['the reference server on SQLite', sqlite],
  ['two processes on PostgreSQL and Redis behind nginx', scaled],
  ['through the gateway in front of a Chatwoot that keeps no echo_id', gateway],
] as const;

for (const [name, setUp] of SETUPS) {
  test(`${name}: every message exactly once, in order`, async ({ context }) => {
    test.setTimeout(RUN_TIMEOUT_MS);
    expectExactlyOnceInOrder(await runChaos(context, await setUp(), { messages: MESSAGES, seed: SEED, only: ONLY }));
  });

  // docs/behaviour.md#the-outbox-across-pages: what had not reached the server when the page went.
  for (const leave of ['reload', 'newTab'] as const)
    test(`${name}: messages waiting when the page ${leave === 'reload' ? 'is reloaded' : 'closes'} go once from the next page`, async ({
      context,
    }) => {
      test.setTimeout(90_000);
      await pendingAcrossPages(context, await setUp(), leave);
    });
}
