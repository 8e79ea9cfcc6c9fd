#!/usr/bin/env node
/**
 * A long conversation in the widget: 2,000 agent messages, all of them loaded into the widget
 * (the visitor scrolled back through the whole history), measured as main-thread script time
 * (CDP `Performance.getMetrics` ScriptDuration, before and after, nothing else running):
 *
 *   - open: from "Continue conversation" on home to the conversation rendered, 2,000 held;
 *   - append: an agent message posted through the Application API → rendered at the bottom;
 *   - typing: an agent starts typing → the dots shown;
 *   - first load: the widget page loaded with that conversation (its latest page fetched), for
 *     reference, boot included;
 *   - the DOM: how many message rows it holds with 2,000 held.
 *
 * The widget is loaded as a page of its own (`/widget?cw_conversation=…`, as a popout is), so
 * its main thread is the page's; 1× CPU unless BENCH_CPU says otherwise.
 *
 *   node bench/conversation.mjs
 *
 * Environment: BENCH_DIST_DIR / DIST_DIR, BENCH_PORT (the server listens on BENCH_PORT + 5;
 * default 4910), BENCH_MESSAGES (default 2000), BENCH_RUNS (opens, default 10; appends and
 * typing events are twice that), BENCH_CPU (CPU slowdown, default 1), BENCH_JSON, CHROMIUM_PATH.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from './lib/dist.mjs';
import { launchChromium, runWithin } from './lib/harness.mjs';
import { agentApi, mintVisitor, startServer, WEBSITE_TOKEN } from './lib/server.mjs';
import { fmt, median, quantile, table } from './lib/stats.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CPU = Number(process.env.BENCH_CPU ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 4910) + 5;
const STEP_TIMEOUT_MS = 30_000;
const TOTAL_TIMEOUT_MS = 20 * 60_000;
const POST_CONCURRENCY = 8;

const metric = (metrics, name) => metrics.metrics.find((m) => m.name === name)?.value ?? 0;

/**
 * Script and task time (ms) the page spends between `before()` and `done` resolving. `done` is
 * an in-page promise that settles two frames after what it waits for shows, so the work a change
 * causes (render, layout effects, the window's measuring) is inside the window.
 */
async function measure(cdp, act) {
  const before = await cdp.send('Performance.getMetrics');
  await act();
  const after = await cdp.send('Performance.getMetrics');
  return {
    scriptMs: (metric(after, 'ScriptDuration') - metric(before, 'ScriptDuration')) * 1000,
    taskMs: (metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000,
  };
}

/**
 * Watches the page until a condition first holds (checked on every DOM change), then waits two
 * frames: `row` a message with this text is in the list, `typing` the dots are shown, `quiet`
 * they are gone. Installed before a measurement starts, so its own setup is not measured;
 * returns what to await at the end. (Conditions, not functions: the widget page's CSP allows no eval.)
 */
async function watch(page, condition, text = '') {
  await page.evaluate(
    ([kind, wanted]) => {
      window.__benchSettled = new Promise((resolve, reject) => {
        const holds = () => {
          if (kind === 'typing') return !!document.querySelector('.typing');
          if (kind === 'quiet') return !document.querySelector('.typing');
          return [...document.querySelectorAll('.message-list .bubble')].some((el) => el.textContent === wanted);
        };
        const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        if (holds()) return done();
        const observer = new MutationObserver(() => {
          if (!holds()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
        setTimeout(() => reject(new Error(`${kind} ${wanted}: not within 30 s`)), 30_000);
      });
    },
    [condition, text],
  );
  return () => page.evaluate(() => window.__benchSettled);
}

/** A click through CDP at the element's centre: no script of the bench's runs in the page. */
async function clickAt(cdp, box) {
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: 'left', clickCount: 1 };
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at });
}

const hasRow = (text) => [...document.querySelectorAll('.message-list .bubble')].some((el) => el.textContent === text);
const rowCount = () => document.querySelectorAll('.message-list > .message-row').length;

async function main() {
  const dist = ensureBuilt();
  const started = performance.now();
  const server = await startServer(dist, PORT);
  const browser = await launchChromium();
  const results = { messages: MESSAGES, cpu: CPU, open: [], append: [], typing: [], firstLoad: [], rows: {} };
  await runWithin(TOTAL_TIMEOUT_MS, [() => browser.close(), () => server.stop()], async () => {
    const visitor = await mintVisitor(server.origin);
    let next = 0;
    await Promise.all(
      Array.from({ length: POST_CONCURRENCY }, async () => {
        while (next < MESSAGES) {
          const n = ++next;
          await agentApi(server.origin, 'POST', `/conversations/${visitor.conversationId}/messages`, { content: `Message ${n}` });
        }
      }),
    );
    process.stderr.write(`bench: ${MESSAGES} messages posted (${Math.round((performance.now() - started) / 1000)} s)\n`);
    const url = `${server.origin}/widget?website_token=${WEBSITE_TOKEN}&cw_conversation=${encodeURIComponent(visitor.authToken)}#/messages`;
    const context = await browser.newContext({ viewport: { width: 400, height: 700 } });

    // First load, for reference: the whole page, its latest page of messages fetched.
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await page.goto(url);
      await (await watch(page, 'row', `Message ${MESSAGES}`))();
      const metrics = await cdp.send('Performance.getMetrics');
      results.firstLoad.push({ scriptMs: metric(metrics, 'ScriptDuration') * 1000, taskMs: metric(metrics, 'TaskDuration') * 1000 });
      await cdp.detach();
      await page.close();
    }

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await (await watch(page, 'row', `Message ${MESSAGES}`))();
    results.rows.open = await page.evaluate(rowCount);

    // The visitor scrolls back to the very first message: every message is then held.
    const scroller = page.locator('.messages__scroller');
    for (let i = 0; i < MESSAGES; i++) {
      if (await page.evaluate(hasRow, 'Hello from visitor 0')) break;
      const firstBefore = await page.evaluate(() => document.querySelector('.message-list > .message-row')?.textContent);
      await scroller.evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForFunction(
        (first) =>
          document.querySelector('.message-list > .message-row')?.textContent !== first && !document.querySelector('.message-list__older'),
        firstBefore,
      );
      results.rows.most = Math.max(results.rows.most ?? 0, await page.evaluate(rowCount));
    }
    results.rows.top = await page.evaluate(rowCount);
    process.stderr.write(`bench: all ${MESSAGES} messages held (${Math.round((performance.now() - started) / 1000)} s)\n`);
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });

    // Open with 2,000 held: back home, then "Continue conversation".
    for (let i = 0; i < RUNS; i++) {
      await page.getByRole('button', { name: 'Back' }).click();
      const button = page.getByRole('button', { name: 'Continue conversation' });
      await button.waitFor();
      const box = await button.boundingBox();
      const settled = await watch(page, 'row', `Message ${MESSAGES}`);
      await page.waitForTimeout(200);
      results.open.push(
        await measure(cdp, async () => {
          await clickAt(cdp, box);
          await settled();
        }),
      );
    }
    results.rows.reopened = await page.evaluate(rowCount);

    // Appends and typing, at the bottom of the conversation.
    for (let i = 0; i < RUNS * 2; i++) {
      await page.waitForTimeout(150);
      const content = `Appended ${i}`;
      const settled = await watch(page, 'row', content);
      results.append.push(
        await measure(cdp, async () => {
          await agentApi(server.origin, 'POST', `/conversations/${visitor.conversationId}/messages`, { content });
          await settled();
        }),
      );
    }
    for (let i = 0; i < RUNS * 2; i++) {
      await page.waitForTimeout(150);
      const settled = await watch(page, 'typing');
      results.typing.push(
        await measure(cdp, async () => {
          await agentApi(server.origin, 'POST', `/conversations/${visitor.conversationId}/toggle_typing_status`, { typing_status: 'on' });
          await settled();
        }),
      );
      const quiet = await watch(page, 'quiet');
      await agentApi(server.origin, 'POST', `/conversations/${visitor.conversationId}/toggle_typing_status`, { typing_status: 'off' });
      await quiet();
    }
    results.rows.end = await page.evaluate(rowCount);
    await context.close();
  });
  report(results, started);
}

function report(results, started) {
  const row = (what, runs, target) => [
    what,
    `${fmt(median(runs.map((r) => r.scriptMs)))} / ${fmt(
      quantile(
        runs.map((r) => r.scriptMs),
        0.9,
      ),
    )}`,
    `${fmt(median(runs.map((r) => r.taskMs)))}`,
    target,
    String(runs.length),
  ];
  console.log(`\nWren, a conversation of ${results.messages} messages, all held by the widget, at ${results.cpu}× CPU (ms)\n`);
  console.log(
    table(
      ['what', 'script, median / p90', 'all main-thread tasks, median', 'target', 'runs'],
      [
        row(`open it (${results.messages} held)`, results.open, '≤ 100 ms script'),
        row('append one agent message', results.append, '≤ 4 ms script'),
        row('an agent starts typing', results.typing, '–'),
        row('first load of the page (its latest 20 fetched, boot included)', results.firstLoad, '–'),
      ],
    ),
  );
  const { rows } = results;
  console.log(
    `\nMessage rows in the DOM: ${rows.open} on first load, at most ${rows.most} while scrolling back through all ${results.messages}, ${rows.top} at the top, ${rows.reopened} when reopened, ${rows.end} after ${results.append.length} appends.`,
  );
  console.log(`Script: CDP Performance.getMetrics ScriptDuration, from the action until two frames after its result shows.
${Math.round((performance.now() - started) / 1000)} s in all.`);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
