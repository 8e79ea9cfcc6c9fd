import { loadOnce } from '../lib/loadOnce';

/**
 * The site's rare calls (`state/siteCalls.ts`): `setConsent(false)`'s forgetting and
 * `sendMessage`, fetched by the first such call (`state/hostActions.ts`).
 */
export const siteCallsChunk = loadOnce(() => import('../state/siteCalls'));
