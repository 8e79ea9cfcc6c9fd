import { appendFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from './ports';
import { withoutEmailCollect } from './support/agentApi';
import { describeReport, runChaos, type ChaosReport, type ChaosSetup } from './support/chaos';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { tcpProxy } from './support/tcpProxy';

// No message lost or doubled (issue 21, docs/behaviour.md#delivery): a visitor writes while the
// run breaks what it can (e2e/support/chaos.ts). CHAOS_MESSAGES sets N (200 here, 1,000 in
// `npm run bench`), CHAOS_SEED replays a run, CHAOS_REPORT appends each report to a file.
const MESSAGES = Number(process.env.CHAOS_MESSAGES ?? 200);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const PORTS = { reference: E2E.widgetPort + 40, host: E2E.widgetPort + 41 };

// The visitor types far faster than a person: the flood guard (its own tests) is not what is tested.
const UNGUARDED = { CONVERSATION_MESSAGE_PER_MINUTE_LIMIT: '100000' };

const started: { close(): Promise<void> }[] = [];
test.afterAll(async () => {
  for (const thing of started.reverse()) await thing.close();
  started.length = 0;
});

async function reference(port: number, options: Parameters<typeof ownWrenServer>[1] = {}): Promise<OwnServer> {
  const server = await ownWrenServer(port, { ...options, env: { ...UNGUARDED, ...options.env } });
  started.push({ close: () => server.dispose() });
  await server.start();
  return server;
}

/** The customer page, embedding the widget through a relay the run can cut (e2e/support/tcpProxy.ts). */
async function siteThrough(serverPort: number, protocol: 'http' | 'https' = 'http'): Promise<Pick<ChaosSetup, 'hostUrl' | 'network'>> {
  const network = await tcpProxy(serverPort);
  started.push(network);
  const page = await serveHostPage(PORTS.host, `${protocol}://localhost:${network.port}`);
  started.push(page);
  return { hostUrl: page.url, network };
}

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
    },
    `${summary}\n${report.timeline.join('\n')}`,
  ).toEqual({ lost: [], doubled: [], reordered: [], agentLost: [], agentDoubled: [], shownTwice: [] });
}

test('the reference server on SQLite: every message exactly once, in order', async ({ context }) => {
  test.setTimeout(600_000);
  const server = await reference(PORTS.reference);
  await withoutEmailCollect(server.origin);
  const setup: ChaosSetup = {
    name: 'sqlite',
    ...(await siteThrough(PORTS.reference)),
    killable: [server],
    agentOrigin: (down) => (down.has(server) ? undefined : server.origin),
  };
  expectExactlyOnceInOrder(await runChaos(context, setup, { messages: MESSAGES, seed: SEED }));
});
