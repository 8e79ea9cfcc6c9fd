/**
 * What every bench shares around its measurements: Debian's Chromium launched the same way, and
 * a run that always stops what it started, and stops by itself when wedged.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.mjs';

/**
 * Chromium as the e2e tests launch it (`e2e/support/chromium.mjs`), without site isolation: the
 * chat frame is cross-site, and as on Chrome for Android for most sites it then shares the
 * throttled renderer, and the page's CDP session sees its requests.
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--disable-site-isolation-trials'],
  });
}

/**
 * Runs `body`, then `stops` (closing browsers and servers) whether it succeeded or not. After
 * `ms` the bench has run over: it says so, runs `stops` and exits with 1, so a wedged run ends
 * with an error instead of hanging the machine.
 */
export async function runWithin(ms, stops, body) {
  const stopAll = () => Promise.allSettled(stops.map((stop) => stop()));
  const timer = setTimeout(() => {
    console.error(`bench: over ${ms / 60_000} min, stopping`);
    process.exitCode = 1;
    void stopAll().then(() => process.exit(1));
  }, ms);
  try {
    return await body();
  } finally {
    clearTimeout(timer);
    await stopAll();
  }
}
