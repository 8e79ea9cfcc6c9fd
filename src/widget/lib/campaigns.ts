/**
 * The widget's campaign timers and the URLPattern its campaigns need, in the campaigns chunk with
 * the shared matching and snooze rules (chunks/contents/campaigns.ts): most inboxes run none.
 */
import { urlPatternChunk } from '../chunks/urlPattern';
import { urlPatternFor as sharedUrlPatternFor, type CampaignTrigger, type UrlPatternConstructor } from '../../shared/campaigns';

/**
 * The `URLPattern` the inbox's campaigns need (shared/campaigns.ts `urlPatternFor`): the
 * polyfill, where the browser has none, is fetched only for a campaign in URLPattern syntax.
 */
export const urlPatternFor = (campaigns: readonly CampaignTrigger[]): Promise<UrlPatternConstructor | undefined> =>
  sharedUrlPatternFor(campaigns, urlPatternChunk.load);

/** The two timer functions the campaign timers need; pass `window` or fake timers. */
export interface TimerFunctions {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
}

/** Timers for time-on-page; `arm` replaces every pending timer, `clear` drops them. */
export interface CampaignTimers<T> {
  arm(campaigns: readonly T[]): void;
  clear(): void;
}

/**
 * One timer per campaign of `time_on_page × 1000` ms (docs/behaviour.md#constants). Arming again — the host page
 * changed URL in a single-page app — first clears the old page's timers so they cannot fire
 * there. A missing or negative `time_on_page` fires on the next tick, as Chatwoot's would.
 */
export function createCampaignTimers<T extends CampaignTrigger>(timers: TimerFunctions, onFire: (campaign: T) => void): CampaignTimers<T> {
  // Taken off the object so `window.setTimeout` is never called with a foreign `this`, which
  // browsers reject with "Illegal invocation".
  const { setTimeout: schedule, clearTimeout: cancel } = timers;
  const pending = new Set<unknown>();
  const clear = () => {
    for (const handle of pending) cancel(handle as never);
    pending.clear();
  };
  return {
    arm(campaigns) {
      clear();
      for (const campaign of campaigns) {
        const seconds = Math.max(0, Number(campaign.trigger_rules?.time_on_page) || 0);
        const handle = schedule(() => {
          pending.delete(handle);
          onFire(campaign);
        }, seconds * 1000);
        pending.add(handle);
      }
    },
    clear,
  };
}
