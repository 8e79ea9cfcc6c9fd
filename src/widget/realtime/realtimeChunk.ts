import { loadOnce } from '../lib/loadOnce';

/**
 * The realtime connection's chunk, loaded once: when there is something to hear (the shell),
 * or ahead of need once the frame is idle after its first paint (`App`).
 */
export const realtimeChunk = loadOnce(() => import('./connect'));
