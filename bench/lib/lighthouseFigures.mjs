// What the Lighthouse benchmark keeps of a result: pure, so a unit test can check it.

/** The figures kept from a Lighthouse result (ms, except the score 0–100 and CLS). */
export function lighthouseFigures(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
    sdkLoaded: requests.some((r) => String(r.url).endsWith('/packs/js/sdk.js')),
  };
}
