// What the loader benchmark watches inside the page: installed with context.addInitScript, so
// it runs in every frame (the host page and the chat frame) before their own scripts.

/**
 * In the host page: when sdk.js has run, how long `run()` blocks, when the launcher is painted,
 * long tasks and long animation frames, and the first pointerdown (`__benchMark('click')`).
 * In the chat frame: when "Start Conversation" is usable (`__benchMark('usable')`), a pointerdown
 * in it (`'start'`), and when the composer is usable (`'composer'`).
 */
export function probe() {
  // Also a user timing mark, so a trace (bench/lib/profiles.mjs) has it in its own clock.
  const mark = (name) => {
    performance.mark(`wren-bench:${name}`);
    return window.__benchMark?.(name).catch(() => undefined);
  };
  const nextPaint = (then) => requestAnimationFrame(() => setTimeout(then));
  if (location.pathname === '/widget') {
    // The chat frame: usable once "Start Conversation" is laid out, visible and enabled (and
    // painted); the composer likewise.
    const usable = (element) => {
      if (!element || element.disabled) return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility === 'visible';
    };
    const checks = {
      usable: () => usable([...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Start Conversation')),
      composer: () => usable(document.querySelector('textarea[aria-label="Type your message"]')),
    };
    const observer = new MutationObserver(() => {
      for (const [name, check] of Object.entries(checks)) {
        if (!check()) continue;
        delete checks[name];
        nextPaint(() => mark(name));
      }
      if (!Object.keys(checks).length) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    addEventListener('pointerdown', () => mark('start'), { capture: true });
    return;
  }
  if (window !== window.top) return;
  const bench = (window.__bench = { sdkAt: NaN, runMs: NaN, launcherAt: NaN, launcherVisible: false, longTasks: [], loafScripts: [] });
  // sdk.js ends by assigning window.chatwootSDK: note when, and time the snippet's run() call.
  let sdk;
  Object.defineProperty(window, 'chatwootSDK', {
    configurable: true,
    get: () => sdk,
    set(value) {
      bench.sdkAt = performance.now();
      const run = value.run;
      sdk = {
        ...value,
        run(...args) {
          const start = performance.now();
          try {
            return run.apply(this, args);
          } finally {
            bench.runMs = performance.now() - start;
            const bubble = document.getElementById('wren-chat')?.shadowRoot?.querySelector('.bubble');
            nextPaint(() => {
              const rect = bubble?.getBoundingClientRect();
              bench.launcherVisible = !!rect && rect.width > 0 && getComputedStyle(bubble).visibility === 'visible';
              bench.launcherAt = performance.now();
            });
          }
        },
      };
    },
  });
  try {
    new PerformanceObserver((list) => bench.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({
      type: 'longtask',
      buffered: true,
    });
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries())
        for (const s of frame.scripts ?? []) bench.loafScripts.push({ ms: s.duration, invoker: s.invoker, source: s.sourceURL });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // entry types this browser lacks
  }
  addEventListener('pointerdown', () => mark('click'), { capture: true, once: true });
}
