import { launcherStrings } from '../../../scripts/launcherStrings.mjs';
import type { HostStrings } from '../../../src/sdk/runtime/hostStrings';

/**
 * The runtime's lazy parts (src/sdk/runtime/lazyParts.ts) as a test loads them: the real modules
 * from source instead of the built files beside the runtime. Install in a test file with
 * `vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'))`.
 */
export const loadCampaignMatcher = () => import('../../../src/sdk/runtime/campaigns');

export const loadNotice = () => import('../../../src/sdk/runtime/notice');

/** Every language the runtime asked for, in order. */
export const requestedLanguages: string[] = [];

export async function loadHostStrings(locale: string): Promise<HostStrings> {
  requestedLanguages.push(locale);
  const { default: strings } = await import(`../../../locales/${locale}.json`);
  return launcherStrings(strings) as unknown as HostStrings;
}
