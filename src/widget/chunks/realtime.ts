import { loadOnce } from '../lib/loadOnce';

/**
 * The realtime connection (`contents/realtime.ts`): fetched once there is something to hear, a
 * conversation or an open window (`main.tsx`).
 */
export const realtimeChunk = loadOnce(() => import('./contents/realtime'));
