import { loadOnce } from '../lib/loadOnce';

/**
 * Campaign matching, snooze and the time-on-page timers (`lib/campaigns.ts`): only an inbox that
 * runs campaigns fetches it (`state/campaigns.ts`).
 */
export const campaignsChunk = loadOnce(() => import('../lib/campaigns'));
