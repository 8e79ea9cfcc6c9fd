/**
 * Preloaded (`--import`) into a server process started by `serverProcess.ts`: answers the test's
 * `memory` message over IPC with the heap after two full collections (`--expose-gc`), so what
 * the test reads is what the server still holds, not garbage it has yet to collect.
 */
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.send({ heapUsed, rss });
});
// The IPC channel must not keep a server alive that was told to stop.
process.channel?.unref();
