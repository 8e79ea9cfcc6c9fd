import { loadOnce } from '../lib/loadOnce';

/**
 * The realtime connection's chunk, loaded once: when there is something to hear (the shell),
 * or ahead of need once the frame is idle after its first paint (`App`). It carries the
 * conversation's flow with the outbox too (sending and retrying, `connect.ts`; main.tsx hands it
 * to the widget's state): the conversation view needs both, and as a chunk of its own the outbox
 * was one more request on every open.
 */
export const realtimeChunk = loadOnce(() => import('./connect'));
