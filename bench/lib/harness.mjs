/**
 * What every bench shares around its measurements: Debian's Chromium launched the same way, and
 * a hard stop so a wedged run ends with an error instead of hanging the machine.
 */
import { chromium } from '@playwright/test';

/**
 * Debian's Chromium (`CHROMIUM_PATH` overrides where), quiet: no background traffic to skew
 * request counts. The chat frame is cross-site: without site isolation (as Chrome on Android for
 * most sites) it shares the throttled renderer, and the page's CDP session sees its requests.
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
      '--disable-site-isolation-trials',
    ],
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
