import { signal, type ReadonlySignal } from '@preact/signals-react';
import * as endpoints from '../api/endpoints';
import type { CampaignResponse, Endpoint } from '../api/endpoints';
import type * as CampaignLogic from '../chunks/contents/campaigns';
import type { UrlPatternConstructor } from '../../shared/campaigns';
import { campaignsChunk } from '../chunks/campaigns';
import type { Request } from './request';

/**
 * Proactive campaigns (docs/behaviour.md#campaigns): fetched once, armed for the page the host reports, and
 * shown only when their timer fires while the widget is closed and the visitor has no
 * conversation yet. The matching and timer logic is a lazy chunk: most inboxes run none.
 */
export function createCampaignsModel(request: Request, canShow: () => boolean) {
  const campaigns = signal<CampaignResponse[]>([]);
  const active = signal<CampaignResponse | null>(null);
  const snoozedUntil = signal(0);
  const hasError = signal(false);
  // A clicked campaign's conversation is being started (Chatwoot's `isCreating`), or its start
  // failed and is kept to be sent again as it was.
  const starting = signal(false);
  const failed = signal<Endpoint<void> | null>(null);
  let pageUrl = '';
  let inBusinessHours = true;
  let logic: typeof CampaignLogic | undefined;
  let URLPattern: UrlPatternConstructor | undefined;
  let timers: ReturnType<typeof CampaignLogic.createCampaignTimers<CampaignResponse>> | undefined;

  const arm = () => {
    if (!logic || !timers || !pageUrl) return;
    timers.arm(
      logic.dueCampaigns(campaigns.value, { pageUrl, inBusinessHours, snoozedUntil: snoozedUntil.value, now: Date.now(), URLPattern }),
    );
  };

  const startSignals = { starting, failed, hasError };

  async function apply(list: CampaignResponse[]) {
    campaigns.value = list;
    hasError.value = false;
    if (list.length === 0) return;
    try {
      logic = await campaignsChunk.load();
      URLPattern = await logic.urlPatternFor(list);
    } catch {
      hasError.value = true;
      return;
    }
    timers = logic.createCampaignTimers<CampaignResponse>({ setTimeout, clearTimeout }, (campaign) => {
      if (canShow() && !logic!.isSnoozed(snoozedUntil.value, Date.now())) active.value = campaign;
    });
    arm();
  }

  return {
    campaigns: campaigns as ReadonlySignal<CampaignResponse[]>,
    active: active as ReadonlySignal<CampaignResponse | null>,
    snoozedUntil: snoozedUntil as ReadonlySignal<number>,
    hasError: hasError as ReadonlySignal<boolean>,
    /** A clicked campaign's conversation is being started. */
    starting: starting as ReadonlySignal<boolean>,
    /** The start of a campaign's conversation that did not go through, until it is tried again. */
    failed: failed as ReadonlySignal<Endpoint<void> | null>,
    async fetch() {
      let list: CampaignResponse[];
      try {
        list = await request(endpoints.getCampaigns());
      } catch {
        // docs/protocol.md#widget-api: a failed campaign fetch sets an error flag; the chat works without them.
        hasError.value = true;
        return;
      }
      await apply(list);
    },
    /** Arms the campaigns the page's data carried (docs/protocol.md#the-data-block), as `fetch` does with its answer. */
    apply,
    /** The host's page changed (or first load): re-arm timers for campaigns matching it. */
    setPage(url: string, businessHours: boolean) {
      pageUrl = url;
      inBusinessHours = businessHours;
      arm();
    },
    /** The host's snooze cookie (`config-set`): campaigns stay away until then. */
    restoreSnooze(until: number) {
      snoozedUntil.value = until;
    },
    snooze(now = Date.now()) {
      if (logic) snoozedUntil.value = logic.snoozeUntil(now);
      active.value = null;
      timers?.clear();
    },
    /** A conversation resolved: the campaign may run again (docs/behaviour.md#campaigns). */
    reset() {
      active.value = null;
    },
    /**
     * The visitor clicked the campaign: it starts the conversation with the campaign's message,
     * with the conversation attributes a pre-chat form asked for (`campaignStart.ts`, in the
     * chunk that showing the campaign loaded). Resolves whether it started; a failure is kept for `retry`.
     */
    async execute(referer: string, customAttributes?: Record<string, unknown>): Promise<boolean> {
      const campaign = active.value;
      if (!campaign || !logic) return false;
      active.value = null;
      timers?.clear();
      return logic.startCampaign(request, startSignals, logic.campaignTrigger(campaign, referer, customAttributes));
    },
    /** Sends the start that did not go through again, as it was first sent. */
    retry: async (): Promise<boolean> => !!logic && !!failed.value && logic.startCampaign(request, startSignals, failed.value),
  };
}

export type CampaignsModel = ReturnType<typeof createCampaignsModel>;
