// CPU profiles of a server process for bench/servercpu.mjs: taken through the inspector of a
// process started with `--inspect=127.0.0.1:<port>` (so a profile covers one measured phase, not
// the start-up and set-up), written as `.cpuprofile` files (Chrome DevTools opens them), and read
// by self time.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

/** Connects to the inspector on `port`; resolves with `{ start(), stop() → profile, close() }`. */
export async function inspectorProfiler(port) {
  let target;
  for (let i = 0; i < 50 && !target; i++) {
    target = await fetch(`http://127.0.0.1:${port}/json/list`)
      .then((r) => r.json())
      .then((list) => list[0])
      .catch(() => undefined);
    if (!target) await sleep(100);
  }
  if (!target) throw new Error(`no inspector on 127.0.0.1:${port}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map();
  ws.on('message', (data) => {
    const reply = JSON.parse(data.toString());
    const settle = pending.get(reply.id);
    if (!settle) return;
    pending.delete(reply.id);
    if (reply.error) settle.reject(new Error(reply.error.message));
    else settle.resolve(reply.result);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  // 200 µs, a fifth of the default: a request costs about a millisecond.
  await call('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: () => call('Profiler.start'),
    stop: async () => (await call('Profiler.stop')).profile,
    close: () => ws.close(),
  };
}

/**
 * Where a bundle line comes from: esbuild writes `// server/routes/x.ts` before each module it
 * inlines, so the nearest such comment above a line names its source file.
 */
function bundleModules(path) {
  let lines;
  try {
    lines = readFileSync(path, 'utf8').split('\n');
  } catch {
    return () => undefined;
  }
  const starts = [];
  lines.forEach((line, i) => {
    const match = /^\/\/ ((?:server|src)\/\S+\.tsx?)$/.exec(line);
    if (match) starts.push([i, match[1]]);
  });
  return (line) => {
    let found;
    for (const [start, module] of starts) {
      if (start > line) break;
      found = module;
    }
    return found;
  };
}

/** Where a frame's code lives: a source file of the bundle, a package, Node itself, or native. */
function placeOf(callFrame, moduleAt, bundleUrl) {
  const { url, lineNumber } = callFrame;
  if (!url) return '(native or V8)';
  if (url === bundleUrl) return moduleAt(lineNumber) ?? 'server bundle';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/**
 * Self time of `profile` per function and per place (source file or package), most first, as
 * shares of the samples' total: `{ totalMs, functions: [{ name, place, ms, share }], places }`.
 */
export function selfTime(profile, bundlePath) {
  const bundleUrl = `file://${bundlePath}`;
  const moduleAt = bundleModules(bundlePath);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const functions = new Map();
  const places = new Map();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    // Node does not tell the profiler when it waits for I/O: that time is "(program)", with "(idle)".
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    totalUs += us;
    const place = placeOf(callFrame, moduleAt, bundleUrl);
    const key = `${callFrame.functionName || '(anonymous)'}\u0000${place}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const ranked = (map, shape) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([key, us]) => ({ ...shape(key), ms: us / 1000, share: us / totalUs }));
  return {
    totalMs: totalUs / 1000,
    functions: ranked(functions, (key) => {
      const [name, where] = key.split('\u0000');
      return { name, place: where };
    }),
    places: ranked(places, (place) => ({ place })),
  };
}
