import { loadOnce } from '../lib/loadOnce';

/**
 * The site's calls the first paint never needs (`state/siteCalls.ts`): `setConsent(false)`'s
 * forgetting, `sendMessage`, and the calls on custom attributes and labels; fetched by the first
 * such call (`state/hostActions.ts`).
 */
export const siteCallsChunk = loadOnce(() => import('../state/siteCalls'));
