// Chromium traces of what Wren costs a main thread, at 4× CPU: the host page before intent, and
// the chat frame's first open. bench/profile.mjs prints their hot spots; bench/open.mjs reports
// the frame's figure beside its click → composer times.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  busyBetween,
  byKind,
  hotSpots,
  markAt,
  requestsOf,
  scriptsOf,
  tasksOf,
  threadRunning,
  TRACE_CATEGORIES,
  walk,
} from './mainThread.mjs';

const STEP_TIMEOUT_MS = 30_000;
/** A long task, as the Long Tasks API and Lighthouse count one. */
const LONG_TASK_MS = 50;

/** The first paint's script of a build, as its /widget page names it. */
export const firstPaintPath = (dist) => `/packs/${JSON.parse(readFileSync(join(dist, 'packs/manifest.json'), 'utf8'))['widget.js']}`;

/** The events of a trace of `page` taken while `body` runs; written to `file` too when one is named. */
async function traced(page, body, file) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const done = await body().then(
    () => undefined,
    (error) => error,
  );
  const buffer = await browser.stopTracing();
  if (done) throw done;
  if (file) writeFileSync(file, buffer);
  return JSON.parse(buffer.toString('utf8')).traceEvents;
}

async function throttledPage(context, cpuRate) {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return page;
}

/**
 * A page view of `url` by a first-time visitor, traced from before the navigation until the
 * page has gone idle and the loader's idle work (the campaigns check) is done, with no intent.
 * Wren's tasks are those that ran a script of `widgetOrigin` (Lighthouse attributes a task the
 * same way): their time by kind, the long ones among them, and their hot spots. The frame the
 * launcher first shows in is rendering Wren caused: its style, layout and paint apart. `busy` is
 * every task of the page's main thread, the host's own work included, for the page without the
 * widget to be compared with.
 */
export async function profileHostPage(context, url, widgetOrigin, { cpuRate = 4, traceFile } = {}) {
  const page = await throttledPage(context, cpuRate);
  try {
    const events = await traced(
      page,
      async () => {
        await page.goto(url, { waitUntil: 'load' });
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
        // The loader's own idle callback and the campaigns answer come after the page's first idle.
        await page.waitForTimeout(1500);
      },
      traceFile,
    );
    const isWren = (u) => u.startsWith(widgetOrigin);
    const thread = threadRunning(events, (u) => u.startsWith(new URL(url).origin)) ?? threadRunning(events, isWren);
    const tasks = thread ? tasksOf(events, thread) : [];
    const wren = tasks.filter((t) => scriptsOf(t).some(isWren));
    // The first frame rendered after Wren's first task: the launcher's style, layout and paint.
    const firstFrame =
      wren[0] && tasks.find((t) => t.ts > wren[0].ts && [...walk(t)].some((n) => n.name === 'Layout' || n.name === 'Paint'));
    const rendering = firstFrame ? byKind([firstFrame]) : undefined;
    const kinds = byKind(wren);
    return {
      busyMs: tasks.reduce((n, t) => n + t.dur, 0) / 1000,
      wrenMs: wren.reduce((n, t) => n + t.dur, 0) / 1000,
      wrenKinds: kinds,
      launcherFrameMs: rendering ? rendering.style + rendering.layout + rendering.paint : 0,
      launcherFrame: rendering && { style: rendering.style, layout: rendering.layout, paint: rendering.paint },
      longTasks: wren.filter((t) => t.dur / 1000 >= LONG_TASK_MS).map((t) => Math.round(t.dur / 1000)),
      hotSpots: hotSpots(firstFrame ? [...wren, firstFrame] : wren, 12),
      wrenTasks: wren.map((t) => ({ ms: t.dur / 1000, scripts: scriptsOf(t).map((s) => new URL(s).pathname) })),
    };
  } finally {
    await page.close();
  }
}

/**
 * A first-time visitor's first open, traced: hover and click on the launcher, until "Start
 * Conversation" is usable (the page probe's `wren-bench:usable` mark, bench/lib/pageProbe.mjs).
 * The frame's CPU after the first paint's script arrives is the main thread's busy time from
 * that script's last byte to the mark (the host page is idle meanwhile, and the frame shares its
 * renderer: bench/lib/harness.mjs), by kind of work, with its hot spots. The requests to
 * `widgetOrigin` from the click on are listed with when each was sent and finished, relative to
 * the click, so a chain of round trips shows as one.
 */
export async function profileFirstOpen(context, url, widgetOrigin, firstPaintPath, { cpuRate = 4, traceFile } = {}) {
  const page = await throttledPage(context, cpuRate);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    await page.waitForTimeout(500);
    const events = await traced(
      page,
      async () => {
        const bubble = page.locator('#wren-chat .bubble');
        await bubble.hover();
        await bubble.click();
        await page.frameLocator('#chatwoot_live_chat_widget').getByRole('button', { name: 'Start Conversation' }).waitFor();
        // The probe marks it usable a frame later.
        await page.waitForTimeout(300);
      },
      traceFile,
    );
    const clickAt = markAt(events, 'wren-bench:click');
    const usableAt = markAt(events, 'wren-bench:usable');
    const requests = requestsOf(events).filter((r) => r.url.startsWith(widgetOrigin));
    const firstPaint = requests.find((r) => new URL(r.url).pathname === firstPaintPath);
    if (clickAt === undefined || usableAt === undefined || !firstPaint?.finished)
      throw new Error('the first open: no click or usable mark, or no first paint script, in the trace');
    const thread = threadRunning(events, (u) => u.endsWith(firstPaintPath));
    const tasks = tasksOf(events, thread);
    // The tasks after the script arrived, clipped to the span until usable.
    const after = tasks.filter((t) => t.ts + t.dur > firstPaint.finished && t.ts < usableAt);
    return {
      clickToUsableMs: (usableAt - clickAt) / 1000,
      frameCpuMs: busyBetween(tasks, firstPaint.finished, usableAt),
      firstPaintToUsableMs: (usableAt - firstPaint.finished) / 1000,
      frameKinds: byKind(after),
      hotSpots: hotSpots(after, 12),
      requests: requests.map((r) => ({
        path: new URL(r.url).pathname,
        sentMs: (r.sent - clickAt) / 1000,
        finishedMs: r.finished === undefined ? undefined : (r.finished - clickAt) / 1000,
      })),
    };
  } finally {
    await page.close();
  }
}
