import type { Signal } from '@preact/signals-react';
import * as endpoints from '../api/endpoints';
import type { CampaignResponse, Endpoint } from '../api/endpoints';
import type { Request } from './request';

/** What a start reads and sets: the campaigns model's signals (`state/campaigns.ts`). */
export interface CampaignStartSignals {
  starting: Signal<boolean>;
  failed: Signal<Endpoint<void> | null>;
  hasError: Signal<boolean>;
}

/**
 * The visitor clicked a campaign (docs/behaviour.md#campaigns): `campaign.triggered`, from which
 * the server starts the conversation with the campaign's message, with the conversation
 * attributes a pre-chat form asked for. In the campaigns chunk: only a campaign shown can be
 * clicked, and showing one loaded it.
 */
export const campaignTrigger = (campaign: CampaignResponse, referer: string, customAttributes?: Record<string, unknown>) =>
  endpoints.triggerCampaign({
    campaign_id: campaign.id,
    custom_attributes: customAttributes,
    initiated_at: { timestamp: new Date().toString() },
    referer,
  });

/** Sends a campaign's start; resolves whether it started, and keeps a failed one to be sent again as it was. */
export async function startCampaign(request: Request, signals: CampaignStartSignals, trigger: Endpoint<void>): Promise<boolean> {
  const { starting, failed, hasError } = signals;
  starting.value = true;
  failed.value = null;
  try {
    await request(trigger);
    hasError.value = false;
    return true;
  } catch {
    // docs/behaviour.md#campaigns: the error flag, and the visitor told it did not start.
    hasError.value = true;
    failed.value = trigger;
    return false;
  } finally {
    starting.value = false;
  }
}
