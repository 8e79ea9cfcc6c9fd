// Debian's Chromium, launched alike by the e2e tests and the benchmarks: Playwright cannot
// download browsers here, and a quiet browser makes no background requests of its own to skew
// what the tests and benchmarks count.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];
