// What the Lighthouse benchmark keeps of a result: pure, so a unit test can check it.

const SDK_PATH = '/packs/js/sdk.js';

/**
 * The figures kept from a Lighthouse result (ms, except the score 0–100 and CLS). Wren's are
 * read where Lighthouse attributes main-thread work to a script: `bootup-time` (every task that
 * ran a script of the widget's origin, the origin `sdk.js` came from) and `long-tasks` (those
 * of 50 ms or more, by the script they ran). Style, layout and paint that follow in a frame of
 * their own are Lighthouse's "Unattributable", as they are here.
 */
export function lighthouseFigures(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const sdk = items('network-requests').find((r) => String(r.url).endsWith(SDK_PATH));
  const wren = (url) => !!sdk && String(url).startsWith(new URL(sdk.url).origin);
  return {
    score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
    sdkLoaded: !!sdk,
    wrenMainThreadMs: items('bootup-time')
      .filter((i) => wren(i.url))
      .reduce((n, i) => n + i.total, 0),
    wrenLongTasks: items('long-tasks')
      .filter((i) => wren(i.url))
      .map((i) => Math.round(i.duration)),
  };
}
