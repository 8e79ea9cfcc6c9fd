// The benchmarks' pure helpers: the reading of the targets, Lighthouse's figures, the statistics.
// The benchmarks themselves are slow and machine-dependent, and never run in `npm test`.
import { lighthouseFigures } from '../../bench/lib/lighthouseFigures.mjs';
import { fmt, median, quantile, table } from '../../bench/lib/stats.mjs';
import { summary } from '../../bench/lib/targets.mjs';

const open = (requests: number, bytesKb: number, clickToComposerMs: number, cachedRequests = 0) => ({
  requests,
  cachedRequests,
  bytes: bytesKb * 1024,
  clickToComposerMs,
});
const lighthouseRun = (score: number, lcp: number, tbt = 0, cls = 0) => ({ score, lcp, tbt, cls });

/** An open through the gateway, with what it sent upstream. */
const throughGateway = (requests: number, cachedRequests: number, upstreamRequests: number, forwardedTwice = 0) => ({
  ...open(requests, 10, 500, cachedRequests),
  upstreamRequests,
  forwardedTwice,
});

const results = {
  open: {
    opens: {
      'cpu-4x + slow-4g': {
        firstTime: [open(7, 40, 900), open(8, 44, 980), open(9, 46, 1100)],
        returning: [open(2, 3, 150, 6), open(3, 3, 160, 6), open(2, 3, 140, 6)],
      },
    },
    contacts: { opens: 100, created: 0 },
    frameCpu: [{ frameCpuMs: 420 }, { frameCpuMs: 380 }, { frameCpuMs: 610 }],
    gateway: {
      opens: {
        'cpu-4x + slow-4g': {
          firstTime: [throughGateway(8, 0, 3), throughGateway(8, 0, 2), throughGateway(9, 0, 3)],
          returning: [throughGateway(3, 6, 4), throughGateway(4, 6, 4), throughGateway(3, 6, 5)],
        },
      },
    },
  },
  conversation: {
    cpu: 1,
    open: [{ scriptMs: 40 }, { scriptMs: 60 }, { scriptMs: 50 }],
    append: [{ scriptMs: 2 }, { scriptMs: 9 }, { scriptMs: 3 }],
  },
  lighthouse: {
    simulate: {
      'no widget': [lighthouseRun(98, 1000), lighthouseRun(98, 1040), lighthouseRun(97, 1020)],
      "Chatwoot's snippet": [lighthouseRun(92, 1500), lighthouseRun(92, 1520), lighthouseRun(93, 1490)],
      'recommended snippet': [lighthouseRun(98, 1010), lighthouseRun(98, 1030), lighthouseRun(98, 1025)],
      "Chatwoot's snippet inline, no CSP": [
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 40, wrenLongTasks: [] },
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 3, wrenLongTasks: [] },
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 4.5, wrenLongTasks: [] },
      ],
    },
    devtools: {
      'no widget': [lighthouseRun(98, 1000)],
      "Chatwoot's snippet inline, no CSP": [
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 90, wrenLongTasks: [97] },
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 94, wrenLongTasks: [] },
        { ...lighthouseRun(95, 1100), wrenMainThreadMs: 99, wrenLongTasks: [61, 52] },
      ],
    },
  },
};

const broadcastRow = (mode: string, sockets: number, p99: number, lost = 0, duplicates = 0) => ({
  mode,
  sockets,
  rounds: 20,
  p99,
  lost,
  duplicates,
});

const row = (rows: string[][], what: string) => rows.find(([name]) => name === what);

describe('the bench summary', () => {
  const rows = summary(results);

  it('reads each target from the medians of the runs and says whether it holds', () => {
    expect(row(rows, "first open, first-time visitor: requests, the HTTP cache's included")).toEqual([
      "first open, first-time visitor: requests, the HTTP cache's included",
      '≤ 8',
      '8 (8 from the network)',
      '✓',
      '8 (8 from the network)',
    ]);
    expect(row(rows, 'first open, first-time visitor: bytes on the wire')?.slice(2, 4)).toEqual(['44.0 KB', '✓']);
    // The HTTP cache's answers count: a returning visitor's 2 + 6 are 8, and 3 + 6 would be 9.
    expect(row(rows, "first open, returning visitor: requests, the HTTP cache's included")?.slice(2, 4)).toEqual([
      '8 (2 from the network)',
      '✓',
    ]);
    expect(row(rows, 'contacts created by 100 opens without a message')?.slice(2, 4)).toEqual(['0 (0 in 100 opens)', '✓']);
    expect(row(rows, 'append one message to 2,000, script (median)')?.slice(2, 4)).toEqual(['3.0 ms', '✓']);
    expect(row(rows, 'open a conversation of 2,000, script at 1× CPU (median)')?.slice(2, 4)).toEqual(['50.0 ms', '✓']);
  });

  it("holds the gateway's first open to the reference server's requests and one more, and to no request sent upstream twice", () => {
    expect(row(rows, "first open, returning visitor: requests, the HTTP cache's included")?.[4]).toBe('9 (3 from the network)');
    expect(row(rows, "first open through the gateway, first-time visitor: requests beyond the reference server's")?.slice(2, 4)).toEqual([
      '+0 (8 against 8)',
      '✓',
    ]);
    expect(row(rows, "first open through the gateway, returning visitor: requests beyond the reference server's")?.slice(2, 4)).toEqual([
      '+1 (9 against 8)',
      '✓',
    ]);
    expect(row(rows, 'first open through the gateway: requests forwarded to the upstream twice')?.slice(2, 4)).toEqual([
      '0 of 21 in 6 opens',
      '✓',
    ]);
    const twice = structuredClone(results);
    twice.open.gateway.opens['cpu-4x + slow-4g'].returning[1].forwardedTwice = 2;
    twice.open.gateway.opens['cpu-4x + slow-4g'].returning.push(throughGateway(5, 6, 6));
    const rows2 = summary(twice);
    expect(row(rows2, 'first open through the gateway: requests forwarded to the upstream twice')?.slice(2, 4)).toEqual([
      '2 of 27 in 7 opens',
      '✗',
    ]);
    expect(row(rows2, "first open through the gateway, returning visitor: requests beyond the reference server's")?.slice(2, 4)).toEqual([
      '+1 (9 against 8)',
      '✓',
    ]);
  });

  it("counts an LCP difference within the page's own run-to-run spread as none", () => {
    expect(row(rows, 'Lighthouse simulate, recommended snippet: LCP Δ (median)')?.slice(2, 4)).toEqual(['+5', '✓']);
    expect(row(rows, 'Lighthouse simulate, recommended snippet: score Δ (median)')?.slice(2, 4)).toEqual(['+0', '✓']);
  });

  it('holds each Wren server to twice the bare broadcast at its socket count, and counts every lost or doubled frame', () => {
    const rows1 = summary({
      broadcast: {
        rows: [
          broadcastRow('bare', 1000, 20),
          broadcastRow('embedded', 1000, 30),
          broadcastRow('scaled1', 1000, 41, 1),
          broadcastRow('bare', 2000, 40),
          broadcastRow('scaled2', 2000, 80, 0, 2),
        ],
      },
    });
    expect(row(rows1, 'broadcast to 1,000 sockets, Wren, 1 process (SQLite, in-process fan-out): p99 ÷ bare `ws`')?.slice(2, 4)).toEqual([
      '1.50 (30 ÷ 20 ms)',
      '✓',
    ]);
    expect(row(rows1, 'broadcast to 1,000 sockets, Wren, 1 process (PostgreSQL + Redis): p99 ÷ bare `ws`')?.slice(2, 4)).toEqual([
      '2.05 (41 ÷ 20 ms)',
      '✗',
    ]);
    expect(row(rows1, 'broadcast to 2,000 sockets, Wren, 2 processes (PostgreSQL + Redis): p99 ÷ bare `ws`')?.slice(2, 4)).toEqual([
      '2.00 (80 ÷ 40 ms)',
      '✓',
    ]);
    expect(row(rows1, 'broadcast to 2,000 sockets, Wren, 1 process (SQLite, in-process fan-out): p99 ÷ bare `ws`')?.[3]).toBe('not run');
    expect(row(rows1, "broadcast: frames lost or heard twice, Wren's servers")?.slice(2, 4)).toEqual(['1 lost, 2 twice of 80,000', '✗']);
  });

  it("holds the reference server's CPU per widget request to 3× (a page) and 5× (a message) a bare node:http server's", () => {
    const cpuRow = (kind: string, ratio: number, referenceCpuMs: number, bareCpuMs: number) => ({ kind, ratio, referenceCpuMs, bareCpuMs });
    const measured = summary({ servercpu: { profiled: false, rows: [cpuRow('get', 2.94, 0.62, 0.21), cpuRow('post', 5.2, 1.3, 0.25)] } });
    expect(
      row(measured, 'server CPU per request, GET /api/v1/widget/messages: reference server ÷ bare `node:http` (median of rounds)')?.slice(
        1,
        4,
      ),
    ).toEqual(['≤ 3×', '2.9× (0.62 ÷ 0.21 ms)', '✓']);
    expect(
      row(
        measured,
        'server CPU per request, POST /api/v1/widget/messages (a visitor message): reference server ÷ bare `node:http` (median of rounds)',
      )?.slice(1, 4),
    ).toEqual(['≤ 5×', '5.2× (1.30 ÷ 0.25 ms)', '✗']);
    // A profiled run's figures are inflated by the profiler, and say so.
    const profiled = summary({ servercpu: { profiled: true, rows: [cpuRow('get', 2, 1, 0.5)] } });
    expect(
      row(profiled, 'server CPU per request, GET /api/v1/widget/messages: reference server ÷ bare `node:http` (median of rounds)')?.[2],
    ).toBe('2.0× (1.00 ÷ 0.50 ms, under the profiler)');
  });

  it("reads the long message's figure from the slowest input's median, at 4× CPU only", () => {
    const shown = (...ms: number[]) => ms.map((shownMs) => ({ shownMs, taskMs: shownMs, longestTaskMs: shownMs }));
    const markdown = (cpu: number) => ({
      node: {},
      browser: { cpu, inputs: { '`**a ` × 37,500': shown(300, 5000, 320), 'fence openers': shown(900, 1100, 950) } },
    });
    const what =
      "a 150,000-character agent message into an open widget, the worst of bench/markdown.mjs's inputs: API → shown, 4× CPU (median)";
    expect(row(summary({ markdown: markdown(4) }), what)?.slice(1, 4)).toEqual(['≤ 1000 ms', '950 ms (fence openers)', '✓']);
    const slow = markdown(4);
    slow.browser.inputs['fence openers'] = shown(1200, 1300, 1250);
    expect(row(summary({ markdown: slow }), what)?.slice(2, 4)).toEqual(['1250 ms (fence openers)', '✗']);
    expect(row(summary({ markdown: markdown(1) }), what)?.[3]).toBe('not run');
  });

  it("holds Wren's share of the host page's main thread to 5 ms and no long task, and the frame's CPU after its first paint's script to 150 ms", () => {
    const inline = "Chatwoot's snippet inline on a page without CSP";
    expect(row(rows, `Lighthouse simulate, ${inline}: Wren's main thread before intent (bootup-time, median)`)?.slice(2, 4)).toEqual([
      '4.5 ms',
      '✓',
    ]);
    expect(row(rows, `Lighthouse simulate, ${inline}: runs with a long task of Wren's`)?.slice(2, 4)).toEqual(['0 of 3', '✓']);
    expect(row(rows, `Lighthouse devtools, ${inline}: Wren's main thread before intent (bootup-time, median)`)?.slice(2, 4)).toEqual([
      '94.0 ms',
      '✗',
    ]);
    expect(row(rows, `Lighthouse devtools, ${inline}: runs with a long task of Wren's`)?.slice(2, 4)).toEqual(['2 of 3 (≤ 97 ms)', '✗']);
    const frame =
      "first open, first-time visitor: the frame's CPU from the first paint's script to a usable home, 4× CPU (median of traced opens)";
    expect(row(rows, frame)?.slice(2, 4)).toEqual(['420 ms', '✗']);
    expect(row(summary({ open: { frameCpu: [{ frameCpuMs: 140 }] } }), frame)?.slice(2, 4)).toEqual(['140 ms', '✓']);
  });

  it('marks what did not run', () => {
    expect(row(rows, 'Lighthouse devtools, recommended snippet: TBT Δ (median)')?.slice(2, 4)).toEqual(['–', 'not run']);
    expect(summary({}).every((r) => r[3] === 'not run')).toBe(true);
  });
});

describe("Lighthouse's figures", () => {
  it("keeps the score out of 100, the metrics in ms, whether sdk.js was loaded, and Wren's main thread and long tasks", () => {
    const audit = (numericValue: number) => ({ numericValue });
    const lhr = {
      categories: { performance: { score: 0.97 } },
      audits: {
        'largest-contentful-paint': audit(1234.5),
        'total-blocking-time': audit(12),
        'cumulative-layout-shift': audit(0.01),
        'first-contentful-paint': audit(900),
        'speed-index': audit(1100),
        'network-requests': { details: { items: [{ url: 'http://127.0.0.1/' }, { url: 'http://localhost:4916/packs/js/sdk.js' }] } },
        'bootup-time': {
          details: {
            items: [
              { url: 'http://127.0.0.1/', total: 300 },
              { url: 'http://localhost:4916/packs/js/sdk.js', total: 3.5 },
              { url: 'http://localhost:4916/packs/js/sdk-runtime-X.js', total: 1 },
            ],
          },
        },
        'long-tasks': {
          details: {
            items: [
              { url: 'http://127.0.0.1/', duration: 120 },
              { url: 'http://localhost:4916/packs/js/sdk.js', duration: 61.4 },
            ],
          },
        },
      },
    };
    expect(lighthouseFigures(lhr)).toEqual({
      score: 97,
      lcp: 1234.5,
      tbt: 12,
      cls: 0.01,
      fcp: 900,
      si: 1100,
      sdkLoaded: true,
      wrenMainThreadMs: 4.5,
      wrenLongTasks: [61],
    });
    // A page without the widget: nothing of Wren's.
    const bare = { ...lhr, audits: { ...lhr.audits, 'network-requests': { details: { items: [{ url: 'http://127.0.0.1/' }] } } } };
    expect(lighthouseFigures(bare)).toMatchObject({ sdkLoaded: false, wrenMainThreadMs: 0, wrenLongTasks: [] });
  });
});

describe('statistics', () => {
  it('takes quantiles by nearest rank and ignores what is not a number', () => {
    expect(median([3, 1, 2, Number.NaN])).toBe(2);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(median([])).toBeNaN();
  });

  it('formats numbers and Markdown tables', () => {
    expect([fmt(2.25), fmt(31.4), fmt(Number.NaN)]).toEqual(['2.3', '31', '–']);
    expect(table(['a', 'b'], [[1, 2]])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });
});
