import { dueCampaigns, isSnoozed, urlPatternFor, type CampaignTrigger, type UrlPatternPolyfill } from '../../shared/campaigns';

/** `sdk-urlpattern-<hash>.js`, urlpattern-polyfill's file, named to the matcher by build.mjs. */
declare const __WREN_URL_PATTERN__: string;

/**
 * The URLPattern polyfill, beside the matcher under /packs/js (the widget fetches the same file).
 * Its address is relative to this file, held in a variable: left to the browser, not to the bundler.
 */
const loadUrlPatternPolyfill: UrlPatternPolyfill = () => {
  const file = `./${__WREN_URL_PATTERN__}`;
  return import(/* @vite-ignore */ file);
};

/**
 * Whether a first-time visitor's page should load the chat frame for a campaign: the inbox's
 * campaigns (`GET /campaigns`, fetched by `sdk.js`) include one whose URL pattern matches the
 * page, and campaigns are not snoozed. Business hours are left to the widget, which knows
 * them; a frame loaded for a campaign that then does not fire costs only the frame. A campaign
 * in URLPattern syntax is matched with the browser's `URLPattern`, or without one with the
 * polyfill, fetched only then (`urlPatternFor`): here as in the widget.
 * Anything that is not a list of campaigns (an error body, say) matches nothing.
 */
export async function campaignWantsFrame(
  campaigns: unknown,
  pageUrl: string,
  snoozedUntil: number | undefined,
  now = Date.now(),
  polyfill = loadUrlPatternPolyfill,
): Promise<boolean> {
  if (!Array.isArray(campaigns) || isSnoozed(snoozedUntil, now)) return false;
  const valid = campaigns.filter((c): c is CampaignTrigger => !!c && typeof c === 'object');
  const URLPattern = await urlPatternFor(valid, polyfill);
  return dueCampaigns(valid, { pageUrl, inBusinessHours: true, snoozedUntil, now, URLPattern }).length > 0;
}
