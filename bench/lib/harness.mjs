/**
 * What every bench shares around its measurements: Debian's Chromium launched the same way, and
 * a hard stop so a wedged run ends with an error instead of hanging the machine.
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
 * After `ms`, says the bench ran over, runs `cleanup` (closing browsers and servers) and exits
 * with 1. Returns the timer, for `clearTimeout` once the bench is done.
 */
export function stopAfter(ms, cleanup) {
  return setTimeout(() => {
    console.error(`bench: over ${ms / 60_000} min, stopping`);
    process.exitCode = 1;
    void Promise.allSettled([cleanup()]).then(() => process.exit(1));
  }, ms);
}
