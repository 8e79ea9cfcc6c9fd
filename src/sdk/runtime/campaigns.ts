import { dueCampaigns, isSnoozed, nativeUrlPattern, type CampaignTrigger } from '../../shared/campaigns';

/**
 * Whether a first-time visitor's page should load the chat frame for a campaign: the inbox's
 * campaigns (`GET /campaigns`, fetched by `sdk.js`) include one whose URL pattern matches the
 * page, and campaigns are not snoozed. Business hours are left to the widget, which knows
 * them; a frame loaded for a campaign that then does not fire costs only the frame. A campaign
 * in URLPattern syntax matches nothing in a browser without `URLPattern`, here as in the widget.
 * Anything that is not a list of campaigns (an error body, say) matches nothing.
 */
export function campaignWantsFrame(campaigns: unknown, pageUrl: string, snoozedUntil: number | undefined, now = Date.now()): boolean {
  if (!Array.isArray(campaigns) || isSnoozed(snoozedUntil, now)) return false;
  const valid = campaigns.filter((c): c is CampaignTrigger => !!c && typeof c === 'object');
  return dueCampaigns(valid, { pageUrl, inBusinessHours: true, snoozedUntil, now, URLPattern: nativeUrlPattern() }).length > 0;
}
