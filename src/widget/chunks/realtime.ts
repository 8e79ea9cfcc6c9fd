import { loadOnce } from '../lib/loadOnce';

/**
 * The realtime connection with the conversation's flow and its outbox (`contents/realtime.ts`).
 * Fetched once there is something to hear (`main.tsx`), ahead of need once the frame is idle
 * after its first paint (`views/App.tsx`), and by the conversation's route (`routeViews.ts`).
 */
export const realtimeChunk = loadOnce(() => import('./contents/realtime'));
