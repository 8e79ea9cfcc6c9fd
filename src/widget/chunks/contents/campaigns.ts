/**
 * The campaigns chunk: matching, snooze and the time-on-page timers (`lib/campaigns.ts`), and the
 * start of a clicked campaign's conversation (`state/campaignStart.ts`), which only a campaign the
 * timers showed can need.
 */
export { dueCampaigns, isSnoozed, snoozeUntil } from '../../../shared/campaigns';
export { createCampaignTimers, urlPatternFor } from '../../lib/campaigns';
export { campaignTrigger, startCampaign } from '../../state/campaignStart';
