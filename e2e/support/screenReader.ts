import { fileURLToPath } from 'node:url';
import { expect, type Frame, type Page } from '@playwright/test';
import { build } from 'esbuild';

// What a screen reader says in the chat frame: @guidepup/virtual-screen-reader, run in the real
// widget in Chromium (its styles, its focus moves across the frame, its live regions updated by
// the real socket), records what it would speak: focus moves as "<role>, <name>, <state>…", and
// live regions as "polite: …" or "assertive: …".

let bundled: Promise<string> | undefined;

/** The screen reader and its start-up, bundled for the browser once per run. */
const script = () =>
  (bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./screenReader.browser.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text));

/** Starts the screen reader in the chat frame of every page `page` loads from now on. */
export async function listenWithScreenReader(page: Page): Promise<void> {
  await page.addInitScript({ content: await script() });
}

const chatDocument = (page: Page): Frame => {
  const frame = page.frames().find((candidate) => new URL(candidate.url(), 'http://x').pathname === '/widget');
  if (!frame) throw new Error('the chat frame is not on the page');
  return frame;
};

/** Everything spoken in the chat frame since it started or was last `forgetSpoken`. */
export async function spoken(page: Page): Promise<string[]> {
  const frame = chatDocument(page);
  await expect.poll(() => frame.evaluate(() => !!window.screenReader), { message: 'the screen reader started' }).toBe(true);
  return frame.evaluate(() => window.screenReader!.spokenPhraseLog());
}

/** Starts a new record of what is spoken. */
export async function forgetSpoken(page: Page): Promise<void> {
  await chatDocument(page).evaluate(() => window.screenReader!.clearSpokenPhraseLog());
}
