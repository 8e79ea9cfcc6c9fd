#!/usr/bin/env node
/**
 * The first open of the chat, as a visitor on a phone feels it and as the server pays for it:
 *
 *   - click → usable composer, at 4× CPU, with and without Lighthouse's slow-4G network, for a
 *     first-time visitor (home, then "Start Conversation": both steps timed, the bench's own
 *     reaction in between left out) and for a returning one (the conversation opens at once);
 *   - requests and bytes of the open: every request to the widget's origin from the page view's
 *     start until the composer is usable, minus the two a page view costs before intent
 *     (`sdk.js` and the campaigns GET, measured by loader.mjs), those from the network and
 *     those answered by the HTTP cache apart;
 *   - contacts created by 100 opens without a message: first-time visitors who open the chat,
 *     read home and leave (counted through the Application API's contacts list when the server
 *     has one, else in its SQLite file);
 *   - the frame's CPU after the first paint's script arrives: first-time opens at 4× CPU traced
 *     (bench/lib/profiles.mjs), the main thread's busy time from that script's last byte until
 *     "Start Conversation" is usable, by kind of work, and the open's requests in sequence;
 *   - the same opens through a gateway (`CHATWOOT_URL`) in front of the reference server, with
 *     what each open cost the upstream, as a recording proxy between the two saw it: requests
 *     by route, and those sent again in the same open (same method, address and visitor token:
 *     "forwarded twice").
 *
 *   node bench/open.mjs
 *   BENCH_RUNS=5 BENCH_OPENS=20 node bench/open.mjs
 *   BENCH_SERVERS=gateway node bench/open.mjs
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR (build to measure), BENCH_PORT (the widget server
 * listens on BENCH_PORT + 3, the host page on + 4, the gateway on + 8 and its recording proxy
 * on + 9; default 4910),
 * BENCH_RUNS (opens per variant and visitor, default 10), BENCH_OPENS (opens without a message,
 * default 100), BENCH_TRACED_OPENS (traced first-time opens for the frame's CPU, default 5), BENCH_SERVERS (`reference,gateway`), BENCH_JSON, CHROMIUM_PATH. Not part of
 * `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { ensureBuilt } from './lib/dist.mjs';
import { launchChromium, runWithin } from './lib/harness.mjs';
import { startHostPage } from './lib/hostPage.mjs';
import { watchNetwork } from './lib/network.mjs';
import { probe } from './lib/pageProbe.mjs';
import { firstPaintPath, profileFirstOpen } from './lib/profiles.mjs';
import { startRecordingProxy } from './lib/recordingProxy.mjs';
import { agentApi, startGateway, startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, quantile, table } from './lib/stats.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const OPENS = Number(process.env.BENCH_OPENS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4910) + 3;
const GATEWAY_PORT = PORT + 5;
const RECORDER_PORT = PORT + 6;
const SERVERS = (process.env.BENCH_SERVERS ?? 'reference,gateway').split(',');
const TRACED_OPENS = Number(process.env.BENCH_TRACED_OPENS ?? 5);
const STEP_TIMEOUT_MS = 30_000;
const TOTAL_TIMEOUT_MS = 20 * 60_000;

/** Lighthouse's mobile profile: slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and a 4× slower CPU. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const VARIANTS = {
  'cpu-4x': { cpuRate: 4 },
  'cpu-4x + slow-4g': { cpuRate: 4, network: SLOW_4G },
};
/** What a page view costs before intent (loader.mjs measures it): not part of the open. */
const BEFORE_INTENT = new Set(['/packs/js/sdk.js', '/api/v1/widget/campaigns']);

const sum = (values) => values.reduce((a, b) => a + b, 0);
const withTimeout = (promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS).unref(),
    ),
  ]);

/** Marks from the page probe, in Node's clock (the host and the frame have different time origins). */
function markBoard() {
  const marks = new Map();
  const waiting = new Map();
  return {
    set(name) {
      marks.set(name, performance.now());
      waiting.get(name)?.();
    },
    get: (name) => marks.get(name),
    clear: () => marks.clear(),
    /** Resolves when `name` is marked (at once if it already is). */
    when: (name) => (marks.has(name) ? Promise.resolve() : new Promise((resolve) => waiting.set(name, resolve))),
  };
}

/**
 * What a gateway sent upstream during one open (`sent`, from the recording proxy): requests by
 * `METHOD path`, and how many repeated one sent before (same method, address and visitor token).
 */
function upstreamCost(sent) {
  const byRoute = {};
  const distinct = new Set();
  for (const { method, url, token } of sent) {
    const route = `${method} ${url.split('?')[0]}`;
    byRoute[route] = (byRoute[route] ?? 0) + 1;
    distinct.add(`${method} ${url} ${token}`);
  }
  return { upstream: byRoute, upstreamRequests: sent.length, forwardedTwice: sent.length - distinct.size };
}

/**
 * One page view that opens the chat. A first-time visitor goes through home and "Start
 * Conversation"; a returning visitor's chat opens at the conversation. Through a gateway,
 * `upstream` is the recording proxy behind it: what went upstream from the page view's start counts.
 */
async function openOnce(context, host, widgetOrigin, variant, marks, { returning, upstream }) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    if (variant.network) await cdp.send('Network.emulateNetworkConditions', variant.network);
    if (variant.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: variant.cpuRate });
    const network = watchNetwork(cdp);
    marks.clear();
    const upstreamBefore = upstream?.requests().length;
    await page.goto(`${host}/`, { waitUntil: 'load' });
    // Before intent: the page goes idle and the loader does what it does then (the campaigns
    // check, or for a returning visitor the hidden frame), as a visitor reading the page lets it.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    if (returning)
      await withTimeout(
        page.waitForFunction(() => window.$chatwoot?.hasLoaded === true),
        'the hidden frame',
      );
    await page.waitForTimeout(500);
    const beforeClick = network.list();
    await page.locator('#wren-chat .bubble').click();
    let firstStepMs = 0;
    if (!returning) {
      await withTimeout(marks.when('usable'), '"Start Conversation"');
      firstStepMs = marks.get('usable') - marks.get('click');
      await page.frameLocator('#chatwoot_live_chat_widget').getByRole('button', { name: 'Start Conversation' }).click();
    }
    await withTimeout(marks.when('composer'), 'the composer');
    const secondStepMs = marks.get('composer') - marks.get(returning ? 'click' : 'start');
    const ofTheOpen = network.list().filter((r) => r.url.startsWith(widgetOrigin) && !BEFORE_INTENT.has(new URL(r.url).pathname));
    const afterClick = network.list(beforeClick).filter((r) => r.url.startsWith(widgetOrigin));
    const fromNetwork = ofTheOpen.filter((r) => !r.cached);
    return {
      ...(upstream && upstreamCost(upstream.requests(upstreamBefore))),
      clickToComposerMs: firstStepMs + secondStepMs,
      homeMs: firstStepMs,
      composerMs: secondStepMs,
      requests: fromNetwork.length,
      cachedRequests: ofTheOpen.length - fromNetwork.length,
      bytes: sum(fromNetwork.map((r) => r.bytes)),
      requestsAfterClick: afterClick.length,
      sockets: network.sockets.length,
      paths: ofTheOpen.map(
        (r) => `${new URL(r.url).pathname} ${r.cached ? '(cache)' : `${fmt(r.bytes / 1024)} KB (headers ${fmt(r.headerBytes / 1024)})`}`,
      ),
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

/** How many contacts the server holds: the Application API's list if it has one, else the SQLite file. */
async function countContacts(server) {
  try {
    const list = await agentApi(server.origin, 'GET', '/contacts');
    if (typeof list?.meta?.count === 'number') return { count: list.meta.count, source: 'GET /api/v1/accounts/1/contacts meta.count' };
  } catch {
    // Not in this server's Application API (yet): read the database.
  }
  const db = new Database(server.databasePath, { readonly: true, fileMustExist: true });
  try {
    return { count: db.prepare('SELECT count(*) AS n FROM contacts').get().n, source: 'SQLite contacts table' };
  } finally {
    db.close();
  }
}

/** Every variant's first-time and returning opens of the widget served from `widgetOrigin`. */
async function measureOpens(newContext, host, widgetOrigin, marks, started, { label, upstream }) {
  const opens = {};
  for (const [name, variant] of Object.entries(VARIANTS)) {
    // First-time visitors: a fresh profile each time (no cookie, an empty HTTP cache).
    const firstTime = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext();
      try {
        firstTime.push(await openOnce(context, host.origin, widgetOrigin, variant, marks, { returning: false, upstream }));
      } finally {
        await context.close();
      }
    }
    // Returning visitors: one profile that wrote earlier (its cookie and HTTP cache kept),
    // coming back to a new page view each time.
    const returning = [];
    const context = await newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${host.origin}/`);
      await page.locator('#wren-chat .bubble').click();
      const frame = page.frameLocator('#chatwoot_live_chat_widget');
      await frame.getByRole('button', { name: 'Start Conversation' }).click();
      const composer = frame.getByRole('textbox', { name: 'Type your message' });
      await composer.fill('Hello, I was here before');
      await composer.press('Enter');
      await frame.getByRole('log').getByText('Hello, I was here before').waitFor();
      await page.close();
      for (let i = 0; i < RUNS; i++)
        returning.push(await openOnce(context, host.origin, widgetOrigin, variant, marks, { returning: true, upstream }));
    } finally {
      await context.close();
    }
    opens[name] = { firstTime, returning };
    process.stderr.write(`bench: first open, ${label}, ${name} done (${Math.round((performance.now() - started) / 1000)} s)\n`);
  }
  return opens;
}

async function main() {
  const dist = ensureBuilt();
  const started = performance.now();
  const server = await startServer(dist, PORT);
  const recorder = SERVERS.includes('gateway') ? await startRecordingProxy(RECORDER_PORT, server.origin) : undefined;
  const gateway = recorder && (await startGateway(dist, GATEWAY_PORT, recorder.origin));
  const browser = await launchChromium();
  const marks = markBoard();
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: false });
    await context.addInitScript(probe);
    await context.exposeBinding('__benchMark', (_source, name) => marks.set(name));
    return context;
  };
  const results = { opens: {}, contacts: null };
  const stops = [() => browser.close(), () => gateway?.stop(), () => recorder?.stop(), () => server.stop()];
  const hosts = [];
  await runWithin(TOTAL_TIMEOUT_MS, [...stops, () => Promise.all(hosts.map((h) => h.stop()))], async () => {
    if (SERVERS.includes('reference')) {
      const host = await startHostPage(PORT + 1, server.origin, WEBSITE_TOKEN);
      hosts.push(host);
      results.opens = await measureOpens(newContext, host, server.origin, marks, started, { label: 'reference server' });

      // The frame's CPU after the first paint's script arrives, from traces: apart from the timed
      // opens above, which tracing would slow.
      results.frameCpu = [];
      for (let i = 0; i < TRACED_OPENS; i++) {
        const context = await newContext();
        try {
          results.frameCpu.push(await profileFirstOpen(context, `${host.origin}/`, server.origin, firstPaintPath(dist)));
        } finally {
          await context.close();
        }
      }

      // Opens without a message, unthrottled: what the server stores for visitors who only look.
      const before = await countContacts(server);
      for (let i = 0; i < OPENS; i++) {
        const context = await newContext();
        try {
          marks.clear();
          const page = await context.newPage();
          await page.goto(`${host.origin}/`);
          await page.locator('#wren-chat .bubble').click();
          await withTimeout(marks.when('usable'), '"Start Conversation"');
        } finally {
          await context.close();
        }
      }
      const after = await countContacts(server);
      results.contacts = { opens: OPENS, created: after.count - before.count, source: after.source };
      await host.stop();
      hosts.pop();
    }
    if (gateway) {
      const host = await startHostPage(PORT + 1, gateway.origin, WEBSITE_TOKEN);
      hosts.push(host);
      results.gateway = {
        opens: await measureOpens(newContext, host, gateway.origin, marks, started, { label: 'gateway', upstream: recorder }),
      };
    }
  });
  report(results, started);
}

/** The table rows of one server's opens; through a gateway also what they cost upstream. */
function openRows(opens, label, throughGateway) {
  const mp = (values) => `${fmt(median(values))} / ${fmt(quantile(values, 0.9))}`;
  const rows = [];
  for (const [variant, byVisitor] of Object.entries(opens)) {
    for (const [visitor, runs] of Object.entries(byVisitor)) {
      const pick = (key) => runs.map((r) => r[key]);
      rows.push([
        `${label}, ${visitor === 'firstTime' ? 'first-time' : 'returning'}, ${variant}`,
        mp(pick('clickToComposerMs')),
        visitor === 'firstTime' ? `${fmt(median(pick('homeMs')))} + ${fmt(median(pick('composerMs')))}` : '–',
        `${Math.round(median(pick('requests')))} (+${Math.round(median(pick('cachedRequests')))} cached)`,
        `${(median(pick('bytes')) / 1024).toFixed(1)} KB`,
        String(Math.round(median(pick('sockets')))),
        throughGateway ? `${Math.round(median(pick('upstreamRequests')))} (${Math.max(...pick('forwardedTwice'))} twice)` : '–',
      ]);
    }
  }
  return rows;
}

/** The traced opens: the frame's CPU after the first paint's script, by kind, and one open's requests in sequence. */
function reportFrameCpu(runs) {
  const mp = (values) => `${fmt(median(values))} / ${fmt(quantile(values, 0.9))}`;
  const kinds = Object.keys(runs[0].frameKinds).filter((kind) => runs.some((r) => r.frameKinds[kind] >= 0.5));
  console.log(`\nThe frame's CPU, first-time visitor, cpu-4x: ${runs.length} traced opens, median / p90, ms\n`);
  console.log(
    table(
      ['click → "Start Conversation" usable', 'first paint script arrived → usable', "the frame's CPU in that span", ...kinds],
      [
        [
          mp(runs.map((r) => r.clickToUsableMs)),
          mp(runs.map((r) => r.firstPaintToUsableMs)),
          mp(runs.map((r) => r.frameCpuMs)),
          ...kinds.map((kind) => fmt(median(runs.map((r) => r.frameKinds[kind])))),
        ],
      ],
    ),
  );
  const sequence = runs[0].requests.map((q) => `${q.path.replace(/^\/packs\/js\//, '')} ${fmt(q.sentMs)} → ${fmt(q.finishedMs)}`);
  console.log(`  requests of one traced open (sent → answered, ms after the click): ${sequence.join('; ')}`);
}

function report(results, started) {
  const servers = [
    ...(results.contacts ? [['reference server', results.opens, false]] : []),
    ...(results.gateway ? [['gateway', results.gateway.opens, true]] : []),
  ];
  console.log(`\nWren first open: ${RUNS} opens per row, median / p90, ms unless stated\n`);
  console.log(
    table(
      [
        'server, visitor, variant',
        'click → usable composer',
        'home + Start → composer',
        'requests of the open',
        'bytes on the wire',
        'sockets',
        'sent upstream (forwarded twice, most in one open)',
      ],
      servers.flatMap(([label, opens, throughGateway]) => openRows(opens, label, throughGateway)),
    ),
  );
  console.log(
    '\nWhat the open requested (one run each, bytes on the wire and the response headers among them; "(cache)" when the HTTP cache answered):',
  );
  for (const [label, opens, throughGateway] of servers) {
    const example = Object.values(opens)[0];
    console.log(`  ${label}, first-time: ${example.firstTime[0].paths.join(', ')}`);
    console.log(`  ${label}, returning:  ${example.returning[0].paths.join(', ')}`);
    if (throughGateway) {
      const upstream = (run) => Object.entries(run.upstream).map(([route, n]) => (n > 1 ? `${route} ×${n}` : route));
      console.log(`  sent upstream, first-time: ${upstream(example.firstTime[0]).join(', ')}`);
      console.log(`  sent upstream, returning:  ${upstream(example.returning[0]).join(', ')}`);
    }
  }
  if (results.frameCpu?.length) reportFrameCpu(results.frameCpu);
  if (results.contacts)
    console.log(
      `\nContacts created by ${results.contacts.opens} opens without a message: ${results.contacts.created} (${results.contacts.source}).`,
    );
  console.log(`Requests of the open: to the widget origin from the page view's start until the composer is usable, less sdk.js and
the campaigns GET (loader.mjs); bytes: encoded bytes received, headers included, 0 for the HTTP cache; KB is 1,024 bytes. Sent upstream:
what the gateway sent the reference server behind it in the same span (a recording proxy between them), by route;
forwarded twice: a request equal to one sent before in the same open (method, address, visitor token).
${Math.round((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
