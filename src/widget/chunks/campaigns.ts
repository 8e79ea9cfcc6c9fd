import { loadOnce } from '../lib/loadOnce';

/**
 * Campaign matching, snooze, the time-on-page timers and a clicked campaign's start
 * (`contents/campaigns.ts`): only an inbox that runs campaigns fetches it (`state/campaigns.ts`).
 */
export const campaignsChunk = loadOnce(() => import('./contents/campaigns'));
